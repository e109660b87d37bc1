"""Card names in words, in the visitor's language (for captions and screen readers)."""

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from pisti.cards import RANKS


def _rank_names():
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


def _spelled(card: int) -> str:
    rank = RANKS[card >> 2]
    suit = "CDHS"[card & 3]
    return pgettext("card name", "%(rank)s of %(suit)s") % {
        "rank": _rank_names()[rank],
        "suit": _suit_names()[suit],
    }


# Every card's words per active language, spelled once: a table or frame names dozens of
# cards, and spelling one takes seventeen catalogue look-ups.
_SPELLED: dict[str | None, tuple[str, ...]] = {}


def every_card_words() -> tuple[str, ...]:
    """The words for each of the 52 cards, by card number, in the active language: for
    naming many cards at once (asking the active language is the costly part)."""
    language = get_language()
    names = _SPELLED.get(language)
    if names is None:
        names = _SPELLED[language] = tuple(_spelled(c) for c in range(52))
    return names


def card_words(card: int) -> str:
    """``"ten of diamonds"``, ``"karo onlusu"``, ``"Karo-Zehn"``, ``"десятка бубён"``."""
    return every_card_words()[card]


def cards_words(cards) -> str:
    return _(", ").join(card_words(c) for c in cards) if cards else _("no cards")
