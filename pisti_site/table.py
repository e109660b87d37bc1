"""The card table as one seat sees it: one presenter, one drawing, one script.

The practice game, friends tables, the tutorial, puzzles, the review and the home page's
picture all draw their table with ``{% card_table table %}``
(:func:`pisti_site.table_html.render_table`) from the dictionary :func:`present_table`
returns, and ``static/js/board.js`` animates it. Everything comes
from :func:`pisti.view_for` for the seat at the bottom, so no page can show another hand,
the stock order or a face-down card (the review, after the deal, passes ``revealed``).

Data contract (what the template and the script rely on)::

    {
      "players": 2 | 3 | 4, "partnerships": bool, "me": seat at the bottom,
      "turn": seat to play or None, "turn_text": "Your turn" / "Left opponent to play" / "",
      "seats": [                       # every seat, the bottom one last
        {"seat", "position": "top" | "left" | "right" | "bottom", "name", "level" | None,
         "count": cards in hand, "backs": range(count), "is_me", "is_turn",
         "stack": None | {"side", "cards", "pisti", "jack_pisti", "marks": range(...),
                          "label"},     # the seat's side's captured pile (partners share it)
         "last_play": None | {"sign": "Q♥", "red", "words", "took": "" | "pile" | "pisti"
                              | "jack_pisti", "old"},  # its latest card this deal (public;
                                                       # "old": of an earlier round)
         "revealed": [card, ...]}      # faces of that hand: the review only
      ],
      "pile": {"size", "face_down": count, "down": range(face_down),
               "face_up": [card, ...] bottom to top, "label"},
      "stock": cards still to be dealt, "stock_label",
      "hand": [card, ...],             # the bottom seat's hand, sorted
      "playable": bool, "form": None | {"action": url, "fields": [(name, value), ...]},
      "show_hand": bool,               # without a form, the hand is drawn but not playable
    }

where a card is ``{"name": "TD", "words": "ten of diamonds", "number": key 1–9,
"takes": int | None, "pisti": label | None, "marks": ("played", "best") or fewer}`` (the
review's marks on the card a seat played and on the analysis' best card). The script
reads the same names from the markup's ``data-*`` hooks: ``data-seat``, ``data-stack``,
``data-pile``, ``data-hand``, ``data-card``, ``data-turn``, ``data-status``,
``data-last-play``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pisti import Tally, deal_points, score_tallies, view_for
from pisti.cards import card_name
from pisti.dealing import HAND_SIZE
from pisti.scoring import score_deal, seats_of_sides
from pisti.state import JACK_PISTI, NO_PISTI, PISTI, capture_kind

from .cardwords import card_words, cards_words
from .svg import card_sign

POSITIONS = {
    2: ["bottom", "top"],
    3: ["bottom", "left", "right"],
    4: ["bottom", "left", "top", "right"],
}


def seat_names(players: int, partnerships: bool = False) -> dict[int, str]:
    if players == 4 and partnerships:
        return {0: _("You"), 1: _("Left opponent"), 2: _("Your partner"), 3: _("Right opponent")}
    if players == 4:
        return {0: _("You"), 1: _("Left player"), 2: _("Opposite player"), 3: _("Right player")}
    if players == 3:
        return {0: _("You"), 1: _("Left opponent"), 2: _("Right opponent")}
    return {0: _("You"), 1: _("Your opponent")}


def side_names(rules) -> list[str]:
    """Each side as the player at the bottom (seat 0) calls it: "You", "Your opponent"…"""
    if rules.partnerships:
        return [_("You and your partner"), _("Your opponents")]
    names = seat_names(rules.players, rules.partnerships)
    return [names[seat] for seat in range(rules.players)]


def names_seen_from(seat: int, rules) -> dict[int, str]:
    """Every seat as ``seat`` calls it: "You", "Left opponent"… (a puzzle's solver is
    often not seat 0)."""
    chairs = seat_names(rules.players, rules.partnerships)
    return {other: chairs[(other - seat) % rules.players] for other in range(rules.players)}


def side_names_seen_from(seat: int, rules) -> list[str]:
    """Every side as ``seat`` calls it ("You and your partner", "Your opponents"…)."""
    if rules.partnerships:
        mine = rules.side_of(seat)
        return [
            _("You and your partner") if side == mine else _("Your opponents") for side in (0, 1)
        ]
    names = names_seen_from(seat, rules)
    return [names[other] for other in range(rules.players)]


def pile_taken(captured: int) -> int:
    """What "takes N" says of a capture of ``captured`` cards: the pile it takes, as the
    hand's hint and the explanations count (the card played goes along; the seat's "cards
    taken" count shows it). A capture of the empty table (a house rule) takes the card: 1."""
    return captured - 1 if captured > 1 else captured


