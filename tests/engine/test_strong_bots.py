"""``master``, the reference bots ``counting`` and ``pimc``, and what every level must
honour: a legal card in any position of any rules and the view alone (determinism for
every level is checked in ``test_bots.py``)."""

import random

import pytest

from pisti import Rules, new_deal, view_for
from pisti.bots import LEVELS, PLAYING_LEVELS, make_bot
from pisti.bots.batch_playouts import BatchPlayouts
from pisti.bots.counting_playouts import CountingPlayouts
from pisti.bots.endgame import value_after
from pisti.bots.heuristics import points_table, unseen_cards
from pisti.bots.levels import Evaluator, medium_choice
from pisti.bots.playout import fast_roll_out, outcome_gains, side_margin, world_from
from pisti.bots.policies import (
    counting_choice,
    counting_outcome,
    counting_roll_out,
)
from pisti.bots.reference import (
    CountingBot,
    PimcBot,
    lean_reference_choice,
    reference_choice,
    seen_ranks,
)
from pisti.bots.search import ExpertBot, MasterBot, _fast_medium_roll_out
from pisti.cards import JACK, parse_card
from pisti.duel import duel
from pisti.scoring import majority_side

from .test_bots import _reshuffle_hidden, position


def random_rules(rng: random.Random) -> Rules:
    """Any combination of the house rules that changes play, on any table."""
    players, partnerships = rng.choice([(2, False), (3, False), (4, True), (4, False)])
    return Rules(
        players=players,
        partnerships=partnerships,
        opening=rng.choice(["three_down_one_up", "four_up"]),
        face_up_jack=rng.choice(["return", "keep"]),
        jack_on_lone_jack=rng.choice(["jack_pisti", "pisti"]),
        jack_on_lone_card=rng.choice(["none", "pisti", "jack_pisti"]),
        jack_on_empty_table=rng.random() < 0.5,
        last_card_pisti=rng.random() < 0.5,
        majority_rule=rng.choice(["most", "over_half"]),
        pisti_points=rng.choice([5, 10]),
        two_of_clubs_points=rng.choice([1, 2]),
    )


class QuickMaster(MasterBot):
    """Master's code path with few worlds, so thousands of positions stay fast; the exact
    endgame search is untouched."""

    samples = 3


class QuickExpert(ExpertBot):
    samples = 3


@pytest.mark.parametrize("bot_class", [QuickMaster, QuickExpert])
def test_never_an_illegal_card_in_thousands_of_positions(bot_class):
    rng = random.Random(15)
    decisions = 0
    while decisions < 2000:
        rules = random_rules(rng)
        state = new_deal(rules, rng=rng, dealer=rng.randrange(rules.players))
        bot = bot_class(rng.randrange(1000))
        while not state.is_over:
            view = view_for(state, state.current_player, (rng.randrange(160),) * rules.sides)
            if rng.random() < 0.5:
                card = bot.choose(view)
                assert card in state.legal_plays()
                decisions += 1
            else:
                card = rng.choice(state.legal_plays())
            state.play(card)
        assert state.card_count() == 52


def test_master_and_the_references_are_levels():
    assert "master" in PLAYING_LEVELS
    assert "pimc" not in PLAYING_LEVELS and "counting" not in PLAYING_LEVELS
    assert isinstance(make_bot("master"), MasterBot)
    assert isinstance(make_bot("pimc"), PimcBot) and isinstance(make_bot("counting"), CountingBot)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_decides_from_its_view_alone(level):
    """The other hands dealt differently: the same choice."""
    rng = random.Random(21)
    checked = 0
    while checked < 3:
        state = new_deal(Rules(), rng=rng)
        for _ in range(rng.randrange(0, 40)):
            state.play(rng.choice(state.legal_plays()))
        seat = state.current_player
        if seat is None or len(state.hands[seat]) < 2:
            continue
        view = view_for(state, seat)
        first = make_bot(level, 4).choose(view)
        other = _reshuffle_hidden(state, seat, rng)
        assert view_for(other, seat) == view
        assert make_bot(level, 4).choose(view_for(other, seat)) == first
        checked += 1


