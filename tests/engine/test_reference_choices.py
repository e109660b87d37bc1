"""The reference bots are fixed yardsticks: the exact card ``counting`` and ``pimc`` choose
at 216 fixed positions (2, 3 and 4 players, partnerships, nine rules variants) is pinned
in ``tests/engine/data/reference_choices.json``. The data was written by the code before
the play-outs and policies were moved out of the search module (issue 25), so the move is
proven not to change them; any later change to either bot fails here.

Regenerate (only for a deliberate change of a reference bot, said so in the commit)::

    python -m tests.engine.reference_choices
"""

from __future__ import annotations

import json

import pytest

from pisti import Rules, card_name
from pisti.bots import make_bot

from .reference_choices import DATA, POSITIONS, VARIANTS, positions

PINNED = json.loads(DATA.read_text())
POSITIONS_NOW = positions(POSITIONS)


def test_the_positions_are_the_pinned_ones():
    assert PINNED["variants"] == [dict(v) for v in VARIANTS]
    rows = PINNED["positions"]
    assert len(rows) == len(POSITIONS_NOW) == POSITIONS >= 200
    assert [(r["seed"], r["variant"], r["hand"]) for r in rows] == [
        (seed, variant, [card_name(c) for c in view.hand]) for seed, variant, view in POSITIONS_NOW
    ]
    tables = {
        (
            Rules.from_dict(VARIANTS[r["variant"]]).players,
            Rules.from_dict(VARIANTS[r["variant"]]).partnerships,
        )
        for r in rows
    }
    assert tables == {(2, False), (3, False), (4, False), (4, True)}


@pytest.mark.parametrize("level", ["counting", "pimc"])
def test_reference_bots_choose_the_pinned_cards(level):
    chosen = [card_name(make_bot(level, seed).choose(view)) for seed, _, view in POSITIONS_NOW]
    pinned = [r[level] for r in PINNED["positions"]]
    changed = [
        (r["seed"], r["hand"], r[level], c)
        for r, c in zip(PINNED["positions"], chosen, strict=True)
        if c != r[level]
    ]
    assert not changed, f"{len(changed)} of {len(pinned)} choices changed: {changed[:5]}"


def test_pimc_does_not_just_follow_the_counting_policy():
    """Otherwise pinning pimc would say nothing about its search."""
    rows = PINNED["positions"]
    assert sum(r["pimc"] != r["counting"] for r in rows) >= 20
