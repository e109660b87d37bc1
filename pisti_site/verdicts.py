"""The teacher's words for a verdict: the name of a label ("mistake") and of a kind of
mistake ("missed pişti"), and the sentence that says why the best card is better than
another (:func:`reason`), from the facts :func:`pisti.analysis.classify` gives. One place
for them: the review of a deal, your puzzles and the puzzles all say it the same way."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pisti.bots.heuristics import rank_counts, unseen_cards
from pisti.cards import JACK, parse_card
from pisti.state import JACK_PISTI, PISTI

from .cardwords import ACCUSATIVE, card_words
from .numbers import points_text


def label_name(label: str) -> str:
    return {
        "best": _("best"),
        "good": _("good"),
        "inaccuracy": _("inaccuracy"),
        "mistake": _("mistake"),
        "blunder": _("blunder"),
    }[label]


def kind_name(kind: str, facts: dict | None = None) -> str:
    """The kind of mistake in a few words; with the move's ``facts``, as that move made it
    (a jack played on an empty table is not "spent on a small pile")."""
    if kind == "jack_spent" and facts is not None and not facts["pile"]:
        return _("jack spent on an empty table")
    return {
        "pisti_missed": _("missed pişti"),
        "capture_missed": _("missed capture"),
        "lone_card": _("lone card left for the opponent"),
        "jack_spent": _("jack spent on a small pile"),
        "last_capture": _("last capture given up"),
        "feeds_pile": _("pile fed to the next player"),
        "safe_card": _("safe card not used"),
        "points_offered": _("points left on the pile"),
        "point_cards": _("point cards lost later"),
        "most_cards": _("most cards put at risk"),
        "pisti_chances": _("pişti chances given away"),
        "value": _("weaker card"),
    }[kind]


# A loss that goes mostly to one part of the rest of the deal (pisti.analysis.loss_parts).
LATER_PARTS = {
    "point_cards": lambda: _(
        "The %(card)s keeps about %(gain)s points more on average, most of them in the "
        "point cards taken later in the deal."
    ),
    "most_cards": lambda: _(
        "The %(card)s keeps about %(gain)s points more on average, most of them through "
        "the bonus for the most cards."
    ),
    "pisti_chances": lambda: _(
        "The %(card)s keeps about %(gain)s points more on average, most of them in piştis "
        "made or given away later in the deal."
    ),
}


def reason(move: dict) -> str:
    """One line, in the visitor's language, from what the search saw; each sentence opens
    with a capital, also where a card's name leads it ("kupa dördü" in Turkish)."""
    return _sentences(_reason(move))


# the first letter of the line and of every sentence after it
SENTENCE_START = re.compile(r"(^|[.!?]\s+)(\w)")


def _sentences(text: str) -> str:
    """``text`` with a capital at the start of each sentence (a card's name may lead one)."""
    return SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), text)


def best_card_facts(view, best: str) -> dict:
    """What the position says of the best card, beside a move's stored facts: whether it
    takes the pile, and whether it makes a pişti (the jack's reasons turn on these)."""
    kind = view.capture_kind(parse_card(best))
    return {
        "best_takes": kind is not None,
        "best_pisti": kind in (PISTI, JACK_PISTI),
        # the unseen cards of each rank, and the rank on top: what counting tells of a card
        # laid on the pile (see counting_fact)
        "unseen_ranks": rank_counts(unseen_cards(view)),
        "top_rank": None if view.top is None else view.top >> 2,
    }


def _jack_played(move: dict) -> bool:
    """A jack played where another card was best, on a pile it takes (the stored kinds
    name the jack only for a pile of two cards at most; a bigger one was "later in the
    deal", which told a new player nothing about keeping the jack)."""
    facts = move["facts"]
    return (
        move["kind"] not in ("best", "close", "pisti_missed", "capture_missed", "last_capture")
        and parse_card(facts["played"]) >> 2 == JACK
        and parse_card(facts["best"]) >> 2 != JACK
        and facts["pile"] > 0
    )


