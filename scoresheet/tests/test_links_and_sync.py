"""The private edit link, its revocation, the offline web app's files, and deals sent
later by the page's script: each exactly once, conflicts reported."""

import json
import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.models import Deal, Sheet

from .test_scoresheet import create, totals

pytestmark = pytest.mark.django_db


def edit_link(sheet) -> str:
    return reverse("scoresheet:open_edit", args=[sheet.edit])


def test_the_edit_link_lets_another_device_edit(client):
    url = create(client)
    sheet = Sheet.objects.get()
    html = client.get(url).content.decode()
    assert sheet.edit in html and sheet.share in html
    qr_codes = re.findall(r'<div class="qr-code"[^>]*><svg[^>]*>.*?</svg>', html, re.S)
    assert len(qr_codes) == 2 and not any("style=" in q for q in qr_codes)
    other = Client()
    assert other.get(url).status_code == 404
    response = other.get(edit_link(sheet))
    assert response.status_code == 302 and response["Location"].endswith(f"/{sheet.pk}/")
    assert other.get(url).status_code == 200
    assert (
        other.post(
            url + "deals/quick/", {"quick-points_0": "16", "quick-points_1": "0"}
        ).status_code
        == 302
    )
    assert totals(client, url) == [16, 0]
    # the read-only link never grants editing
    reader = Client()
    reader.get(reverse("scoresheet:shared", args=[sheet.share]))
    assert (
        reader.post(
            url + "deals/quick/", {"quick-points_0": "16", "quick-points_1": "0"}
        ).status_code
        == 404
    )
    assert reader.get(reverse("scoresheet:open_edit", args=[sheet.share])).status_code == 404


def test_revoking_the_edit_link_locks_out_its_holders(client):
    url = create(client)
    sheet = Sheet.objects.get()
    old = edit_link(sheet)
    holder = Client()
    holder.get(old)
    assert holder.get(url).status_code == 200
    assert client.post(url + "edit-link/").status_code == 302
    sheet.refresh_from_db()
    assert edit_link(sheet) != old
    assert holder.get(url).status_code == 404
    assert Client().get(old).status_code == 404
    assert client.get(url).status_code == 200  # the creator keeps the sheet
    newcomer = Client()
    newcomer.get(edit_link(sheet))
    assert newcomer.get(url).status_code == 200


def test_the_sheet_list_shows_sheets_opened_by_edit_link(client):
    create(client, names=("Ayşe", "Mehmet"))
    sheet = Sheet.objects.get()
    other = Client()
    other.get(edit_link(sheet))
    assert "Ayşe – Mehmet" in other.get(reverse("scoresheet:index")).content.decode()


def test_web_app_files(client):
    worker = client.get(reverse("scoresheet:service_worker"))
    assert worker.status_code == 200
    assert worker["Content-Type"].startswith("text/javascript")
    assert "no-cache" in worker["Cache-Control"] or "max-age=0" in worker["Cache-Control"]
    assert b'addEventListener("fetch"' in worker.content
    assert reverse("scoresheet:service_worker") == "/en/scoresheet/sw.js"
    manifest = client.get(reverse("scoresheet:manifest"))
    data = json.loads(manifest.content)
    assert manifest["Content-Type"].startswith("application/manifest+json")
    assert data["start_url"] == data["scope"] == "/en/scoresheet/"
    assert data["icons"] and data["display"] == "standalone"
    url = create(client)
    html = client.get(url).content.decode()
    assert 'rel="manifest"' in html and "js/scoresheet.js" in html
    assert 'data-sw="/en/scoresheet/sw.js"' in html
    tr = json.loads(client.get("/tr/scoresheet/manifest.webmanifest").content)
    assert tr["start_url"] == "/tr/scoresheet/" and tr["name"] != data["name"]


def send(client, url, points, client_id, revision):
    data = {f"quick-points_{i}": str(p) for i, p in enumerate(points)}
    data.update({"client_id": client_id, "revision": str(revision)})
    return client.post(url + "deals/quick/", data, HTTP_ACCEPT="application/json")


def test_offline_deals_arrive_exactly_once(client):
    url = create(client)
    revision = Sheet.objects.get().revision
    first = send(client, url, [16, 0], "deal-aaaaaaaa", revision)
    assert first.status_code == 200
    answer = first.json()
    assert answer["ok"] and not answer["duplicate"] and answer["totals"] == [16, 0]
    again = send(client, url, [16, 0], "deal-aaaaaaaa", revision).json()
    assert again["duplicate"] and again["number"] == answer["number"]
    second = send(client, url, [6, 10], "deal-bbbbbbbb", answer["revision"]).json()
    assert second["totals"] == [22, 10]
    assert Deal.objects.count() == 2
    assert "changed on another device" not in client.get(url).content.decode()


def test_the_id_the_page_gives_a_kept_deal_is_honoured(client):
    """scoresheet.js names a kept deal "deal-" and crypto.randomUUID(): 41 characters. An
    id the server ignored would let a retried post add the deal twice."""
    url = create(client)
    client_id = f"deal-{uuid.uuid4()}"
    for _ in range(2):
        send(client, url, [16, 0], client_id, Sheet.objects.get().revision)
    assert Deal.objects.get().client_id == client_id


def test_a_sheet_changed_elsewhere_meanwhile_is_reported(client):
    url = create(client)
    revision = Sheet.objects.get().revision
    other = Client()
    other.get(edit_link(Sheet.objects.get()))
    other.post(url + "deals/quick/", {"quick-points_0": "0", "quick-points_1": "16"})
    answer = send(client, url, [16, 0], "deal-cccccccc", revision).json()
    assert answer["ok"] and answer["totals"] == [16, 16]
    html = client.get(url).content.decode()
    assert "changed on another device" in html
    assert Deal.objects.count() == 2


def test_a_refused_offline_deal_answers_json_with_the_reasons(client):
    url = create(client)
    response = client.post(
        url + "deals/quick/",
        {"quick-points_0": "999", "client_id": "deal-dddddddd", "revision": "0"},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert any("300" in e for e in errors) and any("required" in e for e in errors)
    assert not Deal.objects.exists()


@pytest.mark.parametrize("client_id", ["", "x", "a b c d e f g h", "<script>" * 3, "9" * 80])
def test_odd_client_ids_are_ignored_not_trusted(client, client_id):
    url = create(client)
    assert send(client, url, [16, 0], client_id, "x").status_code == 200
    assert send(client, url, [16, 0], client_id, "x").status_code == 200
    assert Deal.objects.count() == 2
    assert not re.search(r"<script>", Deal.objects.first().client_id)


def test_sheet_pages_need_no_inline_script_or_style(client):
    """Ready for a Content-Security-Policy of the site's own files only."""
    url = create(client)
    client.post(url + "deals/quick/", {"quick-points_0": "16", "quick-points_1": "0"})
    sheet = Sheet.objects.get()
    for path in (
        url,
        reverse("scoresheet:index"),
        url + "deal/1/edit/",
        reverse("scoresheet:shared", args=[sheet.share]),
    ):
        html = client.get(path).content.decode()
        assert "style=" not in html and "<style" not in html, path
        assert all("src=" in tag for tag in re.findall(r"<script[^>]*>", html)), path
        assert " on" not in " ".join(re.findall(r"<[^>]+ on[a-z]+=", html)), path
