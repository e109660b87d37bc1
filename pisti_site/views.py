"""Site-wide pages: the home page, the language redirect, robots.txt, friendly errors.

Errors are HTML pages here; :mod:`pisti_site.json_errors` answers ``fetch`` with JSON."""

from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import require_safe

from .page_cache import cache_page_per_language


@require_safe
def choose_language(request):
    """``/`` sends visitors to their language from Accept-Language, English otherwise."""
    language = translation.get_language_from_request(request, check_path=False)
    with translation.override(language):
        return HttpResponseRedirect(reverse("home"), headers={"Vary": "Accept-Language"})


@require_safe
@cache_page_per_language
def home(request):
    return render(request, "home.html")


@require_safe
def robots_txt(request):
    sitemap = request.build_absolute_uri("/sitemap.xml")
    return HttpResponse(
        f"User-agent: *\nDisallow: /admin/\nSitemap: {sitemap}\n", content_type="text/plain"
    )


def bad_request(request, exception):
    """A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` says so (413), other bad requests are 400."""
    status = 413 if isinstance(exception, RequestDataTooBig) else 400
    return render(request, "400.html", status=status)


def page_not_found(request, exception):
    return render(request, "404.html", status=404)


def server_error(request):
    return render(request, "500.html", status=500)