def test_counting_discards_the_rank_nobody_can_match():
    """No capture in hand: the 8 is the card whose other copies are all seen."""
    state = position(
        hands=[["8D", "KC", "5H", "QS"], ["KS", "5S", "QH", "3C"]],
        pile=[],
        captured=[["AD", "TC", "2S"], ["8C", "8H", "8S", "4D", "9H"]],
        stock=[
            "2D",
            "3S",
            "4S",
            "6S",
            "7S",
            "9S",
            "TS",
            "AS",
            "7D",
            "6D",
            "5D",
            "4C",
            "3D",
            "2H",
            "6H",
            "7H",
        ],
    )
    assert make_bot("counting").choose(view_for(state, 0)) == parse_card("8D")


def test_counting_takes_the_capture_like_greedy():
    state = position(hands=[["7S", "KD", "9C", "2H"], ["QH", "QD", "8S", "3D"]], pile=["7H"])
    assert make_bot("counting").choose(view_for(state, 0)) == parse_card("7S")


def test_master_leads_the_card_nobody_can_answer_in_the_last_round():
    """Last round, stock empty, nothing face down: the unseen cards are exactly the other
    hand. Seat 0 holds a 5 and three cards the opponent can answer; leading the 5 onto
    the empty table leaves nothing the opponent can take (no 5, no jack left)."""
    state = position(
        hands=[["5D", "QC", "KH", "9S"], ["QS", "KD", "9H", "4C"]],
        pile=[],
        captured=[
            [c for c in _remaining_cards(["5D", "QC", "KH", "9S", "QS", "KD", "9H", "4C"])],
            [],
        ],
    )
    assert make_bot("master").choose(view_for(state, 0)) == parse_card("5D")


class AlphaBetaMaster(QuickMaster):
    """Master as it was: the last round by alpha-beta over every opponent hand."""

    exact_endgame = True


def test_master_plays_the_last_round_for_the_counting_replies_not_a_perfect_opponent():
    """In the last round of a deal opened four face up (no card was ever face down) every
    world is the true position: master plays the card whose counting play-out scores best
    there, as in the other rounds, where alpha-beta (which assumes a perfect opponent, and
    which the analysis still uses through ``exact_totals``) can choose otherwise."""
    rng = random.Random(22)
    checked = alpha_beta_differs = 0
    while checked < 120:
        state = new_deal(Rules(opening="four_up"), rng=rng, dealer=rng.randrange(2))
        while not state.is_over and (
            state.stock_left or len(state.hands[state.current_player]) > 4
        ):
            state.play(make_bot("counting").choose(view_for(state, state.current_player)))
        view = view_for(state, state.current_player) if not state.is_over else None
        if view is None or len(set(view.hand)) < 2:
            continue
        assert len(unseen_cards(view)) == len(state.hands[1 - view.seat])
        points = points_table(view.rules)
        world = state.copy()
        world.captured = [[] for _ in range(2)]  # a world counts only the rest of the deal
        played_out = {
            card: QuickMaster()._value(
                outcome_gains(*counting_outcome(world, view, card, points), view, points), view
            )
            for card in set(view.hand)
        }
        best = max(played_out.values())
        assert played_out[QuickMaster(checked).choose(view)] == best
        alpha_beta_differs += played_out[AlphaBetaMaster(checked).choose(view)] < best
        checked += 1
    assert alpha_beta_differs > 0  # the test tells the two rules apart


def _remaining_cards(excluded):
    names = {parse_card(n) for n in excluded}
    return [c for c in range(52) if c not in names]


def test_a_tiny_duel_runs_with_the_references():
    result = duel(lambda s: make_bot("counting", s), lambda s: make_bot("random", s), 10, seed=5)
    assert result.mean_margin > 0


def test_the_fast_rollout_policy_is_the_medium_evaluator():
    """``medium_choice`` (the rollouts' inner loop) picks exactly the evaluator's card in
    thousands of positions under varied rules, so the search bots play as before, faster."""
    rng = random.Random(77)
    compared = 0
    while compared < 3000:
        rules = random_rules(rng)
        state = new_deal(rules, rng=rng)
        while not state.is_over:
            hand = state.hands[state.current_player]
            if len(hand) > 1:
                unseen_ranks = [rng.randrange(0, 4) for _ in range(13)]
                pool = sum(unseen_ranks)
                args = dict(
                    pile_size=len(state.pile),
                    unseen_ranks=unseen_ranks,
                    pool=pool,
                    unseen_points=rng.randrange(0, 12),
                    next_hand=rng.randrange(0, 5),
                    plays_left=state.remaining,
                    my_turns_left=rng.randrange(0, 20),
                    last_round=rng.random() < 0.3,
                )
                points = points_table(rules)
                expected = Evaluator(
                    rules, pile_face_up=state.pile[state.pile_face_down :], points=points, **args
                ).best(hand)
                del args["pile_size"]
                assert (
                    medium_choice(hand, rules, points, state.pile, state.pile_face_down, **args)
                    == expected
                )
                compared += 1
            state.play(rng.choice(state.legal_plays()))


