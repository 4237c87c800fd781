"""Settings, read from the environment through small typed helpers that fail loudly.

Embedded defaults (SQLite file, Redis on 127.0.0.1:6379) are for `make demo` and
development; production sets DATABASE_URL, REDIS_URL, SECRET_KEY and DEBUG=0.
"""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    if raw.lower() in ("1", "true", "yes", "on"):
        return True
    if raw.lower() in ("0", "false", "no", "off", ""):
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from exc


def env_list(name: str, default: str) -> list[str]:
    return [x.strip() for x in env_str(name, default).split(",") if x.strip()]


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY", "")
if not SECRET_KEY and (DEBUG or env_bool("RECOVERY_DEV", False)):
    from recovery_site.secret import dev_secret_key

    # Generated once per install (0600), never a public fallback.
    SECRET_KEY = dev_secret_key(
        Path(env_str("RECOVERY_SECRET_KEY_FILE", str(BASE_DIR / "var" / "secret_key")))
    )
# Otherwise it stays empty: offline commands sign nothing and run without one; the ASGI/WSGI
# entry points refuse to start (recovery_site.secret.require_secret_key).
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "http://127.0.0.1:8000,http://localhost:8000")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "channels",
    "monitoring",
    "incidents",
    "actions",
]

MIDDLEWARE = [
    "recovery_site.middleware_dbdown.DatabaseDownMiddleware",  # a plain 503 when PostgreSQL is down
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "recovery_site.free_text.RefuseControlCharacters",  # no NUL or escape in any free-text field
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "recovery_site.client_ip.LoginAddressThrottle",  # many failures from one address: 429 for minutes
    # Last: it turns a locked-out login into a 429.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "recovery_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "recovery_site.context.roles",
            ],
        },
    },
]

WSGI_APPLICATION = "recovery_site.wsgi.application"
ASGI_APPLICATION = "recovery_site.asgi.application"

SQLITE_PATH = env_str("SQLITE_PATH", str(BASE_DIR / "var" / "recovery.sqlite3"))
DATABASE_URL = env_str("DATABASE_URL", "")
if DATABASE_URL:
    # Under ASGI (daphne) each request runs in a thread of its own, so a persistent connection
    # (CONN_MAX_AGE > 0) is one more open connection per request until it is garbage-collected:
    # 210 requests exhausted max_connections=50 (issue 14). On PostgreSQL connections therefore
    # come from Django's psycopg pool (bounded, checked before reuse); DB_POOL=0 falls back to
    # CONN_MAX_AGE (seconds, for WSGI/Celery-only deployments) with health checks.
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=env_int("CONN_MAX_AGE", 60), conn_health_checks=True
        )
    }
    DB_POOL_MAX_SIZE = env_int("DB_POOL_MAX_SIZE", 10)  # per process: daphne, each Celery worker
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool("DB_POOL", True):
        DATABASES["default"]["CONN_MAX_AGE"] = 0  # Django refuses persistent connections with a pool
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": min(env_int("DB_POOL_MIN_SIZE", 2), DB_POOL_MAX_SIZE),
            "max_size": DB_POOL_MAX_SIZE,
            "timeout": env_int("DB_POOL_TIMEOUT", 10),  # seconds a request waits for a free connection
        }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": SQLITE_PATH,
            # daphne, a Celery worker and beat write at once: take the write lock up front.
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL;",
            },
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Login throttling (django-axes, recovery_site/client_ip.py): the AXES_FAILURE_LIMIT-th wrong password
# for a user name from one client address locks that pair for AXES_COOLOFF_HOURS (or until
# `manage.py axes_reset_username NAME`); the same user from elsewhere, and other users from there,
# still log in. An address failing RECOVERY_LOGIN_ADDRESS_LIMIT times across user names within
# RECOVERY_LOGIN_ADDRESS_WINDOW_S is refused (429) until the window moves on. Behind a reverse
# proxy, list it in RECOVERY_TRUSTED_PROXIES: its X-Forwarded-For then names the client.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = float(env_str("AXES_COOLOFF_HOURS", "1"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]  # the pair: a guesser locks out only themselves
AXES_CLIENT_IP_CALLABLE = "recovery_site.client_ip.client_ip"
RECOVERY_TRUSTED_PROXIES = env_list("RECOVERY_TRUSTED_PROXIES", "")
for _proxy in RECOVERY_TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError as _exc:
        raise ImproperlyConfigured(
            f"RECOVERY_TRUSTED_PROXIES: {_proxy!r} is not an address or network"
        ) from _exc
