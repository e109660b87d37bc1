"""Language alternates for every page: hreflang links and the switcher keep the page."""

from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language


def site(request):
    current = get_language()
    alternates = [
        {
            "code": code,
            "name": name,
            "url": request.build_absolute_uri(translate_url(request.path, code)),
            "path": translate_url(request.path, code),
            "current": code == current,
        }
        for code, name in settings.LANGUAGES
    ]
    default = next(a for a in alternates if a["code"] == settings.LANGUAGE_CODE)
    return {"alternates": alternates, "x_default_url": default["url"]}
