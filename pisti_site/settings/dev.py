"""Local serving: the README's serve command (``make serve``).

The site as a player meets it: its own error pages, static files through whitenoise
straight from the source folders (re-read when they change). ``DEBUG=1 make serve`` gives
Django's debug pages and template reloading for development.
"""

import os

from .base import *  # noqa: F403

DEBUG = os.environ.get("DEBUG", "").lower() in ("1", "true", "yes")
SECRET_KEY = "dev-only-not-secret"  # noqa: S105
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
STORAGES["staticfiles"] = {  # noqa: F405
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
}
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