RECOVERY_LOGIN_ADDRESS_LIMIT = env_int("RECOVERY_LOGIN_ADDRESS_LIMIT", 100)
RECOVERY_LOGIN_ADDRESS_WINDOW_S = env_int("RECOVERY_LOGIN_ADDRESS_WINDOW_S", 600)
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = env_str("STATIC_ROOT", "") or None  # set it in production for collectstatic
# Served by the app itself (no CDN, no collectstatic needed for the demo).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

LOGIN_URL = "/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/login/"

REDIS_URL = env_str("REDIS_URL", "redis://127.0.0.1:6379/0")

CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL)
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
# `make demo` sets its own ("recovery-demo"), so a demo and a test run never take each other's tasks.
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_TASK_DEFAULT_QUEUE", "celery")
CELERY_BEAT_SCHEDULE_FILENAME = str(BASE_DIR / "var" / "celerybeat-schedule")
RECOVERY_TICK_SECONDS = float(env_str("RECOVERY_TICK_SECONDS", "2"))
# Every cluster's ticks go to one shared queue, "<default>-ticks", that every worker taking the
# default queue also takes (issue 26: no static shard, so no shard without a consumer).
# Crash safety (issue 10). A worker killed mid-task hands its message back (acks_late +
# reject_on_worker_lost); every task stops within its hard limit, and a message unacked for
# longer than the limit plus margin is redelivered by Redis (visibility timeout). Executions
# are idempotent, and the reconciler (actions.services.reconcile) covers what the queue loses.
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fix-up closes a prefork process's connection pool before and after every task
# unless this is set: every tick then opened a pool and connected to PostgreSQL afresh (issue 26:
# about a tenth of a worker's time at 50 clusters). The pool now lasts this many tasks; a task that
# fails on the database closes it at once (recovery_site/celery.py), so a restarted PostgreSQL
# costs one failed task, not a check of every dead connection left in the pool.
CELERY_DB_REUSE_MAX = env_int("CELERY_DB_REUSE_MAX", 100)
CELERY_TASK_SOFT_TIME_LIMIT = float(env_str("CELERY_TASK_SOFT_TIME_LIMIT", "90"))
CELERY_TASK_TIME_LIMIT = float(env_str("CELERY_TASK_TIME_LIMIT", "120"))
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": int(CELERY_TASK_TIME_LIMIT) + 60}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Outbox deadlines: an approved intent nobody picked up is dispatched again after this long;
# one left executing is checked against the scheduler after the execution deadline.
RECOVERY_DISPATCH_DEADLINE_S = float(env_str("RECOVERY_DISPATCH_DEADLINE_S", "15"))
RECOVERY_EXECUTION_DEADLINE_S = float(
    env_str("RECOVERY_EXECUTION_DEADLINE_S", str(CELERY_TASK_TIME_LIMIT + 30))
)
RECOVERY_MAX_DISPATCHES = int(env_str("RECOVERY_MAX_DISPATCHES", "5"))
# The analyser lock lives this long unless the running tick renews it (a dead tick's lock
# frees within it); callers that need the world wait at most RECOVERY_LOCK_WAIT_S, then say busy.
RECOVERY_LOCK_TTL_S = float(env_str("RECOVERY_LOCK_TTL_S", "6"))
RECOVERY_LOCK_WAIT_S = float(env_str("RECOVERY_LOCK_WAIT_S", "10"))
# Past this long without a successful tick, pages show "controller blind since ..." and on-call is told.
RECOVERY_BLIND_AFTER_S = float(env_str("RECOVERY_BLIND_AFTER_S", "30"))
RECOVERY_SLURM_TIMEOUT_S = float(env_str("RECOVERY_SLURM_TIMEOUT_S", "30"))
# REST mode: how long a token the controller signs with the site's JWT key lives; a new one is
# signed a fifth of that before it expires (monitoring/slurm/jwt.py).
RECOVERY_REST_TOKEN_LIFESPAN_S = float(env_str("RECOVERY_REST_TOKEN_LIFESPAN_S", "1800"))
# Kernel logs (monitoring/collectors/kernel.py, kernel_stream.py, docs/OPERATIONS.md "Kernel logs").
# SSH fan-out reads this many nodes at a time (1 = one after the other). In SSH mode all of them
# share the one SSH connection to the login node, which runs at most RECOVERY_SSH_MAX_CHANNELS
# commands at once (the others wait for a channel): its sshd refuses sessions past MaxSessions
# (OpenSSH's default 10, SFTP holding one). Raise both only after raising MaxSessions there.
RECOVERY_KERNEL_POLL_WORKERS = env_int("RECOVERY_KERNEL_POLL_WORKERS", 8)
RECOVERY_SSH_MAX_CHANNELS = env_int("RECOVERY_SSH_MAX_CHANNELS", 8)
# A filtered audit log counts its records up to this many, then says "more than" (incidents.audit.paging).
RECOVERY_AUDIT_COUNT_BOUND = env_int("RECOVERY_AUDIT_COUNT_BOUND", 10_000)
# kernel_log_command = "agent": a tick reads at most this many stream entries (a backlog drains over
# several ticks), and names the nodes whose agent has not beaten for this long.
RECOVERY_KERNEL_STREAM_COUNT = env_int("RECOVERY_KERNEL_STREAM_COUNT", 50_000)
RECOVERY_KERNEL_AGENT_SILENT_S = float(env_str("RECOVERY_KERNEL_AGENT_SILENT_S", "60"))

CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        # `make demo` sets its own prefix, so its live updates never reach a test's websocket (or back).
        "CONFIG": {"hosts": [REDIS_URL], "prefix": env_str("RECOVERY_CHANNEL_PREFIX", "asgi")},
    }
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first, so a bad token gets 401 with a WWW-Authenticate header.
        # The one token system: hashed, revocable, audited; "Token" or "Bearer" (actions/api/auth.py).
        "actions.api.auth.BearerTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Recovery controller API",
    "VERSION": "0.1.0",
    # The schema and its Swagger/Redoc pages are for logged-in users only, and served from here (no CDN).
    "SERVE_PERMISSIONS": ["rest_framework.permissions.IsAuthenticated"],
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {"AutonomyEnum": "monitoring.choices.Autonomy"},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # paramiko logs every connection at INFO.
    "loggers": {"paramiko": {"level": "WARNING"}},
}

# Redis key prefix (tests use their own so they never touch a running demo's state).
RECOVERY_REDIS_PREFIX = env_str("RECOVERY_REDIS_PREFIX", "recovery")
# The built-in simulator: mean seconds between randomly drawn faults (0 = only injected ones).
SIM_FAULT_MEAN_INTERVAL_S = float(env_str("SIM_FAULT_MEAN_INTERVAL_S", "90"))
SIM_SEED = env_int("SIM_SEED", 7)
SIM_NODES = env_int("SIM_NODES", 32)  # size of a new simulated cluster (jobs in proportion)
# Webhooks for approvals waiting, escalations and storm-breaker trips (actions/services/notify.py):
# comma-separated URLs, each optionally "slack=URL" or "json=URL".
RECOVERY_WEBHOOKS = env_str("RECOVERY_WEBHOOKS", "")
RECOVERY_WEBHOOK_BACKOFF_S = float(env_str("RECOVERY_WEBHOOK_BACKOFF_S", "10"))
# The outbox sweep (actions.notify.resend_undelivered, every minute) enqueues again a message whose
# delivery task has not run this many seconds after it was due (its enqueue lost in a crash, or by an
# emptied broker). 0 = the broker's visibility timeout + 30 s (at least 120 s): what a dead worker held
# unacknowledged is redelivered by the broker first, not enqueued twice.
RECOVERY_WEBHOOK_RESEND_AFTER_S = float(env_str("RECOVERY_WEBHOOK_RESEND_AFTER_S", "0"))
# Where operators reach the dashboard, for links in notifications ("" = no link).
RECOVERY_BASE_URL = env_str("RECOVERY_BASE_URL", "")
# Prometheus scrapes /metrics with "Authorization: Bearer <this>". Unset: only loopback clients of a
# development run (the demo) may scrape; production without a token answers 403 (actions/views/ops.py).
RECOVERY_METRICS_TOKEN = env_str("RECOVERY_METRICS_TOKEN", "")
RECOVERY_DEV = env_bool("RECOVERY_DEV", False)
# PagerDuty Events v2 and Alertmanager-compatible receivers, paged along the incident's life
# (actions/services/paging.py). Routing key: the PagerDuty service integration key; unset = no PagerDuty.
RECOVERY_PAGERDUTY_ROUTING_KEY = env_str("RECOVERY_PAGERDUTY_ROUTING_KEY", "")
RECOVERY_PAGERDUTY_URL = env_str("RECOVERY_PAGERDUTY_URL", "https://events.pagerduty.com/v2/enqueue")
RECOVERY_ALERTMANAGER_WEBHOOKS = env_list("RECOVERY_ALERTMANAGER_WEBHOOKS", "")

