"""A whole-page cache for content pages, checked right after static files.

Rules pages are the same for every visitor of a language and carry no session or CSRF
token, so they can be served from memory before the rest of the middleware runs, which is
what lets them keep pace with whitenoise's static files. Views opt in with
:func:`cache_page_per_language`; the URL (with its language prefix) and whether the
client takes gzip make the key, with the host, since pages carry absolute URLs.
"""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse

_PREFIX = "page:"
_KEYS = "page-cache-keys"


def cache_page_per_language(view):
    """Mark a view's successful responses as cacheable by :class:`PageCacheMiddleware`."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        response.page_cacheable = True
        return response

    return wrapped


def clear_page_cache() -> None:
    keys = cache.get(_KEYS, set())
    cache.delete_many(list(keys) + [_KEYS])


class PageCacheMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method not in ("GET", "HEAD") or request.META.get("QUERY_STRING"):
            return self.get_response(request)
        gzip = "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", "")
        # get_host() validates ALLOWED_HOSTS; pages hold absolute URLs, so the host is keyed.
        key = f"{_PREFIX}{int(gzip)}:{request.get_host()}{request.path}"
        hit = cache.get(key)
        if hit is not None:
            status, headers, content = hit
            response = HttpResponse(content, status=status)
            for name, value in headers:
                response[name] = value
            return response
        response = self.get_response(request)
        if (
            getattr(response, "page_cacheable", False)
            and response.status_code == 200
            and not response.streaming
            and not response.cookies
            and not response.has_header("Set-Cookie")
        ):
            headers = [(k, v) for k, v in response.items() if k.lower() != "content-length"]
            cache.set(key, (200, headers, response.content), settings.PAGE_CACHE_SECONDS)
            keys = cache.get(_KEYS, set())
            keys.add(key)
            cache.set(_KEYS, keys, None)
        return response