def describe_event(event, names) -> str:
    who, card = names[event.seat], card_words(event.card)
    count = event.captured
    # a pişti takes the lone card, always one: its line says so, not "2 cards taken" (the
    # card played counted in, where every other capture says the pile it takes)
    if event.jack_pisti:
        text = _("%(who)s: %(card)s takes the lone card — jack pişti!")
    elif event.pisti:
        text = _("%(who)s: %(card)s takes the lone card — pişti!")
    elif count:
        count = pile_taken(count)
        text = ngettext(
            "%(who)s: %(card)s takes %(count)d card.",
            "%(who)s: %(card)s takes %(count)d cards.",
            count,
        )
    else:
        text = _("%(who)s: %(card)s, no capture.")
    return text % {"who": who, "card": card, "count": count}


def lone_card_without_pisti(state, index: int) -> bool:
    """Whether play ``index`` is the deal's last card taking a lone card as a pişti would,
    but scoring none: without the ``last_card_pisti`` house rule the deal's last card makes
    no pişti, and its line said only "takes 1 card" (a new player asked where the pişti
    was). The engine's own :func:`capture_kind` says what it would have been earlier."""
    events = state.events
    if not state.is_over or index != len(events) - 1 or index == 0 or state.rules.last_card_pisti:
        return False
    event, before = events[index], events[index - 1]
    if not event.captured or event.kind != NO_PISTI:
        return False
    top = None if before.captured else before.card  # the pile's face-up card before it
    kind = capture_kind(state.rules, event.captured - 1, top, event.card, plays_left=2)
    return kind in (PISTI, JACK_PISTI)


def event_step(event, names, side_of) -> dict:
    """One play as the table script animates it: public facts only."""
    return {
        "seat": event.seat,
        "card": card_name(event.card),
        "words": card_words(event.card),
        "text": describe_event(event, names),
        "captured": event.captured,
        "side": side_of(event.seat),
        "pisti": event.pisti,
        "jack_pisti": event.jack_pisti,
    }


def running_points(state, start: int = 0) -> list[list[int]]:
    """Each side's deal points after each play from play ``start`` on: the cards it has
    taken and its piştis, as the score strip shows them the moment a capture lands. The
    majority bonus and the leftover cards are not in it: they come with the leftover step
    (and the deal's end). Every play is followed, only the rows asked for are scored (a
    table with friends asks for its last few on every frame). Only what every seat has
    seen is counted: the face-down opening cards stay unseen after a capture (the engine
    contract), so their points come with the deal's end; counted here, a jump of +3 told
    the table the ten of diamonds had been under the pile (review 7)."""
    rules = state.rules
    pile = list(state.layout.face_up)
    taken = [[] for _ in range(rules.sides)]
    pisti, jack_pisti = [0] * rules.sides, [0] * rules.sides
    rows = []
    for index, event in enumerate(state.events):
        side = rules.side_of(event.seat)
        if event.captured:
            taken[side] += pile + [event.card]
            pile = []
            pisti[side] += event.pisti
            jack_pisti[side] += event.jack_pisti
        else:
            pile.append(event.card)
        if index < start:
            continue
        rows.append(_points_so_far(rules, taken, pisti, jack_pisti))
    return rows


