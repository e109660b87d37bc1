"""One level registry (``pisti_site.levels``): every playing level at every table kind plays a
whole deal in practice (through HTTP, as a browser) and at a friends table (through the
service, with every seat's frame built after each play), so no copy of the level list can
lack one of them again."""

import pytest
from django.utils import translation

from friends import frames
from friends import service as friends_service
from friends.models import Table
from friends.tests.helpers import make_table
from pisti.bots import LEVELS, PLAYING_LEVELS
from pisti.cards import card_name
from pisti_site.levels import PLAYING, REFERENCE, is_playing_level, level_name, playing_choices
from pisti_site.matchplay import TABLE_RULES
from practice.models import Game
from practice.tests.helpers import HAND, start_game, version_of

pytestmark = pytest.mark.django_db

TABLE_KINDS = [kind for kind, _ in Game.TABLES]


def test_the_registry_is_built_from_the_engine_levels():
    assert list(PLAYING) == list(PLAYING_LEVELS)
    assert set(REFERENCE) <= set(LEVELS) - set(PLAYING_LEVELS)
    assert [key for key, _ in playing_choices()] == list(PLAYING_LEVELS)
    assert set(TABLE_KINDS) == set(TABLE_RULES)
    assert not is_playing_level("counting") and not is_playing_level(["master"])


@pytest.mark.parametrize("language", ["tr", "de", "ru"])
def test_every_level_has_its_own_translated_name(language):
    with translation.override(language):
        names = [level_name(key) for key in PLAYING_LEVELS]
        summaries = [str(level.summary) for level in PLAYING.values()]
    with translation.override("en"):
        english = [level_name(key) for key in PLAYING_LEVELS]
    assert len(set(names)) == len(names)
    assert names != english
    assert all(name in summary for name, summary in zip(names, summaries, strict=True))


def play_practice_deal(client, level: str, table: str) -> str:
    """Start a practice game and play the first card of the hand until the deal is over."""
    url = start_game(client, level=level, table=table)
    for _ in range(30):
        html = client.get(url).content.decode()
        if "data-next-deal" in html:
            return html
        card = HAND.search(html).group(1)
        response = client.post(url + "play/", {"version": version_of(html), "card": card})
        assert response.status_code in (200, 302), response.content.decode()[:300]
    raise AssertionError("the deal did not end")


@pytest.mark.one_database
@pytest.mark.parametrize("table", TABLE_KINDS)
@pytest.mark.parametrize("level", PLAYING_LEVELS)
def test_every_level_plays_a_whole_practice_deal_at_every_table(client, level, table):
    html = play_practice_deal(client, level, table)
    assert level_name(level) in html
    game = Game.objects.get()
    assert game.level == level and game.table == table


def play_friends_deal(level: str, kind: str) -> Table:
    """A friends table with ``level`` bots in every seat but Ayşe's; she plays her first
    card until the deal is over, and every seat's frame is built after each play."""
    players = TABLE_RULES[kind]["players"]
    table, token = make_table(kind, bots=[(seat, level) for seat in range(1, players)])
    friends_service.start(table, token)
    for _ in range(30):
        table.refresh_from_db()
        for seat in (0, None, *range(1, players)):
            frame = frames.frame_for(table, seat)
            assert frame["type"] == "state"
        match = friends_service.load_match(table)
        if match.current is None or match.current.is_over:
            return table
        hand = match.current.hands[0]
        friends_service.play(table, 0, card_name(sorted(hand)[0]), table.version)
    raise AssertionError("the deal did not end")


@pytest.mark.one_database
@pytest.mark.parametrize("kind", TABLE_KINDS)
@pytest.mark.parametrize("level", PLAYING_LEVELS)
def test_every_level_plays_a_whole_friends_deal_at_every_table(level, kind):
    table = play_friends_deal(level, kind)
    frame = frames.frame_for(table, 0)
    bots = [seat for seat in frame["seats"] if seat["kind"] == "bot"]
    assert bots and all(seat["level_name"] == level_name(level) for seat in bots)
    assert frame["deal_over"] and len(frame["deals"]) == 1