def _engine_roll_out(state, points, public):
    """The rollout as the engine plays it, card by card through ``GameState.play``."""
    public_ranks = [0] * 13
    for card in public:
        public_ranks[card >> 2] += 1
    public_points, public_count, total = sum(points[c] for c in public), len(public), sum(points)
    while state.current_player is not None:
        seat = state.current_player
        hand = state.hands[seat]
        if len(hand) == 1:
            card = hand[0]
        else:
            unseen = [4 - n for n in public_ranks]
            for c in hand:
                unseen[c >> 2] -= 1
            stock_left = state.stock_left
            card = Evaluator(
                state.rules,
                pile_face_up=state.pile[state.pile_face_down :],
                pile_size=len(state.pile),
                unseen_ranks=unseen,
                pool=52 - public_count - len(hand),
                unseen_points=total - public_points - sum(points[c] for c in hand),
                next_hand=len(state.hands[(seat + 1) % state.players]),
                plays_left=state.remaining,
                my_turns_left=len(hand) - 1 + stock_left // state.players,
                last_round=stock_left == 0,
                points=points,
            ).best(hand)
        state.play(card)
        public_ranks[card >> 2] += 1
        public_points += points[card]
        public_count += 1


def test_the_fast_rollout_ends_every_deal_as_the_engine_does():
    rng = random.Random(31)
    for _ in range(400):
        rules = random_rules(rng)
        state = new_deal(rules, rng=rng, dealer=rng.randrange(rules.players))
        for _ in range(rng.randrange(0, 45)):
            state.play(rng.choice(state.legal_plays()))
        if state.is_over:
            continue
        view = view_for(state, state.current_player)
        public = set(view.seen) - set(view.hand)
        points = points_table(rules)
        fast, slow = state.copy(), state.copy()
        _fast_medium_roll_out(fast, points, set(public))
        _engine_roll_out(slow, points, set(public))
        assert fast.is_over and slow.is_over
        assert [sorted(c) for c in fast.captured] == [sorted(c) for c in slow.captured]
        assert (fast.pisti, fast.jack_pisti) == (slow.pisti, slow.jack_pisti)


def _engine_counting_roll_out(state, points, public, choice=counting_choice):
    """Every seat on ``choice`` (the counting policy, or the reference bots' frozen copy)
    through ``GameState.play``."""
    public_ranks = [0] * 13
    for card in public:
        public_ranks[card >> 2] += 1
    while state.current_player is not None:
        hand = state.hands[state.current_player]
        if len(hand) == 1:
            card = hand[0]
        else:
            unseen = [4 - n for n in public_ranks]
            for c in hand:
                unseen[c >> 2] -= 1
            card = choice(
                hand,
                state.pile[state.pile_face_down :],
                len(state.pile),
                unseen,
                state.remaining,
                state.rules,
                points,
            )
        state.play(card)
        public_ranks[card >> 2] += 1


def _mid_deal_plays(seed: int, deals: int):
    """(state, the mover's view, a card to play) after random plays into deals of random
    rules, for ``deals`` deals (those already over skipped)."""
    rng = random.Random(seed)
    for _ in range(deals):
        rules = random_rules(rng)
        state = new_deal(rules, rng=rng, dealer=rng.randrange(rules.players))
        for _ in range(rng.randrange(0, 45)):
            state.play(rng.choice(state.legal_plays()))
        if not state.is_over:
            yield state, view_for(state, state.current_player), rng.choice(state.legal_plays())


