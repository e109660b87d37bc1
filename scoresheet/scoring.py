"""Points, totals and the winner of a score sheet, all computed by the engine.

A detailed deal records what each side took, with its jack captures split by kind (on a
lone jack, on a lone card of another rank, on an empty table), so that every jack house
rule can be applied after the fact: the same table, re-scored under new rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from pisti import Rules, Tally, match_outcome, score_tallies

DETAILED_FIELDS = ("cards", "aces", "jacks", "two_of_clubs", "ten_of_diamonds", "pisti",
                   "jack_on_jack", "jack_on_card", "jack_on_empty")


def tally_under(entry: dict, rules: Rules) -> Tally:
    """One side's detailed entry as the engine's tally under ``rules``."""
    pisti, jack_pisti = entry["pisti"], 0
    for count, kind in ((entry["jack_on_jack"], rules.jack_on_lone_jack),
                        (entry["jack_on_card"], rules.jack_on_lone_card)):
        if kind == "pisti":
            pisti += count
        elif kind == "jack_pisti":
            jack_pisti += count
    if rules.jack_on_empty_table:
        pisti += entry["jack_on_empty"]
    return Tally(cards=entry["cards"], aces=entry["aces"], jacks=entry["jacks"],
                 two_of_clubs=entry["two_of_clubs"], ten_of_diamonds=entry["ten_of_diamonds"],
                 pisti=pisti, jack_pisti=jack_pisti)


def deal_scores(deal, rules: Rules):
    """The engine's per-side scores of a detailed deal (``None`` for a quick one)."""
    if deal.mode != "detailed":
        return None
    return score_tallies([tally_under(e, rules) for e in deal.entry["sides"]], rules)


def deal_points(deal, rules: Rules) -> list[int]:
    scores = deal_scores(deal, rules)
    return [s.points for s in scores] if scores else list(deal.entry["points"])


def base_points(rules: Rules) -> tuple[int, ...]:
    """What a deal without piştis hands out: card points, with or without the majority."""
    cards = 4 + 4 + rules.two_of_clubs_points + rules.ten_of_diamonds_points
    return (cards + rules.majority_bonus, cards)


def quick_entry_possible(points: list[int], rules: Rules) -> bool:
    """Whether some number of piştis and jack piştis explains a quick entry's total."""
    total = sum(points)
    for base in base_points(rules):
        rest = total - base
        for jack_piştis in range(0, 27):
            remainder = rest - jack_piştis * rules.jack_pisti_points
            if remainder < 0:
                break
            if remainder % rules.pisti_points == 0 and remainder // rules.pisti_points <= 26:
                return True
    return False


@dataclass
class Row:
    deal: object
    points: list[int]
    totals: list[int]
    scores: list | None


@dataclass
class Standings:
    rows: list[Row]
    totals: list[int]
    needed: list[int]
    leaders: list[int]
    over: bool
    winners: list[int]


def standings(deals, sides: int, rules: Rules) -> Standings:
    totals = [0] * sides
    rows = []
    for deal in deals:
        points = deal_points(deal, rules)
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        rows.append(Row(deal, points, list(totals), deal_scores(deal, rules)))
    outcome = match_outcome(totals, len(rows), rules)
    best = max(totals) if rows else None
    return Standings(
        rows=rows, totals=totals,
        needed=[max(0, rules.target - t) for t in totals],
        leaders=[s for s, t in enumerate(totals) if rows and t == best],
        over=outcome.over, winners=list(outcome.winners),
    )
