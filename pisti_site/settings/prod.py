"""Production behind gunicorn: everything secret or host-specific from the environment."""

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403


def _env(name: str, default: str | None = None) -> str:
    value = os.environ.get(name, default)
    if value is None:
        raise ImproperlyConfigured(f"set the {name} environment variable")
    return value


DEBUG = _env("DEBUG", "false").lower() in ("1", "true", "yes")
SECRET_KEY = _env("SECRET_KEY")
ALLOWED_HOSTS = [h.strip() for h in _env("ALLOWED_HOSTS", "localhost").split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

SECURE_SSL_REDIRECT = _env("SECURE_SSL_REDIRECT", "true").lower() in ("1", "true", "yes")
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = int(_env("SECURE_HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = _env("SESSION_COOKIE_SECURE", "true").lower() in ("1", "true", "yes")
CSRF_COOKIE_SECURE = _env("CSRF_COOKIE_SECURE", "true").lower() in ("1", "true", "yes")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}

STATIC_ROOT = os.environ.get("STATIC_ROOT", STATIC_ROOT)  # noqa: F405