def test_pimc_rollouts_end_every_deal_as_the_engine_does():
    for state, view, card in _mid_deal_plays(32, 300):
        rules = state.rules
        fast, slow = state.copy(), state.copy()
        fast.play(card)
        slow.play(card)
        points = points_table(rules)
        counting_roll_out(fast, view, card, points)
        _engine_counting_roll_out(slow, points, set(view.seen) - set(view.hand) | {card})
        assert fast.is_over and slow.is_over
        assert [sorted(c) for c in fast.captured] == [sorted(c) for c in slow.captured]
        assert (fast.pisti, fast.jack_pisti) == (slow.pisti, slow.jack_pisti)
        assert (fast.remaining, fast.stock_left, fast.hands) == (0, 0, slow.hands)


def test_the_reference_play_outs_are_the_frozen_policy_through_the_engine():
    """pimc's play-outs (the loop with ``lean_reference_choice``) end every deal as the
    engine does with every seat on ``reference_choice``: the two copies are one policy."""
    for state, view, card in _mid_deal_plays(34, 300):
        points = points_table(state.rules)
        captured, pisti, jack_pisti = fast_roll_out(
            state,
            points,
            None,
            lean_reference_choice,
            lean=True,
            ranks=seen_ranks(view),
            first=card,
        )
        slow = state.copy()
        slow.play(card)
        _engine_counting_roll_out(
            slow, points, set(view.seen) - set(view.hand) | {card}, reference_choice
        )
        assert [sorted(c) for c in captured] == [sorted(c) for c in slow.captured]
        assert (pisti, jack_pisti) == (slow.pisti, slow.jack_pisti)


def test_the_reference_policy_is_a_copy_the_playing_levels_do_not_share(monkeypatch):
    """Tuning the levels' counting policy (here: replaced by one that always plays the
    first card) leaves ``counting`` and ``pimc`` choosing what they chose."""
    positions = [view for _, view, _ in _mid_deal_plays(35, 40) if len(view.hand) > 1]

    def choices():
        return [
            (CountingBot(7).choose(v), PimcBot(7).choose(v), ExpertBot(7).choose(v))
            for v in positions
        ]

    before = choices()
    import pisti.bots.policies as policies
    import pisti.bots.search as search

    def first(hand, *args):
        return sorted(hand)[-1]

    for module in (policies, search):
        monkeypatch.setattr(module, "counting_choice", first)
    monkeypatch.setattr(policies, "lean_counting_choice", first)
    after = choices()
    assert [a[:2] for a in after] == [b[:2] for b in before]
    assert [a[2] for a in after] != [b[2] for b in before]  # the patch did reach expert


def test_a_play_out_from_the_world_itself_leaves_it_untouched_and_ends_as_the_engine():
    """The search plays each candidate card straight from the world (``first``), without
    copying it: the world must stay as it was and the outcome be the engine's."""
    for state, view, card in _mid_deal_plays(33, 300):
        rules = state.rules
        before = (state.copy().hands, list(state.pile), state.copy().captured, state.remaining)
        captured, pisti, jack_pisti = counting_outcome(state, view, card, points_table(rules))
        assert (state.hands, state.pile, state.captured, state.remaining) == before
        slow = state.copy()
        slow.play(card)
        _engine_counting_roll_out(
            slow, points_table(rules), set(view.seen) - set(view.hand) | {card}
        )
        assert [sorted(c) for c in captured] == [sorted(c) for c in slow.captured]
        assert (pisti, jack_pisti) == (slow.pisti, slow.jack_pisti)


def test_the_analysis_play_outs_score_every_card_as_counting_outcome_does():
    """``CountingPlayouts`` (the analysis' loop: running totals, the rest of the deal from
    a round's start reused within a world) gives every card in every world the margin
    of ``counting_outcome``'s play-out, cards played one after another in one world as
    the analysis plays them, and again once every rest is known."""
    rng = random.Random(36)
    for _, view, _ in _mid_deal_plays(36, 300):
        points = points_table(view.rules)
        playouts = CountingPlayouts(view)
        unseen = unseen_cards(view)
        for _ in range(3):
            cards = rng.sample(unseen, len(unseen))
            world = playouts.world(cards)
            for card in sorted(set(view.hand)) * 2:
                outcome = counting_outcome(world_from(view, cards), view, card, points)
                expected = side_margin(outcome_gains(*outcome, view, points), view.side)
                assert playouts.margin(world, card) == expected


