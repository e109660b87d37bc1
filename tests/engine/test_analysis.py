"""The analysis: exact answers in the last cards, labels that respect the noise and hold
under a deeper independent look, the same label whatever the seed."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.analysis_agreement import _deep_world, check_deal
from pisti import Rules, new_deal, view_for
from pisti.analysis import (
    FLAGS,
    LABELS,
    LESSONS,
    MAIN_PART,
    MOST_WORLDS,
    MOST_WORLDS_BEST,
    PARTS,
    CardValue,
    Evaluation,
    advised_card,
    analyse_deal,
    best_card_bot,
    classify,
    decisions,
    evaluate,
    label,
    loss_parts,
)
from pisti.bots import make_bot
from pisti.bots.counting_playouts import CountingPlayouts
from pisti.bots.heuristics import card_points, unseen_cards
from pisti.bots.playout import shuffle_like, shuffle_steps, world_from
from pisti.duel import duel
from pisti.scoring import deal_points

NO_MAJORITY = Rules(majority_bonus=0)


def _expert_deal(seed: int, rules: Rules | None = None, level: str = "expert"):
    rules = rules or Rules()
    state = new_deal(rules, rng=random.Random(seed))
    bots = [make_bot(level, seed * 10 + seat) for seat in range(rules.players)]
    while not state.is_over:
        seat = state.current_player
        state.play(bots[seat].choose(view_for(state, seat)))
    return state


def _solve(state, seat) -> float:
    """Plain minimax with both hands open: the seat's points minus the other's."""
    if state.is_over:
        points = deal_points(state)
        return points[seat] - points[1 - seat]
    values = []
    for card in sorted(set(state.hands[state.current_player])):
        child = state.copy()
        child.play(card)
        values.append(_solve(child, seat))
    return max(values) if state.current_player == seat else min(values)


def _brute_force(view) -> dict[int, float]:
    """Every hand the opponent can hold (any of the unseen cards: nothing is inferred from
    its plays), each solved open-handed, averaged: written separately from the analysis,
    scoring with the engine's own deal_points (the cards taken before count towards the
    majority: the benchmark's world holds stand-ins for them)."""
    unseen = unseen_cards(view)
    hands = list(combinations(unseen, view.hand_sizes[1 - view.seat]))
    totals = dict.fromkeys(view.hand, 0.0)
    for hand in hands:
        world = _deep_world(view, list(hand) + [c for c in unseen if c not in hand], True)
        for card in view.hand:
            trial = world.copy()
            trial.play(card)
            totals[card] += _solve(trial, view.seat)
    return {card: total / len(hands) for card, total in totals.items()}


@pytest.mark.parametrize("seed", range(6))
def test_last_cards_are_solved_exactly_and_the_right_card_is_best(seed):
    state = _expert_deal(seed, NO_MAJORITY if seed % 2 else None)
    late = [(i, v, c) for i, v, c in decisions(state, 0) if not v.stock and len(v.hand) <= 3]
    assert late, "every deal ends with a last round"
    for _index, view, _card in late:
        evaluation = evaluate(view)
        assert evaluation.exact
        truth = _brute_force(view)
        assert truth[evaluation.best] == pytest.approx(max(truth.values()))
        for card, value in evaluation.values.items():
            assert value.value == pytest.approx(truth[card])
            assert value.stderr == 0


