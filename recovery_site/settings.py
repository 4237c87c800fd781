"""Settings, read from the environment through small typed helpers that fail loudly.

Embedded defaults (SQLite file, Redis on 127.0.0.1:6379) are for `make demo` and
development; production sets DATABASE_URL, REDIS_URL, SECRET_KEY and DEBUG=0.
"""

from __future__ import annotations

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
if not SECRET_KEY:
    if not (DEBUG or env_bool("RECOVERY_DEV", False)):
        raise ImproperlyConfigured("SECRET_KEY must be set (or DEBUG=1 / RECOVERY_DEV=1 for development)")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"
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
    "rest_framework.authtoken",
    "drf_spectacular",
    "channels",
    "monitoring",
    "incidents",
    "actions",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
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
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": SQLITE_PATH,
            # daphne, a Celery worker and beat write at once: take the write lock up front.
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20, "init_command": "PRAGMA journal_mode=WAL;"},
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

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
CELERY_BEAT_SCHEDULE_FILENAME = str(BASE_DIR / "var" / "celerybeat-schedule")
RECOVERY_TICK_SECONDS = float(env_str("RECOVERY_TICK_SECONDS", "2"))

CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL]},
    }
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first, so a bad token gets 401 with a WWW-Authenticate header.
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {"TITLE": "Recovery controller API", "VERSION": "0.1.0"}

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
# Webhooks for approvals waiting, escalations and storm-breaker trips (actions/services/notify.py):
# comma-separated URLs, each optionally "slack=URL" or "json=URL".
RECOVERY_WEBHOOKS = env_str("RECOVERY_WEBHOOKS", "")
RECOVERY_WEBHOOK_BACKOFF_S = float(env_str("RECOVERY_WEBHOOK_BACKOFF_S", "10"))
# Where operators reach the dashboard, for links in notifications ("" = no link).
RECOVERY_BASE_URL = env_str("RECOVERY_BASE_URL", "")
# The recorded event stream (actions/services/record.py): per cluster, gzip'd JSONL segments
# per hour under this directory, kept for the retention window and capped in size per cluster.
RECOVERY_RECORD = env_bool("RECOVERY_RECORD", True)
RECOVERY_RECORD_DIR = env_str("RECOVERY_RECORD_DIR", str(BASE_DIR / "var" / "record"))
RECOVERY_RECORD_RETENTION_DAYS = float(env_str("RECOVERY_RECORD_RETENTION_DAYS", "14"))
RECOVERY_RECORD_MAX_MB = float(env_str("RECOVERY_RECORD_MAX_MB", "512"))
