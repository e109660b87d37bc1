"""A match (docs/engine.md, "Matches"): deals added to running totals until a side wins.

:func:`match_outcome` is pure so the score sheet can decide a match from totals alone.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from .record import InvalidRecord, deal_record, state_from_record
from .rules import InvalidRules, Rules
from .scoring import deal_points
from .state import GameState, new_deal

MATCH_FORMAT = "pisti-match/1"


@dataclass(frozen=True)
class Outcome:
    over: bool
    winners: tuple[int, ...] = ()  # one side, or several for a shared win

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


def match_outcome(totals: list[int], deals_played: int, rules: Rules) -> Outcome:
    """Who has won after ``deals_played`` deals with these totals, if anyone.

    ``totals`` are what the match is decided on (:func:`match_totals`): deal points, or
    deals won with ``match_scoring: "deals"``.
    """
    if not totals:
        return Outcome(False)
    best = max(totals)
    leaders = tuple(side for side, total in enumerate(totals) if total == best)
    if rules.max_deals is not None and deals_played >= rules.max_deals:
        return Outcome(True, leaders)
    if rules.match_scoring == "deals":
        # one match point per deal, so the first side to reach the target is alone there
        return Outcome(True, leaders) if best >= rules.deals_target else Outcome(False)
    if best >= rules.target and (len(leaders) == 1 or rules.target_tie == "shared"):
        return Outcome(True, leaders)
    return Outcome(False)


def match_points(points: list[int]) -> list[int]:
    """What one deal adds under ``match_scoring: "deals"``: 1 to a strict leader, else 0."""
    best = max(points)
    if points.count(best) != 1:
        return [0] * len(points)
    return [int(p == best) for p in points]


def match_totals(deals: list[list[int]], rules: Rules) -> list[int]:
    """The running totals a match is decided on, from each deal's points per side."""
    rows = [match_points(p) for p in deals] if rules.match_scoring == "deals" else deals
    return [sum(column) for column in zip(*rows, strict=True)] or [0] * rules.sides


@dataclass(frozen=True)
class MatchProgress:
    """A match read deal by deal: where it ended, and the totals at that point."""

    outcome: Outcome
    deals_counted: int  # deals up to and including the one that ended the match
    totals: list[int]  # the deciding totals after ``deals_counted`` deals


def decide_match(deals: list[list[int]], rules: Rules) -> MatchProgress:
    """Walk the deals in order and stop at the first one after which the rules end the match.

    Deals entered after that (at a real table, by mistake or habit) never change the
    result: a match is won when it ends, not by whoever leads later.
    """
    for played in range(1, len(deals) + 1):
        totals = match_totals(deals[:played], rules)
        outcome = match_outcome(totals, played, rules)
        if outcome.over:
            return MatchProgress(outcome, played, totals)
    totals = match_totals(deals, rules)
    return MatchProgress(match_outcome(totals, len(deals), rules), len(deals), totals)


class Match:
    """Deals in order, the dealer moving one seat each deal, and the running totals."""

    def __init__(self, rules: Rules, first_dealer: int = 0) -> None:
        if type(first_dealer) is not int or not 0 <= first_dealer < rules.players:
            raise ValueError(f"first dealer must be a seat from 0 to {rules.players - 1}")
        self.rules = rules
        self.first_dealer = first_dealer
        self.finished: list[GameState] = []
        self.points: list[list[int]] = []
        self.current: GameState | None = None

    @property
    def totals(self) -> list[int]:
        """The totals the match is decided on: deal points, or deals won."""
        return match_totals(self.points, self.rules)

    @property
    def point_totals(self) -> list[int]:
        """Deal points added up, whatever the match is decided on."""
        return [sum(column) for column in zip(*self.points, strict=True)] or [0] * self.rules.sides

    @property
    def outcome(self) -> Outcome:
        return match_outcome(self.totals, len(self.finished), self.rules)

    @property
    def next_dealer(self) -> int:
        return (self.first_dealer + len(self.finished)) % self.rules.players

    def start_deal(self, *, rng: random.Random | None = None, deck=None) -> GameState:
        if self.outcome.over:
            raise ValueError("the match is over")
        if self.current is not None and not self.current.is_over:
            raise ValueError("the current deal is not finished")
        self.current = new_deal(self.rules, rng=rng, deck=deck, dealer=self.next_dealer)
        return self.current

    def finish_deal(self) -> list[int]:
        """Add the finished current deal's points to the totals."""
        state = self.current
        if state is None or not state.is_over:
            raise ValueError("there is no finished deal to add")
        points = deal_points(state)
        self.finished.append(state)
        self.points.append(points)
        self.current = None
        return points

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": MATCH_FORMAT,
            "rules": self.rules.changes(),
            "first_dealer": self.first_dealer,
            "deals": [deal_record(s) for s in self.finished],
            "current": deal_record(self.current) if self.current else None,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Match:
        if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
            raise InvalidRecord(f"a match must be a JSON object with format {MATCH_FORMAT!r}")
        try:
            rules = Rules.from_dict(data.get("rules"))
        except InvalidRules as error:
            raise InvalidRecord(str(error)) from None
        match = cls(rules, data.get("first_dealer", 0))
        for record in data.get("deals", []):
            match.current = state_from_record({**record, "rules": data.get("rules")})
            match.finish_deal()
        if data.get("current"):
            match.current = state_from_record({**data["current"], "rules": data.get("rules")})
        return match

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> Match:
        return cls.from_dict(json.loads(text))