def _last_round_positions(count: int, seed: int = 5):
    """The first ``count`` last-round decisions with a choice (default rules, two players,
    dealt from ``seed``, played by the counting bot)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = new_deal(Rules(), rng=rng, dealer=rng.randrange(2))
        counting = make_bot("counting")
        while not state.is_over:
            view = view_for(state, state.current_player)
            if not state.stock_left and len(set(view.hand)) > 1 and len(found) < count:
                found.append(view)
            state.play(counting.choose(view))
    return found


def test_advice_in_the_last_round_is_the_review_best_card_even_where_master_plays_otherwise():
    """Master plays its last round by its play-outs; advice there follows the exact review,
    so a player who takes the hint is never marked down for it."""
    views = _last_round_positions(40)
    differs = 0
    for index, view in enumerate(views):
        evaluation = evaluate(view)
        assert evaluation.exact
        advised, exact = advised_card(view, seed=index)
        assert exact and evaluation.loss(advised) == 0
        differs += evaluation.loss(make_bot("master", index).choose(view)) > 0.1
    assert differs, "some of these positions are ones where master plays another card"


def test_advice_before_the_last_round_is_master_own_choice():
    state = _expert_deal(3)
    early = [v for _i, v, _c in decisions(state, 0) if v.stock][:3]
    for index, view in enumerate(early):
        assert advised_card(view, index) == (make_bot("master", index).choose(view), False)


def test_a_label_is_settled_only_when_both_ends_of_its_interval_agree():
    values = {
        0: CardValue(0, 1.0, 0.0),  # the best card
        4: CardValue(4, 0.3, 0.1),  # loses 0.7 ± 0.2: 0.6 lies inside
        8: CardValue(8, 0.0, 0.3),  # loses 1.0 ± 0.6: 0.6 and 1.5 lie inside
        12: CardValue(12, -1.5, 0.2),  # loses 2.5 ± 0.4: a mistake either way
    }
    evaluation = Evaluation(values, exact=False, samples=256)
    assert evaluation.settled(0) and evaluation.label(0) == "best"
    assert evaluation.label(4) == "inaccuracy" and evaluation.straddles(4) == "inaccuracy"
    assert evaluation.straddles(8) == "mistake"
    assert evaluation.settled(12) and evaluation.label(12) == "mistake"


@pytest.mark.parametrize(
    ("runner_up", "at_stake"),
    [
        (CardValue(4, 0.9, 0.4), "inaccuracy"),  # may be ahead by 0.7: a flag at stake
        (CardValue(4, 0.9, 0.2), "good"),  # by 0.3 at most: only best against good
        (CardValue(4, 0.2, 0.2), None),  # clearly behind: the best card is settled
    ],
)
def test_the_card_ahead_is_settled_only_when_no_other_card_may_be_ahead_of_it(runner_up, at_stake):
    """The best card's loss is 0 by definition, so its own interval says nothing; another
    card that may still be ahead of it by a bound keeps it unsettled (the label another
    seed would give)."""
    evaluation = Evaluation({0: CardValue(0, 1.0, 0.0), 4: runner_up}, exact=False, samples=256)
    assert evaluation.best == 0 and evaluation.label(0) == "best"
    assert evaluation.straddles(0) == at_stake


def test_labels_grow_with_the_loss():
    names = [label(loss) for loss in (0.0, 0.5, 1.0, 2.0, 4.0)]
    assert names == list(LABELS)


def test_sampled_values_carry_their_noise_and_sampling_goes_on_until_the_label_is_settled():
    state = _expert_deal(3)
    reviews = analyse_deal(state, 0)
    assert len(reviews) >= 15  # the last card of each hand is no decision
    for review in reviews:
        evaluation, values = review.evaluation, review.evaluation.values
        assert review.played in values and review.best in values
        assert review.loss >= 0
        assert review.label == label(review.loss)
        if not evaluation.exact:  # more worlds until settled, or the most for what is at stake
            at_stake = evaluation.straddles(review.played)
            most = MOST_WORLDS if at_stake in FLAGS else MOST_WORLDS_BEST
            assert at_stake is None or evaluation.samples >= most


def test_flagged_moves_hold_under_a_deeper_independent_look_and_labels_survive_a_new_seed():
    """A fixed subset of ``benchmarks/analysis_agreement.py``: deals where seat 0 plays
    badly, each flagged move checked by the benchmark's independent evaluation (its own
    worlds, 4,096 of them, the frozen reference policy; brute force in the last round),
    every decision analysed again with another seed."""
    rows = [row for number in (0, 1, 5) for row in check_deal(number, 4096)]
    flagged = [row for row in rows if row["label"] in FLAGS]
    assert len(flagged) >= 3
    for row in flagged:
        assert row["lead"] > 0, row
    # the mark a move gets (none, ?!, ?, ??) is the same whatever the seed
    marks = [
        tuple(label if label in FLAGS else "" for label in (r["label"], r["again"])) for r in rows
    ]
    assert sum(first == second for first, second in marks) >= 0.95 * len(rows)


def test_the_analysis_never_reads_a_hidden_card():
    """Two positions that differ only in the cards the seat cannot see (the other hand, the
    stock) give the same view and the same evaluation."""
    state = _expert_deal(5)
    _index, view, _ = decisions(state, 0)[2]
    unseen = unseen_cards(view)
    worlds = [world_from(view, order) for order in (unseen, unseen[::-1])]
    assert worlds[0].hands[1] != worlds[1].hands[1] and worlds[0].stock != worlds[1].stock
    views = [view_for(world, 0) for world in worlds]
    assert views[0] == views[1]
    first, second = (evaluate(v, seed=9, most=256) for v in views)
    assert {c: v.value for c, v in first.values.items()} == {
        c: v.value for c, v in second.values.items()
    }
    assert set(first.values) == set(view.hand)


def test_a_missed_pisti_is_named():
    state = _expert_deal(1)
    for review in analyse_deal(state, 0):
        if review.played == review.best:
            continue
        view = next(v for i, v, _ in decisions(state, 0) if i == review.index)
        kind, facts = classify(view, review.played, review.best, review.evaluation)
        assert kind in LESSONS  # every kind a review names has a lesson to go to
        assert facts["best"] == review.best
        unseen = [c >> 2 for c in unseen_cards(view)]
        if kind == "safe_card":  # nothing left unseen matches the best card; the played one
            assert review.best >> 2 not in unseen and review.played >> 2 in unseen
            assert facts["played_unseen"] == unseen.count(review.played >> 2)
        if kind == "points_offered":
            assert card_points(review.played, view.rules) > card_points(review.best, view.rules)
        if (
            view.pile_size == 1
            and view.top is not None
            and (review.best >> 2 == view.top >> 2)
            and review.played >> 2 != view.top >> 2
            and review.played >> 2 != 9
        ):
            assert kind == "pisti_missed"


def test_a_bot_playing_the_analysis_best_card_beats_the_counting_reference_bot():
    """Playing the analysis' best card wins against the fixed card-counting reference bot
    over a duplicate duel (each deck twice, seats swapped): a review that recommended
    poor cards would lose it. The duel against the levels, with its interval, is
    ``benchmarks/analysis_speed.py --pairs``."""
    result = duel(best_card_bot(64, 64), lambda seed: make_bot("counting", seed), pairs=10, seed=16)
    assert result.mean_margin > 0


@pytest.mark.parametrize(
    "rules, empty_part",
    [
        (Rules(), None),
        (NO_MAJORITY, "most_cards"),
    ],
)
def test_the_parts_of_a_lead_add_up_to_it_over_the_same_worlds(rules, empty_part):
    """``loss_parts`` splits the best card's lead into the points of the cards taken later,
    the bonus for the most cards and the piştis: over the same worlds the three add up to
    the play-outs' margin difference, and the bonus is
    zero under rules without one."""
    state = _expert_deal(5, rules)
    index, view, _ = next(d for d in decisions(state, 0) if d[1].stock)
    worse, better = sorted(set(view.hand))[:2]
    parts = loss_parts(view, worse, better, worlds=48, seed=2)
    playouts, rng = CountingPlayouts(view), random.Random(2)
    unseen, lead = list(unseen_cards(view)), 0.0
    for _ in range(48):
        rng.shuffle(unseen)
        world = playouts.world(unseen)
        lead += playouts.margin(world, better) - playouts.margin(world, worse)
    assert set(parts) == set(PARTS)
    assert sum(parts.values()) == pytest.approx(lead / 48)
    if empty_part:
        assert parts[empty_part] == 0
    else:
        assert any(parts.values())


def test_a_flagged_move_names_the_part_of_the_deal_its_points_go_to():
    """A sampled flagged move whose lead goes mostly to one part is named by that part
    (and one explained no better keeps the plain "weaker card")."""
    kinds = set()
    for seed in range(4):
        state = _expert_deal(seed, level="easy")
        for review in analyse_deal(state, 0):
            if review.label not in FLAGS or review.evaluation.exact:
                continue
            view = next(v for i, v, _ in decisions(state, 0) if i == review.index)
            kind, _facts = classify(view, review.played, review.best, review.evaluation)
            if kind in PARTS:
                parts = loss_parts(view, review.played, review.best)
                assert parts[kind] >= MAIN_PART * sum(parts.values()) > 0
            kinds.add(kind)
    assert kinds & set(PARTS)


@given(size=st.integers(min_value=0, max_value=52), seed=st.integers(min_value=0, max_value=2**32))
def test_the_analysis_shuffle_deals_what_random_shuffle_deals(size, seed):
    """The analysis' own shuffle (no method call per card) must give the same worlds as
    ``random.Random.shuffle`` for a seed, and leave the generator where it would be: the
    reviews and the puzzles stored with a seed stay what they were."""
    theirs, ours = list(range(size)), list(range(size))
    their_rng, our_rng = random.Random(seed), random.Random(seed)
    their_rng.shuffle(theirs)
    shuffle_like(ours, our_rng.getrandbits, shuffle_steps(size))
    assert ours == theirs
    assert our_rng.random() == their_rng.random()


def test_the_analysis_gives_the_same_values_with_the_standard_library_alone(monkeypatch):
    """NumPy only plays the worlds faster: without it (the engine needs nothing but the
    standard library) every card keeps the same value, error and fact."""
    import pisti.analysis as analysis

    state = _expert_deal(5, level="easy")
    views = [view for _, view, _ in decisions(state, 0)][:6]
    batched = [analysis.evaluate(view, seed=3) for view in views]
    monkeypatch.setattr(analysis, "BatchPlayouts", None)
    alone = [analysis.evaluate(view, seed=3) for view in views]
    assert [(e.values, e.samples, e.next_takes) for e in alone] == [
        (e.values, e.samples, e.next_takes) for e in batched
    ]
    assert any(not e.exact for e in alone)
