"""The card table's markup, written out in Python: the one drawing of the table.

Every page with a table (practice, friends, the tutorial, puzzles, the review, the
analysis, the home page's picture) draws it from :func:`pisti_site.table.present_table`'s
dictionary through ``{% card_table table %}``, and a friends table's server draws it once
per seat after every play. Django's template language took 0.47 ms a table (some 100
nodes), the largest part of a friends server's work per play; these string joins take
0.07 ms for the same markup, byte for byte (checked on 600 random tables of every size in
the four languages when the template was replaced). The markup is the contract
``static/js/board.js`` reads (``data-*`` hooks, class names); numbers are plain digits in
every language, as ``data-*`` attributes need.
"""

from __future__ import annotations

from html import escape

from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from .templatetags.table_cards import card, card_back, sprite_url


def _e(value) -> str:
    """``conditional_escape`` without its lazy-string wrapper (a fifth of the time here)."""
    return value if isinstance(value, SafeData) else escape(str(value))


def _mark(css: str, word: str, count: int) -> str:
    """A pişti mark on a captured pile, ``word`` already escaped: "Pişti ×2"."""
    times = f'<span class="mark-times">×{count}</span>' if count > 1 else ""
    return f'<span class="{css}" data-count="{count}">{word}{times}</span>'


def _stack_classes(stack: dict) -> str:
    """A partnership's pile in its side's colour (the strip's names carry the same dot) and
    named "Team", so the two partners' equal counts read as one team's; the partner's copy
    is the count alone, without a second pile of backs."""
    if not stack.get("team"):
        return ""
    side = " is-ours" if stack.get("ours") else " is-theirs"
    by_seat = " is-by-seat" if stack.get("by_seat") else ""
    return f" is-team{side}{' is-shared' if stack.get('shared') else ''}{by_seat}"


def _stack_word(stack: dict, watching: bool = False) -> str:
    """The word before a captured pile's count: whose cards they are. A partnership's says
    "Our cards 15" at you and your partner, "Their cards 12" at each opponent: the same
    number at two seats, with a two-heads icon or a colour alone, read to three new players
    as twice the cards (44 + 44 + 8 + 8 of a 52-card deck), and "Team's cards 9" at both
    partners still as 9 each. A player's own says "Taken 7": a bare number beside a pile of
    backs was read as the cards still to come."""
    if stack.get("team"):
        # whose, not "Team": "Team 9" read as the team's number (the lobby has "Team 1" and
        # "Team 2"), and Turkish "Takımın kâğıtları" at the opponents as your own team's; a
        # watcher, on no side, reads "Team's cards".
        if watching:
            word = pgettext(
                "before the count of a 2 vs 2 team's captured cards, at each partner",
                "Team's cards",
            )
        elif stack.get("ours"):
            word = pgettext(
                "before the count of your own team's captured cards, at you and your partner",
                "Our cards",
            )
        else:
            word = pgettext(
                "before the count of the other team's captured cards, at each opponent",
                "Their cards",
            )
    else:
        word = pgettext("before the count of one player's captured cards", "Taken")
    return f'<span class="team-word">{_e(word)}</span> '


def stack_html(stack: dict, watching: bool = False) -> str:
    """A side's captured pile, its count and its pişti marks."""
    # the word, not a letter: "P" and "J" went unexplained on a phone (their legend stood
    # only in the side panel a phone does not show). One mark per kind with its count
    # ("Pişti ×3"): a row of marks ran off a phone's table.
    mark = _e(pgettext("a mark on a captured pile", "Pişti"))
    jack_mark = _e(pgettext("a mark on a captured pile", "Jack pişti"))
    marks = ""
    if stack["marks"]:
        marks += _mark("pisti-mark", mark, len(stack["marks"]))
    if stack["jack_marks"]:
        marks += _mark("pisti-mark is-jack", jack_mark, len(stack["jack_marks"]))
    label = f'<span class="visually-hidden">{_e(stack["label"])}</span>' if stack["label"] else ""
    return (
        f'<div class="stack{_stack_classes(stack)}" '
        f'data-stack="{_e(stack["side"])}">\n'
        f'  <span class="stack-pile">{card_back("stack-card") if stack["cards"] else ""}</span>\n'
        f'  <span class="stack-count" aria-hidden="true">{_stack_word(stack, watching)}'
        f"<span data-stack-count>{_e(stack['cards'])}</span></span>\n"
        f'  <span class="pisti-marks" aria-hidden="true" data-pisti-marks data-mark="{mark}" '
        f'data-jack-mark="{jack_mark}">{marks}</span>\n'
        f"  {label}\n"
        "</div>\n"
    )