def _points_so_far(rules, taken, pisti, jack_pisti) -> list[int]:
    """Each side's points for the cards it has taken and its piştis, before the deal's end
    (no bonus for most cards): the strip's points, in :func:`running_points` play by play and
    in :func:`shown_deal_points` at once."""
    tallies = [Tally.of_cards(taken[s], pisti[s], jack_pisti[s]) for s in range(rules.sides)]
    return [score.points for score in score_tallies(tallies, rules, complete=False)]


def shown_deal_points(state) -> list[int]:
    """Each side's deal points as the table may show them now: while the deal is played,
    those of the cards every seat has seen (the face-down opening cards stay unseen after
    a capture, as in :func:`running_points`); once it is over, the engine's whole score."""
    if state.is_over:
        return deal_points(state)
    hidden = set(state.layout.table[: state.layout.face_down])
    seen = [[c for c in cards if c not in hidden] for cards in state.captured]
    return _points_so_far(state.rules, seen, state.pisti, state.jack_pisti)


def leftover_step(state, side_names) -> dict | None:
    """The cards left on the table at the end of the deal, swept to the side that made the
    last capture (not a play: no card moves from a hand), or ``None``."""
    if not state.is_over or not state.leftover or not state.leftover[1]:
        return None
    side, count = state.leftover
    step = {**sweep_step(state.rules, side, count, side_names), "points": deal_points(state)}
    # the strip's points take the bonus for most cards with this step: the line says so
    # (+8 became +11 unexplained: review 4)
    bonus = state.rules.majority_bonus
    for winner, score in enumerate(score_deal(state)):
        if score.majority and bonus:
            step["text"] += " " + _("Most cards (%(cards)d): %(who)s +%(points)d.") % {
                "cards": score.cards,
                "who": side_names[winner],
                "points": bonus,
            }
    return step


def sweep_step(rules, side: int, count: int, side_names) -> dict:
    """The leftover sweep of ``count`` cards to ``side`` as the table script animates it."""
    return {
        "leftover": True,
        "side": side,
        "seat": seats_of_sides(rules)[side][0],
        "captured": count,
        "text": ngettext(
            # the name first, as in every line of the log: it may be "You", a player or a
            # pair of partners, so no verb has to agree with it
            "%(who)s: the last capture takes the card left on the table.",
            "%(who)s: the last capture takes the %(count)d cards left on the table.",
            count,
        )
        % {"who": side_names[side], "count": count},
    }


def deal_steps(state, names, side_names, start: int = 0, players=None) -> list[dict]:
    """The plays of the deal from play ``start`` on as the table script animates them, each
    with every side's points so far, then the leftover sweep once the deal is over.
    ``players`` names who made a play where it was not the seat's own player (play index:
    "A bot for Mehmet")."""
    points = running_points(state, start)
    players = players or {}

    def names_at(index, event):
        return {**names, event.seat: players[index]} if index in players else names

    steps = [
        {
            **event_step(event, names_at(index, event), state.rules.side_of),
            "index": index,
            "points": points[index - start],
        }
        for index, event in enumerate(state.events[start:], start)
    ]
    last = len(state.events) - 1
    if steps and lone_card_without_pisti(state, last):
        event = state.events[last]
        steps[-1]["text"] = _(
            "%(who)s: %(card)s takes the lone card — no pişti with the deal's last card."
        ) % {"who": names_at(last, event)[event.seat], "card": card_words(event.card)}
    sweep = leftover_step(state, side_names)
    if sweep is not None:
        steps.append({**sweep, "index": len(state.events)})
    return steps


