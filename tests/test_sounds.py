"""The card table's sound files: there, small, short, in the format their names say, and
made again by scripts/make_sounds.py exactly as committed (its samples, not ffmpeg's)."""

from __future__ import annotations

import importlib.util
import re
import struct
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "static" / "sounds"
NAMES = ["play", "capture", "pisti", "jack-pisti"]


def make_sounds():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "scripts/make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ogg_seconds(data: bytes) -> float:
    """Opus playing time: the last page's granule position less the header's pre-skip."""
    head = data.index(b"OpusHead")
    pre_skip = struct.unpack_from("<H", data, head + 10)[0]
    last = data.rindex(b"OggS")
    granule = struct.unpack_from("<q", data, last + 6)[0]
    return (granule - pre_skip) / 48_000


@pytest.mark.parametrize("name", NAMES)
def test_each_sound_is_a_small_ogg_opus_file_of_at_most_a_quarter_second(name):
    data = (SOUNDS / f"{name}.ogg").read_bytes()
    assert data[:4] == b"OggS"
    assert b"OpusHead" in data[:64]
    assert len(data) < 8 * 1024
    assert 0.08 <= ogg_seconds(data) <= 0.25


@pytest.mark.parametrize("name", NAMES)
def test_each_sound_has_a_small_mp3_fallback(name):
    data = (SOUNDS / f"{name}.mp3").read_bytes()
    # an ID3 tag, or straight away an MPEG audio frame (sync bits, layer III)
    assert data[:3] == b"ID3" or (data[0] == 0xFF and data[1] & 0xE6 == 0xE2)
    assert len(data) < 8 * 1024


def test_the_licence_names_the_script_that_makes_them():
    licence = (SOUNDS / "LICENSE.md").read_text()
    assert "CC0" in licence and "scripts/make_sounds.py" in licence


def test_the_samples_are_short_soft_and_the_same_on_every_run():
    module = make_sounds()
    for name, make in module.SOUNDS.items():
        samples = make()
        assert len(samples) <= 0.25 * module.RATE, name
        peak = max(abs(s) for s in samples)
        assert 10 ** (-20 / 20) < peak <= 10 ** (-9 / 20), name  # between -20 and -9 dBFS
        assert abs(samples[-1]) < 1e-4, name  # faded out, no click at the end
        assert make() == samples, name
    assert set(module.SOUNDS) == set(NAMES)


TOGGLE = re.compile(r"<button[^>]*\bdata-sound-toggle\b[^>]*>")


def sound_toggle(html: str) -> str:
    found = TOGGLE.findall(html)
    assert len(found) == 1, found
    return found[0]


def assert_names_every_file(toggle: str) -> None:
    urls = dict(re.findall(r'data-sound-([\w-]+)="([^"]+)"', toggle))
    assert set(urls) == {f"{name}-{ext}" for name in NAMES for ext in ("ogg", "mp3")}
    for key, url in urls.items():
        assert url.startswith("/static/sounds/"), key
        assert (SOUNDS / url.removeprefix("/static/sounds/")).is_file(), key


@pytest.mark.django_db
def test_the_practice_table_has_a_sound_switch_that_only_scripts_show(client):
    from practice.tests.helpers import start_game

    toggle = sound_toggle(client.get(start_game(client)).content.decode())
    assert " hidden" in toggle and 'aria-pressed="true"' in toggle
    assert_names_every_file(toggle)


@pytest.mark.django_db
def test_a_friends_table_in_play_has_the_sound_switch_and_its_lobby_not(client):
    from django.conf import settings
    from django.urls import reverse

    from friends import service
    from friends.tests.helpers import make_table, session_with

    table, token = make_table(bots=[(1, "easy")])
    client.cookies[settings.SESSION_COOKIE_NAME] = session_with(table, token)  # Ayşe's
    url = reverse("friends:table", args=[table.pk])
    assert not TOGGLE.search(client.get(url).content.decode())
    service.start(table, token)
    toggle = sound_toggle(client.get(url).content.decode())
    assert " hidden" in toggle
    assert_names_every_file(toggle)