def _named_card(c: dict, css: str, attributes: str = "") -> str:
    """A face-up card in a span of class ``css``, with its name for screen readers and the
    review's marks (the card played, the best card) as classes and a word under it."""
    css += "".join(f" is-{mark}" for mark in c["marks"])
    tags = "".join(
        f'<span class="card-tag tag-{mark}">{_e(_MARK_WORDS[mark]())}</span>' for mark in c["marks"]
    )
    return (
        f'<span class="{css}"{attributes}>{card(c["name"])}'
        f'<span class="visually-hidden">{_e(c["words"])}</span>{tags}</span>'
    )


_MARK_WORDS = {
    "played": lambda: _("played"),
    "best": lambda: _("best"),
    "tried": lambda: _("tried"),
}


def _revealed(seat: dict) -> str:
    cards = "".join(_named_card(c, "revealed-card") for c in seat["revealed"])
    return f'<div class="seat-revealed review-hand">{cards}</div>'


def _is_turn(seat: dict) -> str:
    return " is-turn" if seat["is_turn"] else ""


def _stack_of(seat: dict, watching: bool = False) -> str:
    return stack_html(seat["stack"], watching) if seat["stack"] else ""


def _last_play_words() -> dict[str, str]:
    """The words of every seat's last card, looked up once a table (this runs in every
    frame): "played %(card)s", and what the card took, under it (board.js puts the same
    words there from the attributes that carry them)."""
    return {
        "pattern": pgettext(
            "beside a seat: the card it played last; %(card)s is the card's corner sign, as Q♥",
            "played %(card)s",
        ),
        "pile": pgettext("under a seat's last card: it captured", "took the pile"),
        "pisti": pgettext("under a seat's last card: it made a pişti", "pişti!"),
        "jack_pisti": pgettext("under a seat's last card: it made a jack pişti", "jack pişti!"),
    }


def _last_play(seat: dict, words: dict[str, str]) -> str:
    """The seat's latest card this deal ("played Q♥") and, on a line under it, what it took
    ("took the pile", "pişti!"). Before the seat's first play it is drawn unseen with a
    card of the widest sign, and the second line keeps its room when the card took nothing,
    so the seat neither grows nor moves (the chip keeps one width for every card); board.js
    fills it as each card lands, from the words it carries. ``words``: _last_play_words()."""
    pattern = words["pattern"]
    played = seat.get("last_play")
    play = played or {"sign": "10♠", "red": False, "words": "", "took": "", "old": False}
    red = " is-red" if play["red"] else ""
    sign = f'<span class="last-play-card{red}">{_e(play["sign"])}</span>'
    shown = _e(pattern % {"card": "\x00"}).replace("\x00", sign)
    took = words.get(play["took"], "")
    said, state = "", " is-none"
    if played:
        said = _e(pattern % {"card": play["words"]}) + (f", {_e(took)}" if took else "")
        state = " is-old" if play["old"] else ""
    kind = f" took-{play['took']}" if play["took"] else ""
    return (
        f'<span class="last-play{state}{kind}" data-last-play data-pattern="{_e(pattern)}" '
        f'data-took-pile="{_e(words["pile"])}" data-took-pisti="{_e(words["pisti"])}" '
        f'data-took-jack-pisti="{_e(words["jack_pisti"])}">'
        f'<span class="last-play-sign" aria-hidden="true">{shown}</span>'
        f'<span class="last-play-took" aria-hidden="true">{_e(took) or "&nbsp;"}</span>'
        f'<span class="visually-hidden">{said}</span></span>'
    )


