"""ASGI entry point: HTTP through Django, websockets through Channels (session auth)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "recovery_site.settings")
django_asgi_app = get_asgi_application()

from recovery_site.secret import require_secret_key  # noqa: E402

require_secret_key()  # no web app without a secret: say so at start, not on the first request

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from monitoring.consumers import DashboardConsumer  # noqa: E402
from recovery_site.ws_origin import SameOriginValidator  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(
            AuthMiddlewareStack(URLRouter([path("ws/dashboard/", DashboardConsumer.as_asgi())]))
        ),
    }
)

from recovery_site.heap import freeze_startup_heap  # noqa: E402

freeze_startup_heap()  # last: everything above is start-up heap
