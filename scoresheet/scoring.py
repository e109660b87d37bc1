"""Points, totals and the winner of a score sheet, all computed by the engine.

A detailed deal records what each side took, with its jack captures split by kind (on a
lone jack, on a lone card of another rank, on an empty table), so that every jack house
rule can be applied after the fact: the same table, re-scored under new rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pisti import Rules, Tally, decide_match, score_tallies
from pisti.match import match_points

DETAILED_FIELDS = (
    "cards",
    "aces",
    "jacks",
    "two_of_clubs",
    "ten_of_diamonds",
    "pisti",
    "jack_on_jack",
    "jack_on_card",
    "jack_on_empty",
)


def tally_under(entry: dict, rules: Rules) -> Tally:
    """One side's detailed entry as the engine's tally under ``rules``."""
    pisti, jack_pisti = entry["pisti"], 0
    for count, kind in (
        (entry["jack_on_jack"], rules.jack_on_lone_jack),
        (entry["jack_on_card"], rules.jack_on_lone_card),
    ):
        if kind == "pisti":
            pisti += count
        elif kind == "jack_pisti":
            jack_pisti += count
    if rules.jack_on_empty_table:
        pisti += entry["jack_on_empty"]
    return Tally(
        cards=entry["cards"],
        aces=entry["aces"],
        jacks=entry["jacks"],
        two_of_clubs=entry["two_of_clubs"],
        ten_of_diamonds=entry["ten_of_diamonds"],
        pisti=pisti,
        jack_pisti=jack_pisti,
    )


def deal_scores(deal, rules: Rules):
    """The engine's per-side scores of a detailed deal (``None`` for a quick one)."""
    if deal.mode != "detailed":
        return None
    return score_tallies([tally_under(e, rules) for e in deal.entry["sides"]], rules)


def deal_points(deal, rules: Rules) -> list[int]:
    scores = deal_scores(deal, rules)
    return [s.points for s in scores] if scores else list(deal.entry["points"])


# What one deal of 52 cards allows: 48 cards are played after the four on the table, and
# the first capture (which takes the opening cards) is never a pişti, so at most 47 played
# cards remain for piştis, each taking a lone card and the card played on it (two cards),
# or a jack on an empty table (one card). Four jacks bound every jack capture.
PLAYED_AFTER_FIRST_CAPTURE = 47
MOST_PISTIS = PLAYED_AFTER_FIRST_CAPTURE // 2  # 23
JACKS = 4


def base_points(rules: Rules) -> tuple[int, ...]:
    """What a deal without piştis hands out: card points, with or without the majority."""
    cards = 4 + 4 + rules.two_of_clubs_points + rules.ten_of_diamonds_points
    return (cards + rules.majority_bonus, cards)


def _event_points(kind: str, rules: Rules) -> int:
    return {"pisti": rules.pisti_points, "jack_pisti": rules.jack_pisti_points}.get(kind, 0)


@lru_cache(maxsize=64)
def possible_pisti_points(rules: Rules) -> frozenset[int]:
    """Every pişti total one deal can hand out under ``rules``, over all sides together.

    Counts the capture kinds a detailed entry takes (same rank on a lone card, jack on a
    lone jack, jack on a lone card, jack on an empty table) within what 52 cards allow,
    and prices each kind by the rules: a jack pişti is only possible when a jack rule
    makes one.
    """
    lone_jack = _event_points(rules.jack_on_lone_jack, rules)
    lone_card = _event_points(rules.jack_on_lone_card, rules)
    empty = rules.pisti_points if rules.jack_on_empty_table else 0
    totals = set()
    for on_jack in range(JACKS // 2 + 1):
        for on_card in range(JACKS - 2 * on_jack + 1):
            for on_empty in range(JACKS - 2 * on_jack - on_card + 1):
                room = PLAYED_AFTER_FIRST_CAPTURE - on_empty - 2 * (on_jack + on_card)
                if room < 0:
                    continue
                jack_points = on_jack * lone_jack + on_card * lone_card + on_empty * empty
                for same_rank in range(room // 2 + 1):
                    totals.add(jack_points + same_rank * rules.pisti_points)
    return frozenset(totals)


def quick_entry_possible(points: list[int], rules: Rules) -> bool:
    """Whether some deal under these rules hands out this total in all (a quick entry)."""
    total = sum(points)
    return any(total - base in possible_pisti_points(rules) for base in base_points(rules))


@dataclass
class Row:
    deal: object
    points: list[int]
    totals: list[int] | None  # running deal points; None once the match has ended
    scores: list | None
    won: list[int] | None = None  # running deals won, with match_scoring "deals"
    after_end: bool = False
    deal_won: list[int] | None = None  # 1 for the side that won this deal ("deals")


@dataclass
class Standings:
    rows: list[Row]
    totals: list[int]  # deal points up to the deal that ended the match
    needed: list[int]
    leaders: list[int]
    over: bool
    winners: list[int]
    deals_counted: int
    deals_won: list[int] | None  # with match_scoring "deals"
    by_deals: bool


def standings(deals, sides: int, rules: Rules) -> Standings:
    """The sheet read deal by deal; deals after the one that ended the match count for
    nothing (a match is won when it ends, not by whoever leads later)."""
    per_deal = [deal_points(deal, rules) for deal in deals]
    progress = decide_match(per_deal, rules)
    by_deals = rules.match_scoring == "deals"
    totals, won, rows = [0] * sides, [0] * sides, []
    for index, (deal, points) in enumerate(zip(deals, per_deal, strict=True)):
        row = Row(deal, points, None, deal_scores(deal, rules))
        if by_deals:
            row.deal_won = match_points(points)
        if index < progress.deals_counted:
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            won = [w + m for w, m in zip(won, match_points(points), strict=True)]
            row.totals, row.won = list(totals), list(won) if by_deals else None
        else:
            row.after_end = True
        rows.append(row)
    deciding = won if by_deals else totals
    goal = rules.deals_target if by_deals else rules.target
    best = max(deciding) if progress.deals_counted else None
    return Standings(
        rows=rows,
        totals=totals,
        needed=[max(0, goal - t) for t in deciding],
        leaders=[s for s, t in enumerate(deciding) if best is not None and t == best],
        over=progress.outcome.over,
        winners=list(progress.outcome.winners),
        deals_counted=progress.deals_counted,
        deals_won=won if by_deals else None,
        by_deals=by_deals,
    )