def _other_seat(seat: dict, watching: bool, words: dict[str, str]) -> str:
    # the top seat says its last card on its name's line: beside the backs and the team's
    # count it made the line too long for a phone, and the pile wrapped on and off it
    top = seat["position"] == "top"
    level = f' <span class="seat-level">{_e(seat["level"])}</span>' if seat["level"] else ""
    if seat["revealed"]:
        hand = _revealed(seat) + "\n      "
    else:
        # every count down to none, so the script can say "3 cards" as a back leaves
        counts = [
            ngettext("%(counter)s card", "%(counter)s cards", n) % {"counter": n}
            for n in range(seat["count"] + 1)
        ]
        backs = "".join(card_back("mini") for _i in seat["backs"])
        # the backs and their count kept together: beside the captured pile, "3 cards"
        # read as that pile's
        hand = (
            '<div class="seat-held">'
            f'<div class="seat-hand" data-seat-hand>{backs}</div>\n'
            f'      <p class="seat-count" data-seat-count data-counts="{_e("|".join(counts))}">'
            f"{_e(counts[-1])}</p>{'' if top else _last_play(seat, words)}</div>"
        )
    to_play = _("to play")  # outside the f-string, where makemessages finds it
    return (
        f'\n    <section class="seat seat-{_e(seat["position"])}{_is_turn(seat)}" '
        f'data-seat="{_e(seat["seat"])}" aria-label="{_e(seat["name"])}">\n'
        f'      <p class="seat-label"><span class="seat-name">{_e(seat["name"])}</span>'
        f'{level} <span class="turn-flag" data-turn-flag>{_e(to_play)}</span>'
        f"{_last_play(seat, words) if top and not seat['revealed'] else ''}</p>\n"
        f"      {hand}\n"
        f"      {_stack_of(seat, watching)}\n"
        "    </section>\n    "
    )


def _my_seat(seat: dict, watching: bool, words: dict[str, str]) -> str:
    """The bottom seat; a watcher's (no hand shown) is the first player's, whose turn is
    theirs, not the watcher's: "to play", as at the other seats. It says its last card too:
    after a 2 vs 2 round a new player looked for their own among the others'."""
    revealed = _revealed(seat) if seat["revealed"] else ""
    # outside the f-string, where makemessages finds it
    your_turn = _("to play") if watching else _("your turn")
    return (
        f'\n    <section class="seat seat-bottom{_is_turn(seat)}" data-seat="{_e(seat["seat"])}" '
        f'aria-label="{_e(seat["name"])}">\n'
        f'      <p class="seat-label"><span class="seat-name">{_e(seat["name"])}</span> '
        f'<span class="turn-flag" data-turn-flag>{_e(your_turn)}</span></p>\n'
        f"      {revealed or _last_play(seat, words)}\n"
        f"      {_stack_of(seat, watching)}\n"
        "    </section>\n    "
    )


def _centre(table: dict) -> str:
    pile = table["pile"]
    stock = (
        f'{card_back("stock-card")}<span class="stock-count" aria-hidden="true">'
        f"{_e(table['stock'])}</span>"
        if table["stock"]
        else ""
    )
    down = "".join(card_back("pile-card is-down") for _i in pile["down"])
    face_up = "".join(card(c["name"], "pile-card") for c in pile["face_up"])
    return (
        '<div class="centre">\n'
        f'      <div class="stock" data-stock>{stock}<span class="visually-hidden">'
        f"{_e(table['stock_label'])}</span></div>\n"
        f'      <div class="pile" data-pile role="img" aria-label="{_e(pile["label"])}">\n'
        f"        {down}\n"
        f"        {face_up}\n"
        f'        <span class="pile-empty" aria-hidden="true">{_e(_("The table is empty."))}'
        "</span>\n"
        f'        <span class="pile-count" aria-hidden="true" data-pile-count'
        f"{'' if pile['size'] else ' hidden'}>{_e(pile['size'])}</span>\n"
        "      </div>\n"
        "    </div>\n    "
    )