def last_plays(view, events=None) -> dict[int, dict]:
    """Each seat's latest card this deal, as the seat's "played Q♥" shows it, and what it
    took ("took the pile", "pişti!") when the deal's ``events`` are given (the history alone
    does not say): a 2 vs 2 round of three bot plays is over in a second or two, and a new
    player on a phone could not tell afterwards who had laid what, nor who took the pile (the
    status line keeps only the last play)."""
    latest = {}
    if events is not None:
        # only the latest capture says "took the pile": two seats saying it at once left a
        # new player unable to tell who had taken it last
        captures = [index for index, event in enumerate(events) if event.captured]
        for index, event in enumerate(events):
            took = captures and index == captures[-1]
            latest[event.seat] = (index, event.card, took, event.kind if took else None)
    else:
        for index, (seat, card) in enumerate(view.history):
            latest[seat] = (index, card, 0, None)
    # a card of an earlier round is told apart (drawn faded, "old"): with the bots quick, a
    # new player could not tell this round's plays from the last one's; so is the card of
    # the seat to play, laid a whole turn of the table ago ("to play" beside "played 3♠"
    # read as its card just now: review 6)
    played = len(view.history)
    this_round = played - played % (view.players * HAND_SIZE)
    a_turn_ago = played - view.players
    return {
        seat: {
            "sign": card_sign(card),
            "red": card_name(card)[1] in "DH",
            "words": card_words(card),
            "took": {PISTI: "pisti", JACK_PISTI: "jack_pisti"}.get(kind, "pile" if taken else ""),
            "old": index < this_round or index <= a_turn_ago,
        }
        for seat, (index, card, taken, kind) in latest.items()
    }


def card_entry(card: int, number: int | None = None, marks=None) -> dict:
    return {
        "card": card,
        "name": card_name(card),
        "words": card_words(card),
        "number": number,
        "takes": None,
        "pisti": None,
        "marks": tuple((marks or {}).get(card, ())),
    }


def _stack(view, side: int) -> dict:
    cards, pisti, jacks = view.captured_cards[side], view.pisti[side], view.jack_pisti[side]
    label = ngettext("%(n)d card taken", "%(n)d cards taken", cards) % {"n": cards}
    if pisti:
        label += ", " + ngettext("%(n)d pişti", "%(n)d piştis", pisti) % {"n": pisti}
    if jacks:
        label += ", " + ngettext("%(n)d jack pişti", "%(n)d jack piştis", jacks) % {"n": jacks}
    return {
        "side": side,
        "cards": cards,
        "pisti": pisti,
        "jack_pisti": jacks,
        "marks": range(pisti),
        "jack_marks": range(jacks),
        "label": label,
    }


def highlight(view, hand: list[dict]) -> None:
    """Mark each card of the hand with what it would take now ("takes 5"), from the
    player's own view: the practice game's help, and at a table with friends. The number
    is the pile's, as the table shows it (a new player read "takes 7" under a pile of 6 as
    a mistake); the card played goes with it, as the seat's count of cards taken shows.
    A capture of an empty table (a house rule) takes the card itself: 1."""
    for entry in hand:
        card = entry["card"]
        kind = view.capture_kind(card)
        if kind is not None:
            entry["takes"] = view.pile_size or 1
            entry["pisti"] = {PISTI: _("pişti"), JACK_PISTI: _("jack pişti")}.get(kind)


def present_table(
    state,
    seat: int = 0,
    *,
    playable: bool,
    match_totals=(),
    levels=None,
    form=None,
    revealed=None,
    marks=None,
    show_hand: bool = True,
) -> dict:
    """The template's view of the table for ``seat`` (see the module's data contract).

    ``levels`` maps seats to the label shown by their name (the bots' level); ``form`` is
    where a card from the hand is posted. The review of a finished deal passes
    ``revealed`` (the other seats' hands, face up) and ``marks`` (card -> its marks); its
    snapshot keeps the seat to play marked, as the moment it shows.
    """
    return present_view(
        view_for(state, seat, match_totals),
        events=state.events,
        playable=playable,
        levels=levels,
        form=form,
        revealed=revealed,
        marks=marks,
        show_hand=show_hand,
    )


