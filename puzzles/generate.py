"""Puzzles from real positions: bot-vs-bot deals (the ``master`` level plays them), every
decision analysed by the review's analysis (:mod:`pisti.analysis`), the clear ones kept.

A position becomes a puzzle when one card is clearly best: its value beats every other
card's by at least :data:`MARGIN` deal points and by :data:`SIGMAS` standard errors of the
difference over :data:`VERIFY_WORLDS` worlds, and a second run over as many other worlds
(another seed) finds the same card as clearly best (the last cards of a two-player deal
are solved exactly over every hand the opponent can hold, so there the noise is zero), and
that card is not the hand's only capture (:func:`only_capture`: "take the pile" teaches
nothing a new player does not already do). No
theme fills more than :data:`THEME_SHARE` of a batch; two- three- and four-player tables and
tables of partners all deal positions (:data:`TABLES`). Each puzzle stores only what the player to
move could know (their :class:`~pisti.view.PlayerView`), the answer, every card's value and
the facts its explanation quotes; the texts are filled in per language when shown.
"""

from __future__ import annotations

import math
import random

from pisti import PlayerView, Rules, new_deal, view_for
from pisti.analysis import CardValue, Evaluation, classify, evaluate
from pisti.bots import make_bot
from pisti.cards import JACK, card_name, parse_card, parse_cards
from pisti_site.lines import other_lines, solution_line

MARGIN = 1.5  # deal points the best card must beat every other card by
SIGMAS = 4.0  # ... and this many standard errors
VERIFY_WORLDS = 2048  # worlds of each of the two verifying runs
SECOND_RUN = 7_777_777  # the second run's seed is the first's plus this: other worlds
PER_THEME_AND_DEAL = 2  # so that one deal does not fill a theme with near-identical positions
THEME_SHARE = 0.3  # no theme above this share of a batch
SCREEN_SAMPLES = 24  # a cheap first look; only promising positions get the full search
PLAYERS_LEVEL = "master"  # the bots that play the deals
THEMES = ("pisti", "jack", "last_capture", "counting", "partnership")
# by deal number modulo len(TABLES): six two-player deals in ten, one of three players,
# one of four, two of partners
TABLES = (Rules(),) * 6 + (
    Rules(players=3),
    Rules(players=4, partnerships=False),
    Rules(players=4, partnerships=True),
    Rules(players=4, partnerships=True),
)


def theme_of(view, best: int) -> str:
    """The one idea the puzzle is about, from its facts."""
    if view.rules.partnerships:
        return "partnership"
    top = view.top
    takes = top is not None and best >> 2 in (JACK, top >> 2)
    if view.pile_size == 1 and takes:
        return "pisti"
    if view.stock == 0 and len(view.hand) <= 3:
        return "last_capture"
    if any(c >> 2 == JACK for c in view.hand):
        return "jack"
    return "counting"


def only_capture(view, card: int) -> bool:
    """Whether ``card`` is the one card of the hand that takes anything: a position that
    asks no more than "take the pile", which a new player solves without seeing why."""
    takers = [c for c in view.hand if view.capture_kind(c) is not None]
    return takers == [card]


def clear_best(evaluation) -> tuple[int, float] | None:
    """(best card, margin over the runner-up) when the best is far beyond the noise."""
    values = evaluation.values
    best = evaluation.best
    others = [v for c, v in values.items() if c != best]
    if not others:
        return None
    runner_up = max(others, key=lambda v: v.value)
    margin = values[best].value - runner_up.value
    if margin < MARGIN:
        return None
    if any(values[best].value - v.value < SIGMAS * v.stderr for v in others):
        return None
    return best, margin


def puzzle_from(view, evaluation, best: int, margin: float) -> dict:
    top = view.top
    takes = top is not None and best >> 2 in (JACK, top >> 2)
    ranked = sorted(evaluation.values.values(), key=lambda v: -v.value)
    return {
        "theme": theme_of(view, best),
        "view": view.to_dict(),
        "answer": card_name(best),
        "values": stored_values(evaluation),
        "exact": evaluation.exact,
        "samples": evaluation.samples,
        "facts": {
            "margin": round(margin, 1),
            "runner_up": card_name(ranked[1].card),
            "takes": takes,
            "pile": view.pile_size,
            "next_takes": round(100 * evaluation.next_takes.get(best, 0.0)),
            "runner_up_next_takes": round(100 * evaluation.next_takes.get(ranked[1].card, 0.0)),
            # every card's share of worlds where the next player could take the pile after
            # it (percent), for the reasons against each card (why_not)
            "card_takes": card_takes(evaluation),
        },
    }