def _hand_button(table: dict, c: dict) -> str:
    takes = ""
    if c["takes"]:
        text = ngettext("takes %(counter)s", "takes %(counter)s", c["takes"]) % {
            "counter": c["takes"]
        }
        if c["pisti"]:
            # a pişti always takes the lone card: the word alone fits under a phone's card
            # ("забирает 2 · двойное пишти" did not); a screen reader hears both
            takes = (
                f'<span class="takes" data-pisti><span aria-hidden="true">{_e(c["pisti"])}'
                f'</span><span class="visually-hidden">{_e(text)} · {_e(c["pisti"])}</span></span>'
            )
        else:
            takes = f'<span class="takes">{_e(text)}</span>'
    autofocus = (
        " autofocus" if table.get("autofocus") and table["playable"] and c["number"] == 1 else ""
    )
    # a puzzle's hand marks the cards already tried ("tried"), as the review marks its cards
    marks = c.get("marks", ())
    marked = "".join(f" is-{mark}" for mark in marks)
    tags = "".join(
        f'<span class="card-tag tag-{mark}">{_e(_MARK_WORDS[mark]())}</span>' for mark in marks
    )
    return (
        f'\n      <button type="submit" name="card" value="{_e(c["name"])}" '
        f'class="card-button{" captures" if c["takes"] else ""}{marked}" '
        f'data-key="{_e(c["number"])}" data-card="{_e(c["name"])}"{autofocus}>\n'
        f'        {card(c["name"])}<span class="card-key" aria-hidden="true">'
        f"{_e(c['number'])}</span>\n"
        f'        <span class="visually-hidden">{_e(c["words"])}</span>\n'
        f"        {takes}{tags}\n"
        "      </button>"
    )


def _form(table: dict, csrf_input: str) -> str:
    form = table["form"]
    fields = "".join(
        f'<input type="hidden" name="{_e(name)}" value="{_e(value)}">'
        for name, value in form["fields"]
    )
    hand = "".join(_hand_button(table, c) for c in table["hand"])
    key_hint = _("(click a card or press its number)")  # outside the f-string, for makemessages
    return (
        f'\n  <form method="post" action="{_e(form["action"])}" class="hand-form" data-move '
        f"data-hand-form>{csrf_input}\n"
        f"    {fields}\n"
        f'    <fieldset class="hand" data-hand{"" if table["playable"] else " disabled"}>\n'
        f'      <legend class="visually-hidden">{_e(_("Your hand"))}</legend>\n'
        f"      {hand}\n"
        "    </fieldset>\n"
        f'    <p class="key-hint{"" if table["playable"] else " is-idle"}">'
        f"{_e(key_hint)}</p>\n"
        "  </form>\n  "
    )


def _static_hand(table: dict) -> str:
    cards = "".join(
        _named_card(c, "card-button", f' data-card="{_e(c["name"])}"') for c in table["hand"]
    )
    return f'\n  <div class="hand is-static" data-hand>{cards}</div>\n  '


def render_table(table: dict, csrf_input: str = "") -> SafeString:
    """The table for :func:`pisti_site.table.present_table`'s ``table``; ``csrf_input`` is
    the form's hidden CSRF field when a page (not a friends frame) posts the hand."""
    turn = f' data-turn="{_e(table["turn"])}"' if table["turn"] is not None else ""
    watching = not table["show_hand"] and not table["form"]
    # said after the play that hands you the turn (board.js); never to a watcher
    said = _("Your turn.")  # outside the f-string, where makemessages finds it
    # and the name your own plays go by in the line ("You: king of diamonds"), as the
    # server's lines say them: a friends table's seat shows the player's own name
    you = _("You")
    your_turn = "" if watching else f' data-your-turn-text="{_e(said)}" data-you="{_e(you)}"'
    words = _last_play_words()
    others = "".join(
        _other_seat(s, watching, words) if not s["is_me"] else "" for s in table["seats"]
    )
    mine = "".join(_my_seat(s, watching, words) if s["is_me"] else "" for s in table["seats"])
    if table["form"]:
        hand = _form(table, csrf_input)
    elif table["show_hand"]:
        hand = _static_hand(table)
    else:
        hand = ""
    return mark_safe(  # noqa: S308 - every value above is escaped
        f'\n<div class="game-table players-{_e(table["players"])}" data-table '
        f'data-sprite="{_e(sprite_url())}" data-me="{_e(table["me"])}"{turn}{your_turn}>\n'
        '  <div class="felt">\n'
        f"    {others}\n"
        f"    {_centre(table)}{mine}\n"
        "  </div>\n"
        f'  <p class="table-status" data-status role="status">{_e(table["turn_text"])}</p>\n'
        f"  {hand}\n"
        "</div>\n"
    )