def present_view(
    view,
    *,
    events=None,
    playable: bool,
    levels=None,
    form=None,
    revealed=None,
    marks=None,
    show_hand: bool = True,
) -> dict:
    """:func:`present_table` from a seat's view alone (a puzzle stores only the view); the
    deal's ``events``, where the page has them, let each seat say what its last card took."""
    seat = view.seat
    players = view.players
    # "You", "Left opponent"…: names of chairs as seen from the viewer's, whichever seat of
    # the deal the viewer holds (a puzzle's solver is often not seat 0)
    names = names_seen_from(seat, view.rules)
    turn = view.to_move
    if turn == seat and not playable and revealed is None and show_hand:
        turn = None  # a hand the page does not let you play now (a watcher's chair: shown)
    # Every seat shows its side's captured pile, so partners both show the team's, marked
    # as the team's (``team``: an icon of two beside the count, so two equal counts never
    # read as two piles); a screen reader hears it once per side (at your own seat for your
    # side, else at its first seat from yours): the partner's copy is marked "shared".
    told = {view.rules.side_of(seat)}  # your side's is told at your seat, drawn last
    played = last_plays(view, events)
    seats = []
    for offset in [*range(1, players), 0]:
        other = (seat + offset) % players
        side = view.rules.side_of(other)
        stack = _stack(view, side)
        stack["shared"] = other != seat and side in told
        stack["team"] = view.rules.partnerships
        stack["ours"] = side == view.rules.side_of(seat)
        if stack["shared"]:
            stack["label"] = ""
        if view.rules.partnerships and events is not None:
            # a team's piştis marked at the partner who made each: on the team's one pile
            # they read as misplaced ("the right one made it, the left one has the mark"),
            # at both partners as two (reviews 5 and 6)
            stack["marks"] = range(sum(e.seat == other and e.pisti for e in events))
            stack["jack_marks"] = range(sum(e.seat == other and e.jack_pisti for e in events))
            stack["by_seat"] = True
        told.add(side)
        seats.append(
            {
                "seat": other,
                "position": POSITIONS[players][offset],
                "name": names[other],
                "level": (levels or {}).get(other),
                "count": view.hand_sizes[other],
                "backs": range(view.hand_sizes[other]),
                "is_me": other == seat,
                "is_turn": other == turn,
                "stack": stack,
                "last_play": played.get(other),
                "revealed": [card_entry(c, marks=marks) for c in (revealed or {}).get(other, [])],
            }
        )
    face_down = view.pile_size - len(view.pile_face_up)
    pile_label = (
        ngettext(
            "Table: %(down)d face-down card, face up: %(up)s.",
            "Table: %(down)d face-down cards, face up: %(up)s.",
            face_down,
        )
        % {"down": face_down, "up": cards_words(view.pile_face_up)}
        if view.pile_size
        else _("The table is empty.")
    )
    # The cards left close up after a play (board.js slides them together as the card
    # leaves), so a hand never shows gaps; the number keys follow the cards on screen.
    hand = [card_entry(card, number, marks) for number, card in enumerate(sorted(view.hand), 1)]
    if turn is None:
        turn_text = ""
    elif turn == seat:
        turn_text = _("Your turn: choose a card to play.")  # the badge already says "your turn"
    else:
        turn_text = _("%(who)s to play") % {"who": names[turn]}
    side = view.side
    return {
        "view": view,
        "players": players,
        "partnerships": view.rules.partnerships,
        "me": seat,
        "turn": turn,
        "turn_text": turn_text,
        "seats": seats,
        "others": [s for s in seats if not s["is_me"]],
        "pile": {
            "size": view.pile_size,
            "face_down": face_down,
            "down": range(face_down),
            "face_up": [card_entry(c) for c in view.pile_face_up],
            "label": pile_label,
        },
        "pile_label": pile_label,
        "pile_size": view.pile_size,
        "face_down": face_down,
        "top": card_words(view.top) if view.top is not None else None,
        "stock": view.stock,
        "stock_label": ngettext("%(n)d card left to deal", "%(n)d cards left to deal", view.stock)
        % {"n": view.stock},
        "hand": hand,
        "cards_in_hand": [c for c in hand if c],
        "playable": playable,
        "form": form,
        "show_hand": show_hand,
        "captured_ours": view.captured_cards[side],
        "captured_theirs": sum(view.captured_cards) - view.captured_cards[side],
    }
