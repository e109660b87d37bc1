"""Site-wide checks: every page in every language, alternates, switcher, sitemap, robots."""

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from django.urls import reverse
from django.utils import translation

from .site_pages import LANGUAGE_CODES, PAGE_NAMES

pytestmark = pytest.mark.django_db


class PageFacts(HTMLParser):
    """Collects what the checks need from a page: h1 count, html lang, links."""

    def __init__(self):
        super().__init__()
        self.h1 = 0
        self.html_lang = None
        self.alternates = {}
        self.switcher = {}
        self._in_switcher = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "h1":
            self.h1 += 1
        elif tag == "html":
            self.html_lang = a.get("lang")
        elif tag == "link" and a.get("rel") == "alternate":
            self.alternates[a["hreflang"]] = a["href"]
        elif tag == "nav" and "language-switcher" in a.get("class", ""):
            self._in_switcher = True
        elif tag == "a" and self._in_switcher:
            self.switcher[a["hreflang"]] = a["href"]

    def handle_endtag(self, tag):
        if tag == "nav":
            self._in_switcher = False


def url_in(name, language):
    with translation.override(language):
        return reverse(name)


def facts_of(response):
    parser = PageFacts()
    parser.feed(response.content.decode())
    return parser


@pytest.mark.parametrize("language", LANGUAGE_CODES)
@pytest.mark.parametrize("name", PAGE_NAMES)
def test_every_page_in_every_language(client, name, language):
    url = url_in(name, language)
    assert url.startswith(f"/{language}/")
    response = client.get(url)
    assert response.status_code == 200
    facts = facts_of(response)
    assert facts.h1 == 1, f"{url} has {facts.h1} <h1>"
    assert facts.html_lang == language
    # the tab's title is plain words: no markup, escaped or not, and never empty
    titles = re.findall(r"<title>(.*?)</title>", response.content.decode(), re.S)
    assert len(titles) == 1 and titles[0].strip(), titles
    assert not re.search(r"[<>]|&lt;|&gt;|script", titles[0]), titles[0]
    assert set(facts.alternates) == {"en", "tr", "de", "ru", "x-default"}
    for code in LANGUAGE_CODES:
        assert facts.alternates[code] == f"http://testserver{url_in(name, code)}"
        assert facts.switcher[code] == url_in(name, code)
    assert facts.alternates["x-default"] == f"http://testserver{url_in(name, 'en')}"


@pytest.mark.parametrize("name", PAGE_NAMES)
def test_switcher_link_lands_on_the_same_page(client, name):
    facts = facts_of(client.get(url_in(name, "en")))
    response = client.get(facts.switcher["ru"])
    assert response.status_code == 200
    assert facts_of(response).html_lang == "ru"
    assert response.request["PATH_INFO"] == url_in(name, "ru")


def test_pages_are_translated_not_english_everywhere(client):
    """The same page differs per language (UI strings and content both)."""
    bodies = {code: client.get(url_in("rules:rules", code)).content for code in LANGUAGE_CODES}
    assert len(set(bodies.values())) == 4
    assert "Правила".encode() in bodies["ru"]


@pytest.mark.parametrize(
    "accept, expected",
    [
        ("tr-TR,tr;q=0.9,en;q=0.5", "/tr/"),
        ("de", "/de/"),
        ("ru", "/ru/"),
        ("fr-FR,fr;q=0.9", "/en/"),
        ("", "/en/"),
    ],
)
def test_root_redirects_to_the_visitors_language(client, accept, expected):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 302
    assert response["Location"] == expected


def test_languages_are_named_in_their_own_language(settings):
    assert dict(settings.LANGUAGES) == {
        "en": "English",
        "tr": "Türkçe",
        "de": "Deutsch",
        "ru": "Русский",
    }


def test_sitemap_lists_every_page_with_alternates(client):
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    root = ET.fromstring(response.content)
    locations = {u.find("s:loc", ns).text: u for u in root.findall("s:url", ns)}
    for name in PAGE_NAMES:
        for code in LANGUAGE_CODES:
            loc = f"http://testserver{url_in(name, code)}"
            assert loc in locations, loc
            links = {
                link.get("hreflang"): link.get("href")
                for link in locations[loc].findall("x:link", ns)
            }
            assert set(links) == {"en", "tr", "de", "ru", "x-default"}
    from tutorial.models import Lesson

    lessons = Lesson.objects.count()
    assert lessons == 14
    assert len(locations) == (len(PAGE_NAMES) + lessons) * len(LANGUAGE_CODES)


def test_robots_points_to_the_sitemap(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert re.search(r"^Sitemap: http://testserver/sitemap.xml$", response.content.decode(), re.M)


def test_unknown_page_is_a_friendly_404(client):
    response = client.get("/de/rules/nonsense/")
    assert response.status_code == 404
    assert facts_of(response).h1 == 1
    assert b"Traceback" not in response.content


def test_rules_pages_request_nothing_from_other_hosts(client):
    """No fonts, scripts or images from elsewhere: every src/href is local or a page link."""
    html = client.get(url_in("rules:rules", "en")).content.decode()
    for attribute in re.findall(r'\s(?:src|href)="([^"]+)"', html):
        assert not attribute.startswith("//")
        if attribute.startswith("http"):
            assert attribute.startswith("http://testserver/"), attribute


def test_missing_csrf_token_gets_a_friendly_page():
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    response = client.post("/en/practice/", {"level": "easy"})
    assert response.status_code == 403
    assert facts_of(response).h1 == 1
    assert b"Traceback" not in response.content


@pytest.mark.parametrize("name", PAGE_NAMES)
def test_the_menu_marks_the_section_of_the_page(client, name):
    """Every page marks its own section in the main menu (the home page none), so a player
    on a phone knows where they are; no other link is marked."""
    html = client.get(reverse(name)).content.decode()
    menu = html[
        html.index('<nav class="site-nav"') : html.index(
            "</nav>", html.index('<nav class="site-nav"')
        )
    ]
    marked = re.findall(r'<a href="([^"]+)" aria-current="true">', menu)
    if name == "home":
        assert marked == []
    else:
        section = reverse(name.split(":")[0] + ":rules" if name.startswith("rules:") else name)
        assert marked == [section], (name, marked)


@pytest.mark.django_db
def test_the_language_read_in_is_kept_for_links_without_one(client):
    """A page read in Russian keeps Russian for a table link or the bare domain, which carry
    no language; switching to another language moves it; other answers set nothing."""
    assert client.get("/friends/").status_code == 302  # no cookie yet: the browser's
    assert client.get("/friends/")["Location"].startswith("/en/")
    response = client.get("/ru/friends/")
    assert response.cookies["django_language"].value == "ru"
    assert client.get("/friends/")["Location"] == "/ru/friends/"
    assert "django_language" not in client.get("/ru/puzzles/").cookies  # already kept
    assert client.get("/de/puzzles/").cookies["django_language"].value == "de"
    assert client.get("/")["Location"].startswith("/de/")
    assert (
        "django_language" not in client.get("/tr/rules/").cookies
    )  # page-cached: the same for all
    assert "django_language" not in client.get("/tr/no-such-page/").cookies
    assert "django_language" not in client.get("/robots.txt").cookies
