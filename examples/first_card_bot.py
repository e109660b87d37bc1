#!/usr/bin/env python3
"""An example external bot for ``python -m pisti duel cmd:...``: standard library only.

It captures when the top card matches (or with a jack on a big pile), otherwise plays its
lowest non-jack card. Run: python -m pisti duel "cmd:python3 examples/first_card_bot.py" random
"""

import json
import sys

RANKS = "A23456789TJQK"


def choose(view: dict) -> str:
    hand, top = view["hand"], view["top"]
    if top:
        for card in hand:
            if card[0] == top[0]:
                return card
        jacks = [c for c in hand if c[0] == "J"]
        if jacks and view["pile_size"] >= 4:
            return jacks[0]
    plain = [c for c in hand if c[0] != "J"] or hand
    return min(plain, key=lambda c: RANKS.index(c[0]))


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "quit":
            break
        print(json.dumps({"card": choose(message["view"])}), flush=True)


if __name__ == "__main__":
    main()
