"""The test suite: fast hashing, no manifest needed, the real database engine."""

from .base import *  # noqa: F403

DEBUG = False
SECRET_KEY = "test-only-not-secret"  # noqa: S105
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES["staticfiles"] = {  # noqa: F405
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
}

# Serve static files from the app folders, so a test server needs no collectstatic.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# Tests clear the cache between tests: never a shared Redis named by REDIS_URL.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
CHANNEL_LAYERS = {"default": IN_MEMORY_CHANNEL_LAYER}  # noqa: F405