def stored_values(evaluation) -> dict[str, list[float]]:
    """Each card's [mean, standard error], best first, as a puzzle stores them."""
    ranked = sorted(evaluation.values.values(), key=lambda v: -v.value)
    return {card_name(v.card): [round(v.value, 2), round(v.stderr, 2)] for v in ranked}


def card_takes(evaluation) -> dict[str, int]:
    return {card_name(c): round(100 * share) for c, share in evaluation.next_takes.items()}


def stored_view(data: dict) -> PlayerView:
    """A puzzle's stored view (``PlayerView.to_dict``) as the engine's object again."""
    return PlayerView(
        rules=Rules.from_dict(data["rules"]),
        seat=data["seat"],
        dealer=data["dealer"],
        hand=tuple(parse_cards(data["hand"])),
        pile_size=data["pile_size"],
        pile_face_up=tuple(parse_cards(data["pile_face_up"])),
        history=tuple((h["seat"], parse_card(h["card"])) for h in data["history"]),
        seen=tuple(parse_cards(data["seen"])),
        captured_cards=tuple(data["captured_cards"]),
        pisti=tuple(data["pisti"]),
        jack_pisti=tuple(data["jack_pisti"]),
        hand_sizes=tuple(data["hand_sizes"]),
        stock=data["stock"],
        last_capture_side=data["last_capture_side"],
        to_move=data["seat"],
    )


def why_not(puzzle: dict) -> dict[str, dict]:
    """Why the answer beats each other card, in the review's own terms: what
    :func:`pisti.analysis.classify` says of that card as if it had been played (a missed
    capture, a lone card left, points lost later in the deal, ...), from the puzzle's stored
    values and every card's next-player share (``card_takes``; a puzzle stored before it
    had only the answer's and the runner-up's), by card name."""
    view = stored_view(puzzle["view"])
    facts = puzzle["facts"]
    best, runner_up = parse_card(puzzle["answer"]), parse_card(facts["runner_up"])
    values = {
        parse_card(name): CardValue(parse_card(name), value, stderr)
        for name, (value, stderr) in puzzle["values"].items()
    }
    if "card_takes" in facts:
        takes = {parse_card(name): share / 100 for name, share in facts["card_takes"].items()}
    else:
        takes = {best: facts["next_takes"] / 100, runner_up: facts["runner_up_next_takes"] / 100}
    evaluation = Evaluation(values, puzzle["exact"], puzzle["samples"], takes)
    reasons = {}
    for card in values:
        if card != best:
            kind, why = classify(view, card, best, evaluation)
            played = card_name(card)
            reasons[played] = {
                "kind": kind,
                "facts": {**why, "best": card_name(best), "played": played},
            }
    return reasons


def bot_deal(rules: Rules, seed: int):
    """Each decision of a deal the bots play: (the player's view, the whole state)."""
    state = new_deal(rules, rng=random.Random(seed), dealer=seed % rules.players)
    bots = [make_bot(PLAYERS_LEVEL, seed * 10 + seat) for seat in range(rules.players)]
    while not state.is_over:
        seat = state.current_player
        view = view_for(state, seat)
        yield view, state
        state.play(bots[seat].choose(view))


def dealt_state(puzzle: dict, seeds=(1, 2), most_deals: int = 5000):
    """(the whole state of a stored puzzle's position, every hand; the number :func:`generate`
    gave its deal), found again by dealing the batches' deals (:func:`bot_deal`'s seeds) and
    replaying the puzzle's history: for remaking a solution line without the search.
    ``None`` when no deal fits."""
    view = puzzle["view"]
    rules = Rules.from_dict(view["rules"])
    history = [(h["seat"], parse_card(h["card"])) for h in view["history"]]
    for seed in seeds:
        for deal in range(most_deals):
            deal_seed = seed * 100_000 + deal
            dealer = deal_seed % rules.players
            if TABLES[deal % len(TABLES)] != rules or dealer != view["dealer"]:
                continue
            state = new_deal(rules, rng=random.Random(deal_seed), dealer=dealer)
            if _replays(state, history) and view_for(state, view["seat"]).to_dict() == view:
                return state, deal
    return None


def line_seed(deal: int, view) -> int:
    """The bots' seed for the solution line of a deal's position (from its number of plays)."""
    return position_seed(deal, view) * 10


def remade(puzzle: dict) -> dict | None:
    """The stored puzzle as :func:`generate` makes it now, without a new search: its line
    from its deal found again, every card's next-player share from its first verifying
    search run again (the same worlds), the reasons from them. ``None`` when the deal is not
    found; ``ValueError`` when the search no longer gives the stored values."""
    found = dealt_state(puzzle)
    if found is None:
        return None
    state, deal = found
    view = stored_view(puzzle["view"])
    evaluation = search_again(puzzle, deal)
    if stored_values(evaluation) != puzzle["values"]:
        raise ValueError(f"puzzle {puzzle['number']}: the search gives other values")
    again = {
        **puzzle,
        "line": solution_line(state, parse_card(puzzle["answer"]), line_seed(deal, view)),
        "other_lines": other_lines(state, parse_card(puzzle["answer"]), line_seed(deal, view)),
        "facts": {**puzzle["facts"], "card_takes": card_takes(evaluation)},
    }
    again["facts"]["why_not"] = why_not(again)
    return again


