"""Errors for ``fetch``: every 4xx and 5xx a script can meet answers ``{"error": "..."}``.

The page's scripts ask with ``Accept: application/json``. Django answers a refused CSRF
token, an unknown address, a wrong method, a too-large body or a crash with an HTML page,
which a script cannot show, so the player's move would vanish without a word. This
middleware, outermost after static files, turns any such HTML error into JSON with a
translated message and the same status (and headers such as ``Allow``). JSON errors that a
view wrote itself (a refused move, with the board) pass through unchanged.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _

from .visitors import wants_json

# Headers of the original error that still describe the JSON answer.
_KEPT_HEADERS = ("Allow", "Retry-After", "Vary")


def error_message(status: int) -> str:
    """What a player reads when a request of the page's script fails with ``status``."""
    if status == 403:
        return _(
            "Your move was not sent, so nothing changed: the page has expired. "
            "Reload the page and try again."
        )
    if status == 404:
        return _("Nothing was found at this address, so nothing changed. Reload the page.")
    if status == 405:
        return _("This address does not accept that kind of request, so nothing changed.")
    if status == 413:
        return _("The request was too large, so nothing changed.")
    if status >= 500:
        return _("Something went wrong on our side. Reload the page and try again in a moment.")
    return _(
        "That request could not be understood, so nothing changed. Reload the page and try again."
    )


def _is_json(response) -> bool:
    return response.get("Content-Type", "").startswith("application/json")


class JsonErrorMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code < 400 or _is_json(response) or not wants_json(request):
            return response
        language = getattr(request, "LANGUAGE_CODE", None) or translation.get_language()
        with translation.override(language):
            message = getattr(response, "error_message", None) or error_message(
                response.status_code
            )
        answer = JsonResponse({"error": message}, status=response.status_code)
        for name in _KEPT_HEADERS:
            if response.has_header(name):
                answer[name] = response[name]
        return answer
