"""Property tests: every complete engine deal, tallied as a scorer would, is accepted by
the detailed form and scored as the engine scores it; impossible tallies never are."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pisti import Rules, score_deal
from scoresheet.forms import DetailedDealForm
from scoresheet.models import Deal
from scoresheet.scoring import deal_points
from scoresheet.tests.tally import play_and_count_captures

TABLES = [
    {"players": 2},
    {"players": 3},
    {"players": 4, "partnerships": False},
    {"players": 4, "partnerships": True},
]

# every house rule at both ends of its range (and every choice)
rules_strategy = st.builds(
    dict,
    table=st.sampled_from(TABLES),
    opening=st.sampled_from(["three_down_one_up", "four_up"]),
    face_up_jack=st.sampled_from(["return", "keep"]),
    pisti_points=st.sampled_from([5, 20]),
    jack_pisti_points=st.sampled_from([10, 40]),
    jack_on_lone_jack=st.sampled_from(["jack_pisti", "pisti"]),
    jack_on_lone_card=st.sampled_from(["none", "pisti", "jack_pisti"]),
    jack_on_empty_table=st.booleans(),
    last_card_pisti=st.booleans(),
    majority_bonus=st.sampled_from([0, 10]),
    majority_rule=st.sampled_from(["most", "over_half"]),
    two_of_clubs_points=st.sampled_from([0, 10]),
    ten_of_diamonds_points=st.sampled_from([0, 10]),
).map(lambda d: Rules(**d.pop("table"), **d))


def play_and_tally(rules: Rules, seed: int):
    """A random complete deal and what each side took, counted the way the form asks."""
    rng = random.Random(seed)
    state, counts = play_and_count_captures(rules, rng)
    engine = score_deal(state)
    sides = [
        {
            "cards": s.cards,
            "aces": s.aces,
            "jacks": s.jacks,
            "two_of_clubs": s.two_of_clubs,
            "ten_of_diamonds": s.ten_of_diamonds,
            **counts[i],
        }
        for i, s in enumerate(engine)
    ]
    return sides, [s.points for s in engine]


def form_for(sides) -> DetailedDealForm:
    data = {}
    for i, side in enumerate(sides):
        for key, value in side.items():
            if isinstance(value, bool):
                if value:
                    data[f"{key}_{i}"] = "on"
            else:
                data[f"{key}_{i}"] = str(value)
    return DetailedDealForm(data, names=[f"Side {i + 1}" for i in range(len(sides))])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy, seed=st.integers(0, 2**32))
def test_every_engine_deal_is_accepted_and_scored_as_the_engine_scores_it(rules, seed):
    sides, points = play_and_tally(rules, seed)
    form = form_for(sides)
    assert form.is_valid(), (sides, form.errors)
    deal = Deal(mode=Deal.DETAILED, entry=form.entry(), number=1)
    assert deal_points(deal, rules) == points


def _move_cards(sides, rng):
    sides[rng.randrange(len(sides))]["cards"] += rng.choice([-3, -1, 1, 2, 9])


def _extra_honour(sides, rng):
    key = rng.choice(["aces", "jacks"])
    side = rng.randrange(len(sides))
    sides[side][key] += 1 if sides[side][key] < 4 or rng.random() < 0.5 else -1


def _two_of_clubs_twice_or_never(sides, rng):
    owner = next(i for i, s in enumerate(sides) if s["two_of_clubs"])
    if rng.random() < 0.5:
        sides[owner]["two_of_clubs"] = False
    else:
        sides[(owner + 1) % len(sides)]["two_of_clubs"] = True


def _too_many_jack_captures(sides, rng):
    """More jack captures than four jacks allow, whatever the jacks column says."""
    side = sides[rng.randrange(len(sides))]
    side["jack_on_jack"] = 2
    side["jack_on_card"] = rng.choice([1, 4])


def _jack_captures_without_jacks(sides, rng):
    side = min(sides, key=lambda s: s["jacks"])
    side["jack_on_card"] = side["jacks"] - side["jack_on_jack"] * 2 - side["jack_on_empty"] + 1


def _too_many_pistis(sides, rng):
    total = sum(s[k] for s in sides for k in ("pisti", "jack_on_jack", "jack_on_card"))
    sides[rng.randrange(len(sides))]["pisti"] += max(1, 24 - total + rng.randrange(5))


def _too_many_pistis_for_the_cards(sides, rng):
    side = min(sides, key=lambda s: s["cards"])
    side["pisti"] = side["cards"] // 2 + 1


IMPOSSIBLE = [
    _move_cards,
    _extra_honour,
    _two_of_clubs_twice_or_never,
    _too_many_jack_captures,
    _jack_captures_without_jacks,
    _too_many_pistis,
    _too_many_pistis_for_the_cards,
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy, seed=st.integers(0, 2**32), breaking=st.sampled_from(IMPOSSIBLE))
def test_impossible_tallies_are_always_refused(rules, seed, breaking):
    sides, _points = play_and_tally(rules, seed)
    breaking(sides, random.Random(seed))
    assert not form_for(sides).is_valid(), sides
