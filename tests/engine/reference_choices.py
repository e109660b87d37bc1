"""Fixed positions and what the reference bots ``counting`` and ``pimc`` choose at each.

``positions()`` deals them deterministically from seeds, across rules variants and table
sizes (2, 3 and 4 players, partnerships), using only the engine's public API.
``python -m tests.engine.reference_choices`` (from the project root) writes the choices of
the current code to ``tests/engine/data/reference_choices.json``, which
``test_reference_choices.py`` holds the bots to. Regenerate only for a deliberate change
of a reference bot: they are the yardsticks the playing levels are measured against.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from pisti import Rules, card_name, new_deal, view_for
from pisti.bots import make_bot

DATA = Path(__file__).parent / "data" / "reference_choices.json"
POSITIONS = 216

VARIANTS = (
    {},
    {"players": 3},
    {"players": 4},  # partnerships by default
    {"players": 4, "partnerships": False},
    {"opening": "four_up", "face_up_jack": "keep"},
    {"jack_on_empty_table": True, "last_card_pisti": True},
    {"jack_on_lone_card": "jack_pisti", "jack_on_lone_jack": "pisti", "pisti_points": 15},
    {"players": 3, "jack_on_empty_table": True, "majority_rule": "over_half"},
    {
        "players": 4,
        "opening": "four_up",
        "jack_on_lone_card": "pisti",
        "two_of_clubs_points": 5,
        "ten_of_diamonds_points": 0,
    },
)


def positions(count: int = POSITIONS):
    """``count`` views (seed, variant index, view), each a decision with two or more cards
    in hand, reached by random play from a shuffled deal."""
    found = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        variant = seed % len(VARIANTS)
        rules = Rules.from_dict(VARIANTS[variant])
        state = new_deal(rules, rng=rng, dealer=rng.randrange(rules.players))
        total = 52 - 4
        stop = rng.randrange(total - 1)
        for _ in range(stop):
            state.play(rng.choice(sorted(state.legal_plays())))
        view = view_for(
            state,
            state.current_player,
            match_totals=[rng.randrange(0, 140) for _ in range(rules.sides)]
            if rng.random() < 0.3
            else (),
        )
        if len(view.hand) >= 2:
            found.append((seed, variant, view))
        seed += 1
    return found


def choices(count: int = POSITIONS) -> list[dict]:
    """What each reference bot, a new one seeded with the position's seed, chooses at each
    position."""
    return [
        {
            "seed": seed,
            "variant": variant,
            "hand": [card_name(c) for c in view.hand],
            "counting": card_name(make_bot("counting", seed).choose(view)),
            "pimc": card_name(make_bot("pimc", seed).choose(view)),
        }
        for seed, variant, view in positions(count)
    ]


def main() -> None:
    lines = [json.dumps(row) for row in choices()]  # one position a line: readable diffs
    DATA.write_text(
        '{"variants": '
        + json.dumps(list(VARIANTS))
        + ',\n "positions": [\n  '
        + ",\n  ".join(lines)
        + "\n]}\n"
    )
    print(f"wrote {DATA}")


if __name__ == "__main__":
    main()
