"""
WSGI config for recovery_site project.

It exposes the WSGI callable as a module-level variable named ``application``.

For more information on this file, see
https://docs.djangoproject.com/en/5.2/howto/deployment/wsgi/
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "recovery_site.settings")

application = get_wsgi_application()

from recovery_site.secret import require_secret_key  # noqa: E402

require_secret_key()

from recovery_site.heap import freeze_startup_heap  # noqa: E402

freeze_startup_heap()  # last: everything above is start-up heap