def _jack_reason(move: dict, best: str, gain: str) -> str:
    """Why the jack was the wrong card, from what the caller knows of the best card: it
    makes a pişti of the lone card (a jack taking it makes none), it takes the same pile
    (and keeps the jack), or neither (the jack is spent; the numbers say the rest)."""
    facts = move["facts"]
    if move.get("best_pisti"):
        return _(
            "A jack takes the lone card too, but that is no pişti: only the %(card)s, of the "
            "same rank, makes one."
        ) % {"card": best}
    if move.get("best_takes"):
        return ngettext(
            "Both take the pile of %(n)s card, but the %(card)s takes it and keeps your jack, "
            "which can take any pile later.",
            "Both take the pile of %(n)s cards, but the %(card)s takes it and keeps your "
            "jack, which can take any pile later.",
            facts["pile"],
        ) % {"n": facts["pile"], "card": best}
    if move["kind"] == "jack_spent":
        return ""  # its own sentence says it
    spent = ngettext(
        "Spends a jack on a pile of %(n)s card; kept, it could take a bigger pile later.",
        "Spends a jack on a pile of %(n)s cards; kept, it could take a bigger pile later.",
        facts["pile"],
    ) % {"n": facts["pile"]}
    later = LATER_PARTS.get(move["kind"])
    rest = later() % {"card": best, "gain": gain} if later else _gain(move, best, gain)
    return f"{spent} {rest}"


def _gain(move: dict, best: str, gain: str) -> str:
    """What the best card keeps more, as the search found it: over every hand the
    opponent can hold where it was solved exactly ("keeps about" said of an exact count
    read as a guess), else on average over the deals it played out."""
    if move.get("exact"):
        return _(
            "The %(card)s is worth %(gain)s points more on average over every hand the "
            "opponent can hold."
        ) % {"card": best, "gain": gain}
    return _("The %(card)s keeps about %(gain)s points more on average.") % {
        "card": best,
        "gain": gain,
    }


def _reason(move: dict) -> str:
    facts = move["facts"]
    kind = move["kind"]
    if kind == "best":
        return _("The search agrees with your card.")
    best = card_words(parse_card(facts["best"]))
    gain = points_text(move.get("loss", facts.get("gain", 0)))  # the number the header shows
    jack = _jack_reason(move, best, gain) if _jack_played(move) else ""
    if jack:
        return jack
    if kind == "close":
        if move.get("label") == "best":
            return _("As good as the %(card)s: on average both keep the same points.") % {
                "card": best
            }
        return _(
            "Nearly as good as the %(card)s, which keeps only about %(gain)s points more on "
            "average."
        ) % {"card": best, "gain": gain}
    if kind == "pisti_missed":
        return _("The %(card)s takes the lone card for a pişti.") % {"card": best}
    if kind == "capture_missed":
        return ngettext(
            "The %(card)s takes the pile of %(n)s card.",
            "The %(card)s takes the pile of %(n)s cards.",
            facts["pile"],
        ) % {"card": best, "n": facts["pile"]}
    if kind == "last_capture":
        return _("Gives up the last capture: the %(card)s takes it.") % {"card": best}
    if kind == "jack_spent":
        # what the jack was for, said with the spending: a new player sees a capture, not a loss
        if not facts["pile"]:
            return _(
                "Spends a jack on an empty table, where it takes nothing; kept, a jack can "
                "take a whole pile later."
            )
        if facts.get("last_jack"):
            return ngettext(
                "Spends your only jack on a pile of %(n)s card; kept, it could take a bigger "
                "pile later.",
                "Spends your only jack on a pile of %(n)s cards; kept, it could take a bigger "
                "pile later.",
                facts["pile"],
            ) % {"n": facts["pile"]}
        return ngettext(
            "Spends a jack on a pile of %(n)s card; kept, it could take a bigger pile later.",
            "Spends a jack on a pile of %(n)s cards; kept, it could take a bigger pile later.",
            facts["pile"],
        ) % {"n": facts["pile"]}
    shares = {
        "percent": percent_text(facts.get("percent", 0)),
        "best_percent": percent_text(facts.get("percent_best", 0)),
        "card": card_words(parse_card(facts["best"]), ACCUSATIVE),  # "after playing it"
    }
    if kind == "lone_card":
        return (
            _(
                "Leaves a lone card. From what you could know, the next player would hold a "
                "match or a jack in about %(percent)s of the possible deals (after the "
                "%(card)s: %(best_percent)s)."
            )
            % shares
        )
    if kind == "feeds_pile":
        return (
            _(
                "From what you could know, the next player could take this pile in about "
                "%(percent)s of the possible deals (after the %(card)s: %(best_percent)s)."
            )
            % shares
        )
    if kind == "safe_card":
        # the gain as the search found it: 372 safe cards of exact puzzles said "keeps about"
        return f"{_open_to_capture(facts)}{_safe_card(facts, best)} {_gain(move, best, gain)}"
    if kind == "points_offered":
        return ngettext(
            "The %(played)s, worth %(n)s point, stays on the pile for whoever takes it next; "
            "the %(card)s keeps about %(gain)s points more on average.",
            "The %(played)s, worth %(n)s points, stays on the pile for whoever takes it next; "
            "the %(card)s keeps about %(gain)s points more on average.",
            facts["points"],
        ) % {
            "played": card_words(parse_card(facts["played"])),
            "n": facts["points"],
            "card": best,
            "gain": gain,
        }
    if kind in LATER_PARTS:
        return LATER_PARTS[kind]() % {"card": best, "gain": gain}
    return counting_fact(move) + _gain(move, best, gain)


