"""Local development: the README's serve command (``make serve``)."""

from .base import *  # noqa: F403

DEBUG = True
SECRET_KEY = "dev-only-not-secret"  # noqa: S105
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
STORAGES["staticfiles"] = {  # noqa: F405
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
}
