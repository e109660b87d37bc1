"""The end of a deal as every table shows it: each side's score, the totals, the winners.

One presenter and one template (``templates/includes/deal_end.html``) for the practice
game and the tables with friends. Only called once a deal is over, when every card of it
is public, so nothing here can tell a hand.
"""

from __future__ import annotations

from pisti import score_deal
from pisti.match import match_points

from .totals_chart import chart_svg


def plays_for_deals(rules) -> bool:
    """``match_scoring: "deals"``: the match is won on deals won, not on points."""
    return rules.match_scoring == "deals"


def goal(rules) -> int:
    return rules.deals_target if plays_for_deals(rules) else rules.target


def running_totals(match) -> list[list[int]]:
    """The deciding totals after each deal: points, or deals won in a deals match."""
    totals, rows = [0] * match.rules.sides, []
    for points in match.points:
        counted = match_points(points) if plays_for_deals(match.rules) else points
        totals = [t + p for t, p in zip(totals, counted, strict=True)]
        rows.append(list(totals))
    return rows


def totals_chart(match, names: list[str]) -> str:
    return chart_svg(running_totals(match), names, goal(match.rules))


def deal_table(state, rules, names, match) -> list[dict]:
    """One row per side: the deal's score, the points total and, in a deals match, deals won."""
    rows = []
    totals, points = match.totals, match.point_totals
    for side, score in enumerate(score_deal(state)):
        rows.append(
            {
                "name": names[side],
                "score": score,
                "total": points[side],
                "deals_won": totals[side],
                "needed": max(0, goal(rules) - totals[side]),
            }
        )
    return rows


def deal_end_context(match, names: list[str]) -> dict:
    """What ``includes/deal_end.html`` shows for the last finished deal of ``match``;
    ``names`` are the sides' names. The page adds ``actions`` (and ``links``): the
    template names of its own buttons and links."""
    if match.current is not None or not match.finished:
        raise ValueError("the deal is not over")
    outcome = match.outcome
    return {
        "deal_table": deal_table(match.finished[-1], match.rules, names, match),
        "chart": totals_chart(match, names),
        "history": [
            {"deal": i + 1, "points": p, "totals": t}
            for i, (p, t) in enumerate(zip(match.points, running_totals(match), strict=True))
        ],
        "deals_match": plays_for_deals(match.rules),
        "match_over": outcome.over,
        "winners": [names[s] for s in outcome.winners],
        "finished_count": len(match.finished),
    }