def _laid_counts(move: dict) -> tuple[int, int] | None:
    """(unseen cards of the best card's rank, of the played card's) where both cards are
    laid on the pile without taking it and neither is a jack: the next player takes it
    with a card of the rank on top (or a jack, the same for both). ``None`` otherwise, and
    for a move stored without the counts."""
    facts, ranks = move["facts"], move.get("unseen_ranks")
    if not ranks or move.get("best_takes"):
        return None
    best, played = parse_card(facts["best"]) >> 2, parse_card(facts["played"]) >> 2
    if JACK in (best, played) or (facts["pile"] and move.get("top_rank") == played):
        return None
    return ranks[best], ranks[played]


def counting_fact(move: dict) -> str:
    """The counting fact behind a plain "worth N points more", where it favours the best
    card: fewer unseen cards of its rank can take it off the top of the pile (a last-round
    puzzle said only the number: one nine out against two tens was the lesson)."""
    counts = _laid_counts(move)
    if counts is None or counts[0] >= counts[1]:
        return ""
    facts = move["facts"]
    return _(
        "Unseen cards of the same rank: %(best_n)s for the %(card)s, %(played_n)s for the "
        "%(played)s; after the %(card)s the next player is less likely to hold a card that "
        "takes the pile. "
    ) % {
        "best_n": counts[0],
        "played_n": counts[1],
        "card": card_words(parse_card(facts["best"])),
        "played": card_words(parse_card(facts["played"])),
    }


def what_it_gives_away(move: dict) -> str:
    """After a wrong try, before the solution: what the card chosen gives away, in plain
    words and without naming the better card (the player may want another try). Empty
    where the numbers say it all (a plain "weaker card")."""
    return _sentences(_given_away(move))


def _given_away(move: dict) -> str:
    facts = move["facts"]
    if not _jack_played(move):
        return _given_away_by_kind(move)
    if move.get("best_pisti"):
        return _(
            "A jack takes the lone card too, but that is no pişti; one of your cards makes one."
        )
    if move.get("best_takes"):
        return _("Another of your cards takes the same pile and keeps the jack for later.")
    if move["kind"] != "jack_spent":
        spent = ngettext(
            "It spends a jack on a pile of %(n)s card.",
            "It spends a jack on a pile of %(n)s cards.",
            facts["pile"],
        ) % {"n": facts["pile"]}
        return f"{spent} {_given_away_by_kind(move)}".strip()
    return _given_away_by_kind(move)


