"""The rules object (docs/engine.md, "The rules object"): every house rule as one frozen value.

``Rules.from_dict`` is the only way untrusted input becomes rules, so it is strict: an
unknown key, a wrong JSON type or a value out of range raises ``ValueError`` naming the
key and what it allows. The dataclass itself holds only valid rules.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from typing import Any

OPENINGS = ("three_down_one_up", "four_up")
FACE_UP_JACK = ("return", "keep")
JACK_ON_LONE_JACK = ("jack_pisti", "pisti")
JACK_ON_LONE_CARD = ("none", "pisti", "jack_pisti")
TARGET_TIE = ("play_on", "shared")
MAJORITY_RULES = ("most", "over_half")
MATCH_SCORING = ("points", "deals")


class InvalidRules(ValueError):
    """A rules object with an unknown key or a value the contract does not allow."""


def _int_range(lo: int, hi: int, step: int = 1):
    def check(value: Any) -> bool:
        return type(value) is int and lo <= value <= hi and (value - lo) % step == 0

    allowed = f"an integer from {lo} to {hi}" + (f" in steps of {step}" if step > 1 else "")
    return check, allowed


def _one_of(*choices):
    def check(value: Any) -> bool:
        return any(type(value) is type(c) and value == c for c in choices)

    return check, "one of " + ", ".join(json.dumps(c) for c in choices)


def _max_deals(value: Any) -> bool:
    return value is None or (type(value) is int and 1 <= value <= 50)


_CHECKS = {
    "players": _one_of(2, 3, 4),
    "partnerships": _one_of(False, True),
    "opening": _one_of(*OPENINGS),
    "face_up_jack": _one_of(*FACE_UP_JACK),
    "pisti_points": _int_range(5, 20),
    "jack_pisti_points": _int_range(10, 40, 5),
    "jack_on_lone_jack": _one_of(*JACK_ON_LONE_JACK),
    "jack_on_lone_card": _one_of(*JACK_ON_LONE_CARD),
    "jack_on_empty_table": _one_of(False, True),
    "last_card_pisti": _one_of(False, True),
    "majority_bonus": _int_range(0, 10),
    "majority_rule": _one_of(*MAJORITY_RULES),
    "two_of_clubs_points": _int_range(0, 10),
    "ten_of_diamonds_points": _int_range(0, 10),
    "target": _int_range(50, 500),
    "target_tie": _one_of(*TARGET_TIE),
    "max_deals": (_max_deals, "null or an integer from 1 to 50"),
    "match_scoring": _one_of(*MATCH_SCORING),
    "deals_target": _int_range(1, 25),
}


@dataclass(frozen=True)
class Rules:
    """House rules for a deal and a match. Defaults are the strict common rules."""

    players: int = 2
    partnerships: bool | None = None  # None: true with 4 players, false otherwise
    opening: str = "three_down_one_up"
    face_up_jack: str = "return"
    pisti_points: int = 10
    jack_pisti_points: int = 20
    jack_on_lone_jack: str = "jack_pisti"
    jack_on_lone_card: str = "none"
    jack_on_empty_table: bool = False
    last_card_pisti: bool = False
    majority_bonus: int = 3
    majority_rule: str = "most"  # "over_half": the bonus needs at least 27 of the 52 cards
    two_of_clubs_points: int = 2
    ten_of_diamonds_points: int = 3
    target: int = 151
    target_tie: str = "play_on"
    max_deals: int | None = None
    match_scoring: str = "points"  # "deals": one match point per deal won
    deals_target: int = 5  # match points that win with match_scoring "deals"

    def __post_init__(self) -> None:
        if self.partnerships is None:
            object.__setattr__(self, "partnerships", self.players == 4)
        for f in fields(self):
            value = getattr(self, f.name)
            check, allowed = _CHECKS[f.name]
            if not check(value):
                raise InvalidRules(f"rules: {f.name} must be {allowed}, not {_show(value)}")
        if self.partnerships and self.players != 4:
            raise InvalidRules(
                f"rules: partnerships must be false with {self.players} players "
                "(partnerships need exactly 4 players)"
            )

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Build rules from a decoded JSON object, refusing anything the contract refuses."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise InvalidRules(f"rules must be a JSON object, not {_show(data)}")
        unknown = sorted(set(data) - set(_CHECKS))
        if unknown:
            raise InvalidRules(
                f"rules: unknown key {unknown[0]!r}; allowed keys are {', '.join(_CHECKS)}"
            )
        if "partnerships" in data and data["partnerships"] is None:
            # None means "the default" only in Python; JSON must say true or false
            allowed = _CHECKS["partnerships"][1]
            raise InvalidRules(f"rules: partnerships must be {allowed}, not null")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """The full rules object, every key present (as sent to bots)."""
        return asdict(self)

    def changes(self) -> dict[str, Any]:
        """Only the keys that differ from the defaults (for compact records)."""
        default = Rules(players=self.players)
        out = {k: v for k, v in self.to_dict().items() if getattr(default, k) != v}
        if self.players != 2:
            out["players"] = self.players
        return out

    @property
    def sides(self) -> int:
        return 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat


def _show(value: Any) -> str:
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)