def test_the_batched_play_outs_give_every_world_and_card_the_one_by_one_margin():
    """``BatchPlayouts`` (every world and first card a row of NumPy arrays) gives each row
    exactly the margin ``CountingPlayouts`` gives that world and card, over random
    positions of random rules (2, 3 and 4 seats, partnerships, every pişti and jack
    option, face-down cards); and the share of worlds in which the next seat can take
    what a card leaves is counted from that seat's hand in the engine's position."""
    rng = random.Random(37)
    checked = 0
    for _, view, _ in _mid_deal_plays(37, 300):
        playouts = CountingPlayouts(view)
        batch = BatchPlayouts(playouts)
        unseen = unseen_cards(view)
        deals = [rng.sample(unseen, len(unseen)) for _ in range(6)]
        hand = sorted(set(view.hand))
        margins = batch.margins(deals, hand)
        next_seat = (view.seat + 1) % view.players
        takes = batch.next_can_take(deals, hand)
        for card in hand:
            one_by_one = [playouts.margin(playouts.world(cards), card) for cards in deals]
            assert margins[card] == one_by_one
            expected = 0
            for cards in deals:
                world = world_from(view, cards)
                top = world.pile[-1] >> 2 if world.pile else None
                if card >> 2 == JACK:  # a jack takes any pile (and an empty one by that rule)
                    leaves = not world.pile and not view.rules.jack_on_empty_table
                else:
                    leaves = not (len(world.pile) > world.pile_face_down and top == card >> 2)
                holds = any(c >> 2 in (card >> 2, JACK) for c in world.hands[next_seat])
                expected += leaves and holds
            assert takes[card] == expected
            assert playouts.next_can_take(deals, [card]) == {card: expected}
            checked += 1
        assert playouts.margins(deals, hand) == margins  # the standard library's way
    assert checked > 500


def test_the_search_bots_choose_the_same_card_with_batched_play_outs(monkeypatch):
    """``expert`` and ``master`` play their worlds in batches with NumPy (groups of
    ``prune_after``, the race after each): the same cards as one world at a time, over
    positions of random rules."""
    import pisti.bots.search as search

    views = [v for _, v, _ in _mid_deal_plays(41, 40) if len(set(v.hand)) > 1]

    def choices():
        return [(ExpertBot(5).choose(v), MasterBot(5).choose(v)) for v in views]

    batched = choices()
    monkeypatch.setattr(search, "BatchPlayouts", None)
    assert choices() == batched
    assert len(views) > 20


def _engine_minimax(state, me, value_of, captured_before, points):
    """Plain minimax through ``GameState.play`` (no cut-offs), the yardstick."""
    if state.is_over:
        counts = [captured_before[s] + len(c) for s, c in enumerate(state.captured)]
        winner = majority_side(counts, state.rules.majority_rule)
        return value_of(
            [
                sum(points[c] for c in captured)
                + state.pisti[s] * state.rules.pisti_points
                + state.jack_pisti[s] * state.rules.jack_pisti_points
                + (state.rules.majority_bonus if s == winner else 0)
                for s, captured in enumerate(state.captured)
            ]
        )
    values = []
    for card in set(state.hands[state.current_player]):
        child = state.copy()
        child.play(card)
        values.append(_engine_minimax(child, me, value_of, captured_before, points))
    return max(values) if state.current_player == me else min(values)


def test_the_last_round_search_finds_the_engines_minimax_value():
    """The exact search runs on tuples with alpha-beta cut-offs; over random last-round
    positions of every two-player rule option its value of each card must be the plain
    minimax value through the engine."""
    rng = random.Random(34)
    checked = 0
    while checked < 150:
        rules = random_rules(rng)
        if rules.players != 2:
            continue
        state = new_deal(rules, rng=rng, dealer=rng.randrange(2))
        while not state.is_over and (
            state.stock_left or state.pile_face_down or len(state.hands[state.current_player]) > 4
        ):
            state.play(rng.choice(state.legal_plays()))
        if state.is_over or state.pile_face_down:
            continue
        me = state.current_player
        points = points_table(rules)
        before = [rng.randrange(20) for _ in range(2)]
        world = state.copy()
        world.captured = [[] for _ in range(2)]  # a world counts only the rest of the deal

        def value_of(gains, me=me):
            return gains[me] - gains[1 - me] + 0.25 * gains[me]

        for card in set(world.hands[me]):
            trial = world.copy()
            trial.play(card)
            expected = _engine_minimax(trial, me, value_of, before, points)
            assert value_after(world, card, me, points, before, value_of) == expected
        checked += 1
