"""Language alternates for every page: hreflang links and the switcher keep the page."""

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.urls import translate_url
from django.utils.translation import get_language


def site(request):
    try:
        origin = request.build_absolute_uri("/")[:-1]
    except DisallowedHost:
        return {}  # the 400 page for a bad Host header: no absolute links to build
    current = get_language()
    alternates = []
    for code, name in settings.LANGUAGES:
        path = translate_url(request.path, code)
        alternates.append(
            {
                "code": code,
                "name": name,
                "url": origin + path,
                "path": path,
                "current": code == current,
            }
        )
    default = next(a for a in alternates if a["code"] == settings.LANGUAGE_CODE)
    return {"alternates": alternates, "x_default_url": default["url"]}
