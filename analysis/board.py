"""The review board of a finished deal: one step per play, numbered as the game's log
numbers it, every hand face up (the deal is over), the card played and the analysis' best
card marked on the board, the analysis' verdict in plain words, and a graph of the points
each of the player's moves lost.

A step shows the table at the moment the play was chosen, so the player sees the choice
they had, as lichess's board shows the position a move was made from.
"""

from __future__ import annotations

from django.utils.html import escape
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from pisti.cards import parse_card
from pisti.dealing import rounds_per_deal
from pisti.view import view_for
from pisti_site.cardwords import card_words
from pisti_site.numbers import points_text
from pisti_site.table import describe_event, present_table
from pisti_site.verdicts import best_card_facts, label_name, reason

# the reasons that do not say the points lost themselves: a second sentence does
SAYS_NO_POINTS = (
    "pisti_missed",
    "capture_missed",
    "last_capture",
    "jack_spent",
    "lone_card",
    "feeds_pile",
)

# lichess's annotations, on the player's own moves in the move list
SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def analysed_plays(row) -> dict[int, dict]:
    """The analysis' verdicts by play number (1 for the deal's first play); none while the
    analysis runs."""
    return {move["index"] + 1: move for move in row.result} if row.finished else {}


def move_list(state, seat: int, analysed: dict, url_of, names: dict) -> list[dict]:
    """Every play of the deal by round, each with its log number, its words (``names``: the
    seats' names as the table shows them) and, for the player's own analysed moves, the
    analysis' label and symbol."""
    rules = state.rules
    per_round = 4 * rules.players
    rounds = []
    for r in range(rounds_per_deal(rules.players)):
        plays = []
        for index in range(r * per_round, min((r + 1) * per_round, len(state.events))):
            event = state.events[index]
            number = index + 1
            move = analysed.get(number)
            label = move["label"] if move else None
            plays.append(
                {
                    "number": number,
                    "own": event.seat == seat,
                    "text": describe_event(event, names),
                    "label": label,
                    "label_name": label_name(label) if label else "",
                    "symbol": SYMBOLS.get(label, ""),
                    "url": url_of(number),
                }
            )
        rounds.append({"number": r + 1, "plays": plays})
    return rounds


def step_table(state, seat: int, number: int, analysed: dict, labels: dict) -> dict:
    """The table just before play ``number`` as ``seat`` sat at it: every other hand face
    up, the card played marked, and on the player's own analysed move the best card too.
    ``labels``: the reviewed record's names and bot levels (``review_labels``)."""
    before = state.replayed(number - 1)
    event = state.events[number - 1]
    marks = {event.card: ["played"]}
    move = analysed.get(number)
    if move and move["best"] != move["played"] and move["label"] != "best":
        marks.setdefault(parse_card(move["best"]), []).append("best")
    rules = state.rules
    table = present_table(
        before,
        seat,
        playable=False,
        revealed={s: list(before.hands[s]) for s in range(rules.players) if s != seat},
        marks=marks,
        levels=labels["levels"],
    )
    for entry in table["seats"]:
        entry["name"] = labels["seats"][entry["seat"]]
    table["turn_text"] = describe_event(event, labels["seats"])
    return table


def verdict(state, seat: int, number: int, analysed: dict) -> dict | None:
    """What the analysis says of the player's play ``number``; ``None`` for another seat's
    play. A move with one distinct card left is not analysed: there was no choice."""
    event = state.events[number - 1]
    if event.seat != seat:
        return None
    move = analysed.get(number)
    if move is None:
        if len(set(state.replayed(number - 1).hands[seat])) <= 1:
            return {"forced": True, "sentence": _("Your only card: there was no choice.")}
        # the worker has not stored its verdicts yet (the page fills in when it has)
        return {"forced": True, "sentence": _("The analysis of this move is on its way.")}
    played, best = parse_card(move["played"]), parse_card(move["best"])
    position = view_for(state.replayed(number - 1), seat)
    sentences = [reason({**move, **best_card_facts(position, move["best"])})]
    # the reason names the points itself for these kinds
    if move["kind"] in SAYS_NO_POINTS and move["loss"] > 0:
        sentences.append(
            _("On average the %(best)s keeps about %(gain)s points more than the %(played)s.")
            % {
                "best": card_words(best),
                "played": card_words(played),
                "gain": points_text(move["loss"]),  # the loss the header and chart show
            }
        )
    sentences = [capfirst(sentence) for sentence in sentences]  # a card's name may lead
    values = sorted(move["values"].items(), key=lambda item: -item[1][0])
    return {
        "forced": False,
        "label": move["label"],
        "label_name": label_name(move["label"]),
        "symbol": SYMBOLS.get(move["label"], ""),
        # a loss is told only when another card was better (a "best" within 0.1 says none,
        # and no other card is marked best on the board)
        "loss": move["loss"] if move["label"] != "best" else 0,
        "loss_text": points_text(move["loss"]),
        "sentences": sentences,
        "exact": move["exact"],
        "values": [
            {
                "card": card_words(parse_card(name)),
                "value": value,
                "spread": spread,
                "played": name == move["played"],
                "best": name == move["best"],
            }
            for name, (value, spread) in values
        ],
    }


