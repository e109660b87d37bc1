"""Card names in words, in the visitor's language (for captions and screen readers).

A card is named in the case its sentence needs: "the master would play the ten of
diamonds" is "сыграл бы десятку бубён" in Russian and "karo onlusunu atardı" in Turkish
(the object of a verb), where a caption or a list says "десятка бубён", "karo onlusu".
The sentence's caller asks for :data:`ACCUSATIVE` when the card is what is played or
chosen; languages whose card words do not change (English, German with "die Karte …")
translate the accusative forms as the plain ones.
"""

import enum

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from pisti.cards import RANKS


class Case(enum.Enum):
    NOMINATIVE = "nominative"  # a caption, a list, the subject of a sentence
    ACCUSATIVE = "accusative"  # the card a verb acts on: played, chosen


NOMINATIVE = Case.NOMINATIVE
ACCUSATIVE = Case.ACCUSATIVE


def _rank_names(case: Case = NOMINATIVE):
    if case is ACCUSATIVE:
        return {
            "A": pgettext("card rank, accusative", "ace"),
            "2": pgettext("card rank, accusative", "two"),
            "3": pgettext("card rank, accusative", "three"),
            "4": pgettext("card rank, accusative", "four"),
            "5": pgettext("card rank, accusative", "five"),
            "6": pgettext("card rank, accusative", "six"),
            "7": pgettext("card rank, accusative", "seven"),
            "8": pgettext("card rank, accusative", "eight"),
            "9": pgettext("card rank, accusative", "nine"),
            "T": pgettext("card rank, accusative", "ten"),
            "J": pgettext("card rank, accusative", "jack"),
            "Q": pgettext("card rank, accusative", "queen"),
            "K": pgettext("card rank, accusative", "king"),
        }
    return {
        "A": pgettext("card rank", "ace"),
        "2": pgettext("card rank", "two"),
        "3": pgettext("card rank", "three"),
        "4": pgettext("card rank", "four"),
        "5": pgettext("card rank", "five"),
        "6": pgettext("card rank", "six"),
        "7": pgettext("card rank", "seven"),
        "8": pgettext("card rank", "eight"),
        "9": pgettext("card rank", "nine"),
        "T": pgettext("card rank", "ten"),
        "J": pgettext("card rank", "jack"),
        "Q": pgettext("card rank", "queen"),
        "K": pgettext("card rank", "king"),
    }


def _suit_names():
    return {
        "C": pgettext("of suit", "clubs"),
        "D": pgettext("of suit", "diamonds"),
        "H": pgettext("of suit", "hearts"),
        "S": pgettext("of suit", "spades"),
    }


def _spelled(card: int, case: Case = NOMINATIVE) -> str:
    rank = RANKS[card >> 2]
    suit = "CDHS"[card & 3]
    return pgettext("card name", "%(rank)s of %(suit)s") % {
        "rank": _rank_names(case)[rank],
        "suit": _suit_names()[suit],
    }


# Every card's words per active language, spelled once: a table or frame names dozens of
# cards, and spelling one takes seventeen catalogue look-ups.
_SPELLED: dict[tuple[str | None, Case], tuple[str, ...]] = {}


def every_card_words(case: Case = NOMINATIVE) -> tuple[str, ...]:
    """The words for each of the 52 cards, by card number, in the active language: for
    naming many cards at once (asking the active language is the costly part)."""
    key = (get_language(), case)
    names = _SPELLED.get(key)
    if names is None:
        names = _SPELLED[key] = tuple(_spelled(c, case) for c in range(52))
    return names


def card_words(card: int, case: Case = NOMINATIVE) -> str:
    """``"ten of diamonds"``, ``"karo onlusu"``, ``"Karo-Zehn"``, ``"десятка бубён"``;
    as the object of a verb (:data:`ACCUSATIVE`) ``"karo onlusunu"``, ``"десятку бубён"``."""
    return every_card_words(case)[card]


def cards_words(cards) -> str:
    return _(", ").join(card_words(c) for c in cards) if cards else _("no cards")
