"""Settings shared by every environment."""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF

BASE_DIR = Path(__file__).resolve().parent.parent.parent

INSTALLED_APPS = [
    "daphne",  # first: its runserver serves HTTP and WebSockets (ASGI) for make serve
    "modeltranslation",  # before admin, so the admin shows one tab per language
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "csp",
    "pisti_site",
    "rules",
    "tutorial",
    "practice",
    "scoresheet",
    "analysis",
    "puzzles",
    "django_tasks",
    "django_tasks_db",
    "friends",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "pisti_site.json_errors.JsonErrorMiddleware",
    "pisti_site.page_cache.PageCacheMiddleware",
    "csp.middleware.CSPMiddleware",  # inside the page cache: cached pages keep the header
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "pisti_site.language.RememberLanguageMiddleware",  # after the locale: it knows the language
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "pisti_site.urls"
WSGI_APPLICATION = "pisti_site.wsgi.application"
ASGI_APPLICATION = "pisti_site.asgi.application"

# Tables with friends tell every connection of a table about each change through the
# channel layer: in memory for one process (make serve), Redis when REDIS_URL is set, so
# several server processes on several machines serve one table.
IN_MEMORY_CHANNEL_LAYER = {"BACKEND": "pisti_site.channel_layers.InMemoryChannelLayer"}


def redis_channel_layer(url: str) -> dict:
    """The channel layer in the Redis at ``url``: Redis's publish and subscribe.

    A table's change is one ``PUBLISH`` to the table's group; Redis pushes it to every
    process with a connection at that table, which hands it to its own connections. The
    list-based layer (``channels_redis.core``) took four round trips to Redis for every
    message a process received, one message at a time on one receive loop: with 500 tables
    over two processes that loop, not the work, held the updates back (p95 2.3 s against
    1.2 s with this layer, the same run otherwise). What publish and subscribe gives up is
    delivery to a process that is not connected at that moment; a table's message only
    says "read the table again", and a browser that reconnects is sent the whole table, so
    nothing is kept that a later message would not replace.

    redis-py 8 gives up a read after 5 s by default and caps a pool at 100 connections,
    failing the 101st command at once: every connection of a busy process may publish at
    the same moment, so the read waits 15 s and the cap is far above that.
    """
    return {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {
            "hosts": [{"address": url, "socket_timeout": 15, "max_connections": 5000}],
            "prefix": "pisti-friends",
        },
    }


CHANNEL_LAYERS = {"default": IN_MEMORY_CHANNEL_LAYER}
if os.environ.get("REDIS_URL"):
    CHANNEL_LAYERS = {"default": redis_channel_layer(os.environ["REDIS_URL"])}
# More messages than this from one connection within 10 seconds is a flood and closes it;
# only the benchmark, whose bots play as fast as they can, raises it.
FRIENDS_FLOOD_MESSAGES = int(os.environ.get("FRIENDS_FLOOD_MESSAGES", "30"))
# On a table with a turn timer, the seconds a deal's summary waits for every "Next deal"
# before the next deal is dealt by itself (friends/service.py)
FRIENDS_NEXT_DEAL_SECONDS = int(os.environ.get("FRIENDS_NEXT_DEAL_SECONDS", "30"))
# Threads per server process that read a table's row for its frames, off Channels' one
# database thread (each holds a database connection of its own); 0 keeps them on that
# thread, as the friends unit tests need (their rows live in the test's transaction).
FRIENDS_READ_THREADS = 4

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
                "pisti_site.context_processors.site",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Two devices writing at once (a score sheet entered on two phones, the analysis
    # worker beside the server) must wait for each other, not fail with "database is
    # locked": every transaction takes the write lock when it begins (a deferred one that
    # read first cannot wait for it), a writer waits up to 20 s for another, and with WAL
    # readers never block the writer nor it them.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        **DATABASES["default"].get("OPTIONS", {}),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Languages, each named in its own language (as the switcher shows them).
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("tr", "Türkçe"),
    ("de", "Deutsch"),
    ("ru", "Русский"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

# The admin's language tabs need jQuery UI; modeltranslation would load it from Google's
# CDN, which the Content-Security-Policy refuses (and which would tell Google of every
# admin visit), so the site serves the few modules it needs itself.
JQUERY_UI_URL = "vendor/jquery-ui-tabs.min.js"
MODELTRANSLATION_DEFAULT_LANGUAGE = "en"
MODELTRANSLATION_FALLBACK_LANGUAGES = ("en",)

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Files served at the site's root, such as /favicon.ico, which browsers ask for unprompted.
WHITENOISE_ROOT = BASE_DIR / "pisti_site" / "public"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "pisti_site.storage.StaticStorage"},
}

# One process keeps its cache in memory; several workers or machines share Redis
# (REDIS_URL=redis://host:6379/0), so an edit clears cached pages for all of them at once.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": "pisti",
        }
    }
PAGE_CACHE_SECONDS = 600

# Content-Security-Policy (django-csp): the site's own scripts and styles only, no inline
# script or style, nothing from other hosts. Diagrams are inline <svg> elements, icons and
# images are files; the table's sounds are fetched (connect-src) and played by Web Audio, so
# they need no media-src. Browser tests fail on any violation.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"


# Background tasks (django-tasks): the database backend, so every worker on every machine
# shares one queue through the database. ``make serve`` starts a worker beside the server.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# Seconds without progress after which a running analysis counts as abandoned (its worker
# was killed) and the next request enqueues it again.
ANALYSIS_STALE_SECONDS = int(os.environ.get("ANALYSIS_STALE_SECONDS", "60"))
