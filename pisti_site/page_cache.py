"""A whole-page cache for content pages, checked right after static files.

Rules pages are the same for every visitor of a language and carry no session or CSRF
token, so they can be served from memory before the rest of the middleware runs, which is
what lets them keep pace with whitenoise's static files. Views opt in with
:func:`cache_page_per_language`; the URL (with its language prefix) and whether the
client takes gzip make the key, with the host, since pages carry absolute URLs.

The cache is Django's default cache: Redis when ``REDIS_URL`` is set, shared by every
gunicorn worker and every machine, or per-process memory for a single process. Every key
also holds the cache's *generation*, a number stored in that same cache; an edit moves it on
(:func:`clear_page_cache`), so from the next request on no worker anywhere finds an old
page, with nothing to remember per process. Old pages simply expire.
"""

from __future__ import annotations

import time
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse

_PREFIX = "page:"
_GENERATION = "page-cache-generation"


def _fresh_generation() -> int:
    """A starting number no earlier generation used: nanoseconds since the epoch (well
    within Redis's 64-bit counters), so a counter lost to eviction or a restart never comes
    back to old pages' keys, as counting up by one per edit never catches up with time."""
    return time.time_ns()


def current_generation() -> int:
    generation = cache.get(_GENERATION)
    if generation is None:
        fresh = _fresh_generation()
        cache.add(_GENERATION, fresh, None)  # the first worker's number wins
        generation = cache.get(_GENERATION, fresh)
    return generation


def cache_page_per_language(view):
    """Mark a view's successful responses as cacheable by :class:`PageCacheMiddleware`."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        response.page_cacheable = True
        return response

    return wrapped


def clear_page_cache() -> None:
    """Make every cached page unreachable at once, for every process sharing the cache."""
    try:
        cache.incr(_GENERATION)
    except ValueError:  # never set, or evicted: any fresh number leaves old keys behind
        cache.set(_GENERATION, _fresh_generation(), None)


def page_key(request, generation: int) -> str:
    gzip = "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", "")
    # get_host() validates ALLOWED_HOSTS; pages hold absolute URLs, so the host is keyed.
    return f"{_PREFIX}{generation}:{int(gzip)}:{request.get_host()}{request.path}"


class PageCacheMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method not in ("GET", "HEAD") or request.META.get("QUERY_STRING"):
            return self.get_response(request)
        key = page_key(request, current_generation())
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
        return response
