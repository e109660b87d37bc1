"""The admin under the Content-Security-Policy: content is edited with one tab per language,
and jQuery UI for those tabs comes from the site itself, not from a CDN."""

import secrets
import subprocess
import sys

import pytest

from .conftest import ROOT, SITE_ENV

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def editor(site_url) -> tuple[str, str]:
    """A superuser in the test server's database: (username, password)."""
    username, password = f"editor-{secrets.token_hex(3)}", secrets.token_urlsafe(12)
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "createsuperuser",
            "--noinput",
            "--username",
            username,
            "--email",
            "editor@example.invalid",
        ],
        cwd=ROOT,
        env={**SITE_ENV, "DJANGO_SUPERUSER_PASSWORD": password},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return username, password


def test_editing_a_rules_page_with_language_tabs(page, site_url, editor):
    username, password = editor
    external = []
    page.on("request", lambda r: r.url.startswith(site_url) or external.append(r.url))
    page.goto(f"{site_url}/admin/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("input[type=submit]")
    page.goto(f"{site_url}/admin/rules/page/")
    page.click("#result_list tbody tr a")
    page.wait_for_selector(".ui-tabs-nav")  # modeltranslation drew its language tabs
    assert page.locator(".ui-tabs-nav").first.inner_text().split() == ["EN", "TR", "DE", "RU"]
    assert external == []