def search_again(puzzle: dict, deal: int):
    """The first verifying search of a stored puzzle run again (the same worlds: its seed
    comes from the deal and the position), for facts added after it was made; its values
    must be the stored ones."""
    view = stored_view(puzzle["view"])
    seed = position_seed(deal, view) + 1
    return evaluate(view, seed=seed, first=VERIFY_WORLDS, most=VERIFY_WORLDS)


def position_seed(deal: int, view) -> int:
    return deal * 100 + len(view.history)


def _replays(state, history) -> bool:
    """Plays ``history`` on ``state`` while each card is in the mover's hand."""
    for seat, card in history:
        if state.is_over or state.current_player != seat or card not in state.hands[seat]:
            return False
        state.play(card)
    return True


def verified(view, seed: int, worlds: int = VERIFY_WORLDS):
    """(evaluation, best card, margin) when the best card is clear in ``worlds`` worlds
    and again, the same card, in as many other worlds; ``None`` otherwise."""
    evaluation = evaluate(view, seed=seed, first=worlds, most=worlds)
    clear = clear_best(evaluation)
    if clear is None or evaluation.exact:
        return clear and (evaluation, *clear)
    again = clear_best(evaluate(view, seed=seed + SECOND_RUN, first=worlds, most=worlds))
    if again is None or again[0] != clear[0]:
        return None
    return evaluation, *clear


def generate(count: int, seed: int = 1, worlds: int = VERIFY_WORLDS, log=None) -> list[dict]:
    """At least ``count`` puzzles from deals at every table of :data:`TABLES`; at most
    :data:`PER_THEME_AND_DEAL` of a theme from any one deal and :data:`THEME_SHARE` of
    ``count`` of any theme."""
    puzzles, deal, themes = [], 0, dict.fromkeys(THEMES, 0)
    # (a small batch may not fill its count under the share: then every theme an equal part)
    most_of_a_theme = max(int(THEME_SHARE * count), math.ceil(count / len(THEMES)))
    while len(puzzles) < count:
        rules = TABLES[deal % len(TABLES)]
        found: dict[str, int] = {}

        def full(theme: str, found=found) -> bool:
            return found.get(theme, 0) >= PER_THEME_AND_DEAL or themes[theme] >= most_of_a_theme

        for view, state in bot_deal(rules, seed * 100_000 + deal):
            if len(set(view.hand)) < 2 or full(_likely_theme(view)):
                continue
            at = position_seed(deal, view)  # not ``seed``: the batch's seed deals the next deal
            screen = evaluate(view, seed=at, first=SCREEN_SAMPLES, most=SCREEN_SAMPLES)
            if not screen.exact and not _promising(screen):
                continue
            if only_capture(view, screen.best):
                continue  # the search would most likely confirm "take the pile"
            clear = verified(view, at + 1, worlds)
            if clear and only_capture(view, clear[1]):
                continue
            theme = clear and theme_of(view, clear[1])
            if clear and not full(theme):
                line = solution_line(state, clear[1], line_seed(deal, view))
                others = other_lines(state, clear[1], line_seed(deal, view))
                puzzle = puzzle_from(view, *clear)
                puzzle["facts"]["why_not"] = why_not(puzzle)
                puzzles.append({**puzzle, "line": line, "other_lines": others})
                found[theme] = found.get(theme, 0) + 1
                themes[theme] += 1
        deal += 1
        if log:
            log(f"deal {deal}: {len(puzzles)} puzzles")
    for number, puzzle in enumerate(puzzles, start=1):
        puzzle["number"] = number
    return puzzles


def _promising(evaluation) -> bool:
    """The cheap search already sees one card ahead of the rest by most of the margin."""
    values = sorted((v.value for v in evaluation.values.values()), reverse=True)
    return values[0] - values[1] >= 0.75 * MARGIN


def _likely_theme(view) -> str:
    """The theme before the search has run: a lone card any card in hand can take counts
    as pişti (the cheap test that lets a deal skip positions of themes it already gave)."""
    top = view.top
    can_take = top is not None and any(c >> 2 in (JACK, top >> 2) for c in view.hand)
    return theme_of(
        view, next((c for c in view.hand if can_take and c >> 2 in (JACK, top >> 2)), view.hand[0])
    )