def loss_chart(analysed: dict, plays: int, per_round: int, url_of, current=None) -> str:
    """An SVG bar chart of the points each analysed move lost, against the play number
    (the log's numbering, a tick at each round's first play) with labelled axes; each bar
    links to its step."""
    if not analysed:
        return ""
    width, height = 360, 150
    left, right, top, bottom = 34, 8, 10, 30
    most = max(3.0, max(m["loss"] for m in analysed.values()))
    ceiling = int(most) + (0 if most == int(most) else 1)
    inner_w, inner_h = width - left - right, height - top - bottom

    def x(number: int) -> float:
        return left + inner_w * (number - 0.5) / plays

    def y(value: float) -> float:
        return top + inner_h * (1 - value / ceiling)

    parts = []
    step = max(1, ceiling // 3)
    for tick in range(0, ceiling + 1, step):
        parts.append(
            f'<line class="grid" x1="{left}" x2="{width - right}" y1="{y(tick):.1f}" '
            f'y2="{y(tick):.1f}"/><text class="tick" x="{left - 4}" y="{y(tick) + 3:.1f}" '
            f'text-anchor="end">{tick}</text>'
        )
    for first in range(1, plays + 1, per_round):  # a tick at each round's first play
        parts.append(
            f'<text class="tick" x="{x(first):.1f}" y="{height - bottom + 12}" '
            f'text-anchor="middle">{first}</text>'
        )
    # a bar as wide as two plays (yours come every other play at most, so they never
    # overlap), and a hit area the height of the chart: a finger finds a 2 px bar too
    bar = max(3.0, 2 * inner_w / plays - 1.5)
    for number, move in sorted(analysed.items()):
        loss = move["loss"]
        shown = max(loss, ceiling * 0.02)  # a best move still shows a sliver to click
        title = _("Play %(n)s: %(label)s, %(loss)s points lost") % {
            "n": number,
            "label": label_name(move["label"]),
            "loss": points_text(loss),
        }
        current_class = " is-current" if number == current else ""
        parts.append(
            f'<a href="{escape(url_of(number))}" data-step="{number}">'
            f"<title>{escape(title)}</title>"
            f'<rect class="hit" x="{x(number) - bar / 2:.1f}" y="{top}" width="{bar:.1f}" '
            f'height="{inner_h}"/>'
            f'<rect class="bar label-{move["label"]}{current_class}" data-bar="{number}" '
            f'x="{x(number) - bar / 2:.1f}" y="{y(shown):.1f}" width="{bar:.1f}" '
            f'height="{y(0) - y(shown):.1f}"/></a>'
        )
    play_axis = _("Play")  # outside the f-string, where makemessages finds it
    axis = (
        f'<line class="axis" x1="{left}" x2="{width - right}" y1="{y(0):.1f}" y2="{y(0):.1f}"/>'
        f'<line class="axis" x1="{left}" x2="{left}" y1="{top}" y2="{y(0):.1f}"/>'
        f'<text class="axis-label" x="{left + inner_w / 2:.1f}" y="{height - 4}" '
        f'text-anchor="middle">{escape(play_axis)}</text>'
        f'<text class="axis-label" x="10" y="{top + inner_h / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 10 {top + inner_h / 2:.1f})">{escape(_("Points lost"))}</text>'
    )
    label = _("Points lost on each of your moves")
    return (
        f'<svg class="loss-chart" viewBox="0 0 {width} {height}" role="group" '
        f'aria-label="{escape(label)}">{axis}{"".join(parts)}</svg>'
    )
