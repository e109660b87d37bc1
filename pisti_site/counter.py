"""The card counter: what a player could know of the cards not yet seen, from their view
alone (the practice table's side panel, a puzzle's "what has been seen")."""

from __future__ import annotations

from django.utils.translation import gettext as _

from pisti.cards import ACE, JACK, RANKS, TEN_OF_DIAMONDS, TWO_OF_CLUBS

from .cardwords import card_words


def card_counter(view) -> dict:
    """What is still unseen and how many of each rank are gone, from the view."""
    unseen = set(range(52)) - set(view.seen)
    public = set(view.seen) - set(view.hand)
    specials = [
        (_("Aces"), [c for c in range(52) if c >> 2 == ACE]),
        (_("Jacks"), [c for c in range(52) if c >> 2 == JACK]),
        (_("Two of clubs"), [TWO_OF_CLUBS]),
        (_("Ten of diamonds"), [TEN_OF_DIAMONDS]),
    ]
    return {
        "specials": [
            {
                "label": label,
                "unseen": len([c for c in cards if c in unseen]),
                "of": len(cards),
                "cards": [card_words(c) for c in cards if c in unseen],
            }
            for label, cards in specials
        ],
        "ranks": [
            {"rank": "10" if r == "T" else r, "gone": sum(1 for c in public if RANKS[c >> 2] == r)}
            for r in RANKS
        ],
    }
