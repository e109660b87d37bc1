"""What lets the score sheet install and work offline: its manifest and service worker."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

SERVICE_WORKER = settings.BASE_DIR / "static" / "js" / "sw.js"


@require_safe
def manifest(request):
    """The web app manifest: the score sheet installs and opens like an app."""
    start = reverse("scoresheet:index")
    data = {
        "name": _("Pişti score sheet"),
        "short_name": _("Pişti scores"),
        "description": _("Keep the score of a game at a real table, even offline."),
        "start_url": start,
        "scope": start,
        "display": "standalone",
        "background_color": "#f6f3ea",
        "theme_color": "#0f5c3a",
        "icons": [
            {
                "src": static("img/scoresheet-icon.svg"),
                "sizes": "any",
                "type": "image/svg+xml",
                "purpose": "any",
            }
        ],
    }
    return JsonResponse(
        data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )


@never_cache
@require_safe
def service_worker(request):
    """The service worker, served next to the sheets so its scope covers all of them.

    It is a static file, read here because a worker's scope is the folder it is served
    from, and /static/ would cover nothing."""
    return HttpResponse(
        SERVICE_WORKER.read_text(encoding="utf-8"), content_type="text/javascript; charset=utf-8"
    )
