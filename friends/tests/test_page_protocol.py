"""The page hands friends.js the server's protocol names: the script spells none itself."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from friends.protocol import INCOMING, MESSAGE_TYPES, REACTION, REFUSED, STATE

from .helpers import make_table

pytestmark = pytest.mark.django_db
STATIC_JS = Path(settings.BASE_DIR) / "static" / "js"


def test_the_page_gives_the_script_every_message_type(client):
    table, _token = make_table()
    page = client.get(reverse("friends:table", args=[table.pk])).content.decode()
    found = re.search(
        r'<script id="friends-message-types" type="application/json">(.*?)</script>', page
    )
    assert found and json.loads(found.group(1)) == MESSAGE_TYPES
    assert set(MESSAGE_TYPES.values()) == {STATE, REFUSED, REACTION, *INCOMING}


def test_the_scripts_spell_no_message_type():
    scripts = (STATIC_JS / "friends.js").read_text() + (STATIC_JS / "socket.js").read_text()
    assert "friends-message-types" in scripts
    for name in MESSAGE_TYPES.values():
        assert f'"{name}"' not in scripts and f"'{name}'" not in scripts, name
