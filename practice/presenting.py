"""What the game page shows: the human seat's view, the help, scores and the deal's end.

Until a deal is over everything here comes from :func:`pisti.view_for` for seat 0 and the
public events (cards played); only the review of a finished deal shows every hand.
"""

from __future__ import annotations

from django.urls import reverse

from pisti import view_for
from pisti_site.counter import card_counter
from pisti_site.deal_end import (
    deal_end_context,
    goal,
    match_goal,
    plays_for_deals,
)
from pisti_site.levels import level_name
from pisti_site.table import (
    deal_steps,
    highlight,
    present_table,
    seat_names,
    shown_deal_points,
    side_names,
)

from .service import HUMAN, load_match


def recent_events(state) -> list[dict]:
    """Every play since the human's latest card (that card included), as the table script
    animates them, and the leftover sweep if the deal is over."""
    rules = state.rules
    mine = [i for i, e in enumerate(state.events) if e.seat == HUMAN]
    seats = seat_names(rules.players, rules.partnerships)
    return deal_steps(state, seats, side_names(rules), start=mine[-1] if mine else 0)


def deal_log(state, names) -> list[dict]:
    """Every play of the deal so far, for the move log beside the table, and where the
    cards left at the end went."""
    return deal_steps(state, names, side_names(state.rules))


def bot_levels(game, rules) -> dict[int, str]:
    """The label beside each bot's name: every seat but yours plays at the game's level."""
    level = level_name(game.level)
    return {seat: level for seat in range(1, rules.players)}


def opening_table(game, match) -> dict:
    """The new deal as dealt, before the bots who play first have played: the table a
    "Next deal" answer shows first, so their cards are seen to land on the fresh deal (not
    over the last deal's summary)."""
    return present_table(
        match.current.replayed(0),
        HUMAN,
        playable=False,
        match_totals=match.totals,
        levels=bot_levels(game, match.rules),
    )


def game_context(game) -> dict:
    match = load_match(game)
    rules = match.rules
    names = side_names(rules)
    seats = seat_names(rules.players, rules.partnerships)
    state = match.current or (match.finished[-1] if match.finished else None)
    totals = match.totals
    my_turn = match.current is not None and match.current.current_player == HUMAN
    table = present_table(
        state,
        HUMAN,
        playable=my_turn,
        match_totals=totals,
        levels=bot_levels(game, rules),
        form={
            "action": reverse("practice:play", args=[game.pk]),
            "fields": [("version", game.version)],
        },
    )
    view = view_for(state, HUMAN, totals)
    if game.show_highlight and my_turn:
        highlight(view, table["cards_in_hand"])
    outcome = match.outcome
    points = match.point_totals
    this_deal = shown_deal_points(state)
    context = {
        "game": game,
        "match": match,
        "rules": rules,
        "table": table,
        "my_turn": my_turn,
        # one card left is no choice: the hint would only say to play it
        "hint_useful": my_turn and len(set(view.hand)) > 1,
        "deal_number": len(match.finished) + (1 if match.current else 0),
        "match_goal": match_goal(rules),
        "deals_match": plays_for_deals(rules),
        "scores": [
            {
                "name": n,
                "total": points[s],
                "deals_won": totals[s],
                "needed": max(0, goal(rules) - totals[s]),
                "deal_points": this_deal[s],
                "captured": view.captured_cards[s],
                "pisti": view.pisti[s],
                "jack_pisti": view.jack_pisti[s],
            }
            for s, n in enumerate(names)
        ],
        "log": deal_log(state, seats),
        "counter": card_counter(view) if game.show_counter and match.current else None,
        "deal_over": match.current is None,
        "match_over": outcome.over,
        "winners": [names[s] for s in outcome.winners],
        "finished_count": len(match.finished),
        "finished_numbers": range(1, len(match.finished) + 1),
    }
    if match.current is None and match.finished:
        context.update(deal_end_context(match, names))
    return context
