"""The bot levels as the site names them: one registry for every form, page, table and review.

The engine decides which levels a player can meet (:data:`pisti.bots.PLAYING_LEVELS`); this
module gives each of them its words in the visitor's language — a short name for a bot's
seat, a one-line summary for the choice of opponents, a paragraph for the Bots page — and
its measured rating. Practice, friends, the review and the Bots page all read from here, so
a level the engine adds is offered everywhere at once, and a level without its words fails
at import instead of at a table (``PLAYING`` is built from ``PLAYING_LEVELS``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from pisti.bots import PLAYING_LEVELS

from .bot_strength import rating, signed, strength_data


@dataclass(frozen=True)
class Level:
    """One bot as players meet it. The texts are lazy, so they follow the active language."""

    key: str
    name: Promise
    summary: Promise | None = None
    how: Promise | None = None

    @property
    def rating(self) -> int | None:
        """The rating fitted to the duel table (``bot_strength.json``), if measured."""
        return rating(self.key)

    @property
    def choice_label(self):
        """The summary followed by the measured rating, as the choice of opponents shows it."""
        if self.rating is None:
            return self.summary
        return format_lazy(_("{label} · rating {rating}"), label=self.summary, rating=self.rating)

    @property
    def short_choice_label(self):
        """The name and the rating, for a drop-down: a summary is cut off in a phone's select."""
        if self.rating is None:
            return self.name
        return format_lazy(_("{label} · rating {rating}"), label=self.name, rating=self.rating)


# The level a new player is offered first: practice's preselected opponent, the bot the
# friends lobby proposes for a free seat.
DEFAULT_LEVEL = "medium"

_TEXTS = {
    "beginner": Level(
        "beginner",
        _("Beginner"),
        _("Beginner — takes obvious matches, otherwise plays almost at random"),
        _("Takes a card that matches the top card; otherwise plays at random, jacks included."),
    ),
    "easy": Level(
        "easy",
        _("Easy"),
        _("Easy — grabs the best capture now, throws its cheapest card"),
        _("Greedy: the most valuable capture now, otherwise its cheapest card, keeping jacks."),
    ),
    "medium": Level(
        "medium",
        _("Medium"),
        _("Medium — counts cards, saves jacks, avoids giving piştis"),
        _(
            "Counts cards: weighs what each card takes now against the chance that the "
            "next player holds a matching card or a jack, keeps jacks for piles worth "
            "them and lays lone cards nobody can match."
        ),
    ),
    "hard": Level(
        "hard",
        _("Hard"),
        _("Hard — imagines your hand many ways and plays each card out"),
        _(
            "Deals the cards it has not seen 16 ways that fit what it knows, plays every "
            "card of its hand out to the end of the deal in each, and changes the medium "
            "choice only when another card is clearly better."
        ),
    ),
    "expert": Level(
        "expert",
        _("Expert"),
        _("Expert — the hard search, deeper, exact at the end, aware of the score"),
        _(
            "Deals the cards it has not seen 96 ways, favouring the deals that best "
            "explain what its opponents played (a card laid instead of a capture, the "
            "card chosen to throw away), plays every card out with the counting bot's "
            "play, searches the last three cards exactly and plays for the match score."
        ),
    ),
    "master": Level(
        "master",
        _("Master"),
        _("Master — the strongest: the expert's search with eight times as many deals"),
        _(
            "The expert's method with 768 deals, spent on the close calls; it plays the "
            "card with the best average, in the last round too: there it plays each card "
            "out against the counting bot's replies instead of assuming a perfect "
            "opponent."
        ),
    ),
}

#: The levels a player can choose or seat, weakest first, in the engine's order.
PLAYING: dict[str, Level] = {key: _TEXTS[key] for key in PLAYING_LEVELS}

#: The fixed yardsticks the Bots page lists after the levels; nobody plays them.
REFERENCE: dict[str, Level] = {
    "counting": Level(
        "counting",
        _("Counting (reference)"),
        how=_(
            "Reference bot, never tuned: greedy captures, and when it cannot capture it "
            "lays the rank with the fewest unseen copies."
        ),
    ),
    "pimc": Level(
        "pimc",
        _("PIMC (reference)"),
        how=_(
            "Reference bot, never tuned: textbook Monte Carlo search with 120 sampled "
            "deals, every card played out by the counting bot."
        ),
    ),
}

# Bots that appear only as the other side of a measured duel.
_DUEL_ONLY: dict[str, Level] = {"random": Level("random", _("Random"))}

_ALL: dict[str, Level] = {**PLAYING, **REFERENCE, **_DUEL_ONLY}


def is_playing_level(key) -> bool:
    return isinstance(key, str) and key in PLAYING


def level_name(key: str) -> str:
    """The short name shown by a bot's seat, in the active language (the key if unknown,
    so an old stored game never breaks a page)."""
    entry = _ALL.get(key)
    return str(entry.name) if entry else key


def playing_choices() -> list[tuple[str, object]]:
    """``(key, label with rating)`` for every playing level, for a choice field."""
    return [(key, level.choice_label) for key, level in PLAYING.items()]


def short_playing_choices() -> list[tuple[str, object]]:
    """``(name with rating)`` for every playing level, for a drop-down (the friends lobby)."""
    return [(key, level.short_choice_label) for key, level in PLAYING.items()]


def bots_page_levels() -> list[Level]:
    """The playing levels, then the reference bots, as the Bots page lists them."""
    return [*PLAYING.values(), *REFERENCE.values()]


def bots_page_rows() -> list[dict]:
    """Each bot of the Bots page with its rating and move times, formatted for the language."""
    times = strength_data()["times"]
    rows = []
    for level in bots_page_levels():
        measured = times.get(level.key)
        rows.append(
            {
                "level": level.key,
                "name": level.name,
                "how": level.how,
                "rating": level.rating,
                "p50": number_format(measured["p50_ms"], 2) if measured else None,
                "p99": number_format(measured["p99_ms"], 2) if measured else None,
            }
        )
    return rows


def duel_rows() -> list[dict]:
    """The measured duels with both bots named and the margins formatted for the language."""
    return [
        {
            "a": level_name(r["a"]),
            "b": level_name(r["b"]),
            "pairs": r["pairs"],
            "mean": signed(r["mean"]),
            "lo": signed(r["lo"]),
            "hi": signed(r["hi"]),
            "win_rate": number_format(100 * r["win_rate"], 1),
        }
        for r in strength_data()["rows"]
    ]
