"""WSGI entry point for gunicorn (``gunicorn pisti_site.wsgi``), production settings."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pisti_site.settings.prod")

application = get_wsgi_application()
