"""The language a visitor reads the site in is remembered for the addresses that carry none.

A table link, a score sheet link or the bare domain has no language prefix: Django's
``LocaleMiddleware`` sends it to the language cookie's language, else the browser's. The
switcher alone set no cookie, so a player reading the site in Russian on an English phone
was sent back to English by their own table link. Every page read under a language prefix
now keeps that language in the cookie, except the page-cached content pages (a response
with a cookie is never stored, and those are the same for every visitor): the pages where
a player acts (practice, friends, puzzles, the score sheet, the tutorial) set it.
"""

from __future__ import annotations

from django.conf import settings


class RememberLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        language = getattr(request, "LANGUAGE_CODE", None)
        if (
            request.method == "GET"
            and response.status_code == 200
            and language
            and request.path.startswith(f"/{language}/")
            and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != language
            and not getattr(response, "page_cacheable", False)
        ):
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE or 365 * 24 * 3600,
                samesite="Lax",
                secure=request.is_secure(),
            )
        return response