def _given_away_by_kind(move: dict) -> str:
    facts = move["facts"]
    kind = move["kind"]
    if kind == "pisti_missed":
        return _("One of your cards takes the lone card on the table for a pişti.")
    if kind == "capture_missed":
        return ngettext(
            "One of your cards takes the pile of %(n)s card; this one takes nothing.",
            "One of your cards takes the pile of %(n)s cards; this one takes nothing.",
            facts["pile"],
        ) % {"n": facts["pile"]}
    if kind == "last_capture":
        return _(
            "It gives up the last capture, and with it the cards left on the table at the end."
        )
    if kind == "jack_spent":
        if not facts["pile"]:
            return _("It spends a jack on an empty table, where it takes nothing.")
        if facts.get("last_jack"):
            return ngettext(
                "It spends your only jack on a pile of %(n)s card.",
                "It spends your only jack on a pile of %(n)s cards.",
                facts["pile"],
            ) % {"n": facts["pile"]}
        return ngettext(
            "It spends a jack on a pile of %(n)s card.",
            "It spends a jack on a pile of %(n)s cards.",
            facts["pile"],
        ) % {"n": facts["pile"]}
    percent = {"percent": percent_text(facts.get("percent", 0))}
    if kind == "lone_card":
        return (
            _(
                "It leaves a lone card: from what you could know, the next player would hold "
                "a match or a jack in about %(percent)s of the possible deals."
            )
            % percent
        )
    if kind == "feeds_pile":
        return (
            _(
                "From what you could know, the next player could take the pile after it in "
                "about %(percent)s of the possible deals."
            )
            % percent
        )
    if kind == "safe_card":
        # "safe" only where no jack is left either: an unseen jack can still take the pile
        safe = (
            _("Another of your cards is safe on top of the pile: no unseen card matches it.")
            if not facts.get("jacks_unseen", 1)
            else _(
                "On top of the pile, another of your cards can be taken only by a jack: no "
                "unseen card matches it."
            )
        )
        return (_open_to_capture(facts) + safe).strip()
    if kind == "points_offered":
        return ngettext(
            "The %(played)s, worth %(n)s point, stays on the pile for whoever takes it next.",
            "The %(played)s, worth %(n)s points, stays on the pile for whoever takes it next.",
            facts["points"],
        ) % {"played": card_words(parse_card(facts["played"])), "n": facts["points"]}
    if kind in LATER_LOSSES:
        return LATER_LOSSES[kind]()
    counts = _laid_counts(move) if kind == "value" else None
    if counts is not None and counts[0] < counts[1]:
        return ngettext(
            "On top of the pile it can be taken by %(n)s unseen card of its rank; another of "
            "your cards has fewer out.",
            "On top of the pile it can be taken by %(n)s unseen cards of its rank; another of "
            "your cards has fewer out.",
            counts[1],
        ) % {"n": counts[1]}
    return ""


# Where a wrong card's points go later in the deal, said of the card chosen.
LATER_LOSSES = {
    "point_cards": lambda: _("Most of what it loses is point cards taken later in the deal."),
    "most_cards": lambda: _("Most of what it loses is the bonus for the most cards."),
    "pisti_chances": lambda: _(
        "Most of what it loses is piştis made or given away later in the deal."
    ),
}


def percent_text(percent) -> str:
    """ "53 %" in the visitor's format, never broken between the number and the sign."""
    return (_("%(p)s %%") % {"p": percent}).replace(" ", "\u00a0")


def _open_to_capture(facts: dict) -> str:
    """What is wrong with the card played, first ("why not that card?"): copies of its rank
    are still out, so another player can take it (older analyses lack the count)."""
    n = facts.get("played_unseen")
    if not n:
        return ""
    if facts.get("pile") == 0:  # alone on an empty table: the next player's match is a pişti
        text = ngettext(
            "Alone on the empty table, that card can be taken for a pişti: %(n)s card of "
            "the same rank is unseen.",
            "Alone on the empty table, that card can be taken for a pişti: %(n)s cards of "
            "the same rank are unseen.",
            n,
        )
    else:
        text = ngettext(
            "That card can still be taken: %(n)s card of the same rank is unseen.",
            "That card can still be taken: %(n)s cards of the same rank are unseen.",
            n,
        )
    return text % {"n": n} + " "


def _safe_card(facts: dict, best: str) -> str:
    """Why the best card is safe: while it lies on top of the pile nobody can take the pile
    (no unseen card matches it, and maybe no jack is left). Not "nobody can take it": a
    card laid on it later can still be matched, and the last capture sweeps it up."""
    if not facts.get("jacks_unseen", 1):  # older analyses lack it
        return _(
            "No card that matches the %(card)s and no jack is left unseen (the others are "
            "played or in your hand): while it lies on top of the pile, nobody can take the "
            "pile."
        ) % {"card": best}
    return _(
        "No card that matches the %(card)s is left unseen (the others are played or in "
        "your hand): while it lies on top of the pile, only a jack can take the pile."
    ) % {"card": best}