# The audit trail's defences against someone who controls the database (incidents/audit/keys.py,
# incidents/audit/witnessing.py, docs/SECURITY.md): HMAC keys and the head's witness live outside it.
RECOVERY_AUDIT_KEY_FILE = env_str("RECOVERY_AUDIT_KEY_FILE", "")
RECOVERY_AUDIT_KEY = env_str("RECOVERY_AUDIT_KEY", "")
# Where keyed records begin, for the one-key form (a keyring file says it as "@keyed-from SEQ").
RECOVERY_AUDIT_KEYED_FROM = env_str("RECOVERY_AUDIT_KEYED_FROM", "")
RECOVERY_AUDIT_DEV_KEY_FILE = env_str("RECOVERY_AUDIT_DEV_KEY_FILE", str(BASE_DIR / "var" / "audit.key"))
RECOVERY_AUDIT_WITNESS_FILE = env_str("RECOVERY_AUDIT_WITNESS_FILE", "")
RECOVERY_AUDIT_WITNESS_SIGNING_KEY = env_str("RECOVERY_AUDIT_WITNESS_SIGNING_KEY", "")
RECOVERY_AUDIT_WITNESS_PUBLIC_KEY = env_str("RECOVERY_AUDIT_WITNESS_PUBLIC_KEY", "")
RECOVERY_AUDIT_WITNESS_INTERVAL_S = float(env_str("RECOVERY_AUDIT_WITNESS_INTERVAL_S", "1"))
RECOVERY_AUDIT_SYSLOG = env_str("RECOVERY_AUDIT_SYSLOG", "")
# The beat walks the whole chain this often (a failure is a red banner on every page and one escalation).
RECOVERY_AUDIT_VERIFY_INTERVAL_S = float(env_str("RECOVERY_AUDIT_VERIFY_INTERVAL_S", "3600"))
if RECOVERY_AUDIT_SYSLOG:
    LOGGING["handlers"]["audit_syslog"] = {
        "class": "logging.handlers.SysLogHandler",
        "address": RECOVERY_AUDIT_SYSLOG,
    }
    LOGGING["loggers"]["recovery.audit.witness"] = {
        "handlers": ["audit_syslog", "console"],
        "level": "INFO",
        "propagate": False,
    }

# One switch for production behind TLS: HSTS, redirect to https, cookies only over https.
# (RECOVERY_PROXY_SSL_HEADER=1 when a proxy terminates TLS and sets X-Forwarded-Proto.)
RECOVERY_HTTPS = env_bool("RECOVERY_HTTPS", False)
if RECOVERY_HTTPS:
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
if env_bool("RECOVERY_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Content-Security-Policy (django-csp): every script, style, font and image comes from this
# server; no inline script or style, no plugin, no framing. Websockets go back to the same origin.
# plotly.js would write its own <style> rules at run time: they are in static/css/plotly.css,
# which base.html links under the id plotly.js looks for first (issue 25). Only /api/redoc/
# (a third-party page whose styled-components write <style> elements) adds 'unsafe-inline'.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
# The recorded event stream (actions/services/record.py): per cluster, gzip'd JSONL segments
# per hour under this directory, kept for the retention window and capped in size per cluster.
RECOVERY_RECORD = env_bool("RECOVERY_RECORD", True)
RECOVERY_RECORD_DIR = env_str("RECOVERY_RECORD_DIR", str(BASE_DIR / "var" / "record"))
RECOVERY_RECORD_RETENTION_DAYS = float(env_str("RECOVERY_RECORD_RETENTION_DAYS", "14"))
RECOVERY_RECORD_MAX_MB = float(env_str("RECOVERY_RECORD_MAX_MB", "512"))
# The readiness panel's what-if replay (one rung up, over the recorded window) is cached this long.
RECOVERY_READINESS_WHATIF_CACHE_S = float(env_str("RECOVERY_READINESS_WHATIF_CACHE_S", "900"))
# A page that misses that cache replays inline only up to this much record (compressed; ~5 s of
# replay); above it the replay is queued for a worker and readiness says it is pending.
RECOVERY_READINESS_INLINE_MAX_BYTES = int(
    env_str("RECOVERY_READINESS_INLINE_MAX_BYTES", str(4 * 1024 * 1024))
)
