"""The end of a deal as every table shows it: each side's score, the totals, the winners.

One presenter and one template (``templates/includes/deal_end.html``) for the practice
game and the tables with friends. Only called once a deal is over, when every card of it
is public, so nothing here can tell a hand.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from pisti import score_deal
from pisti.match import match_points

from .totals_chart import chart_svg


def plays_for_deals(rules) -> bool:
    """``match_scoring: "deals"``: the match is won on deals won, not on points."""
    return rules.match_scoring == "deals"


def match_goal(rules) -> str:
    """What wins this match, in words, for the practice game's and the friends table's
    score strips: the points target or the deals to win. A number and the word after it
    never part at a line's end ("151 / puan" on a phone)."""
    if rules.max_deals == 1:
        text = _("a single deal")  # "play on from here" in a review: that deal alone
    elif plays_for_deals(rules):
        text = ngettext(
            "first to win %(n)d deal", "first to win %(n)d deals", rules.deals_target
        ) % {"n": rules.deals_target}
    else:
        text = ngettext(
            "playing to %(target)d point", "playing to %(target)d points", rules.target
        ) % {"target": rules.target}
    if rules.max_deals and rules.max_deals > 1:  # a match cut short after so many deals
        text += " · " + ngettext("at most %(n)d deal", "at most %(n)d deals", rules.max_deals) % {
            "n": rules.max_deals
        }
    return re.sub(r"(\d) ", "\\1\u00a0", text)


def goal(rules) -> int:
    return rules.deals_target if plays_for_deals(rules) else rules.target


def running_totals(match) -> list[list[int]]:
    """The deciding totals after each deal: points, or deals won in a deals match."""
    totals, rows = [0] * match.rules.sides, []
    for points in match.points:
        counted = match_points(points) if plays_for_deals(match.rules) else points
        totals = [t + p for t, p in zip(totals, counted, strict=True)]
        rows.append(list(totals))
    return rows


def totals_chart(match, names: list[str]) -> str:
    return chart_svg(running_totals(match), names, goal(match.rules))


def deal_table(state, rules, names, match, deal: int | None = None) -> list[dict]:
    """One row per side: the deal's score, the points total and, in a deals match, deals won.
    ``deal`` (its number): the match as it stood right after that deal, for a review of an
    earlier deal; the match now otherwise."""
    rows = []
    totals, points = match.totals, match.point_totals
    if deal is not None:
        totals = running_totals(match)[deal - 1]
        points = [sum(p[side] for p in match.points[:deal]) for side in range(rules.sides)]
    for side, score in enumerate(score_deal(state)):
        rows.append(
            {
                "name": names[side],
                "score": score,
                "total": points[side],
                "deals_won": totals[side],
                "needed": max(0, goal(rules) - totals[side]),
            }
        )
    return rows


def score_lines(score, rules) -> list[dict]:
    """What one side scored in a deal, line by line, largest first ("2 piştis +20"), as a
    player would add it up: only what earned points."""
    lines = []

    def add(label: str, points: int) -> None:
        if points:
            lines.append({"label": label, "points": points})

    add(
        ngettext("%(count)d pişti", "%(count)d piştis", score.pisti) % {"count": score.pisti},
        score.pisti * rules.pisti_points,
    )
    add(
        ngettext("%(count)d jack pişti", "%(count)d jack piştis", score.jack_pisti)
        % {"count": score.jack_pisti},
        score.jack_pisti * rules.jack_pisti_points,
    )
    if score.majority:
        add(_("Most cards (%(count)d)") % {"count": score.cards}, rules.majority_bonus)
    if score.ten_of_diamonds:
        add(_("Ten of diamonds"), rules.ten_of_diamonds_points)
    if score.two_of_clubs:
        add(_("Two of clubs"), rules.two_of_clubs_points)
    add(ngettext("%(count)d ace", "%(count)d aces", score.aces) % {"count": score.aces}, score.aces)
    add(
        ngettext("%(count)d jack", "%(count)d jacks", score.jacks) % {"count": score.jacks},
        score.jacks,
    )
    return sorted(lines, key=lambda line: -line["points"])


def no_majority_note(scores, rules) -> str:
    """Why nobody got the bonus for most cards, when nobody did (a 26 : 26 split, or no side
    reached 27 under the "over half" rule): otherwise the player looks for it in vain."""
    bonus = rules.majority_bonus
    if not bonus or any(score.majority for score in scores):
        return ""
    if rules.majority_rule == "over_half":
        text = ngettext(
            "Nobody took 27 cards or more, so nobody gets the %(points)d point for most cards.",
            "Nobody took 27 cards or more, so nobody gets the %(points)d points for most cards.",
            bonus,
        )
    else:
        text = ngettext(
            "The cards were split %(split)s, so nobody gets the %(points)d point for most cards.",
            "The cards were split %(split)s, so nobody gets the %(points)d points for most cards.",
            bonus,
        )
    return text % {"split": " : ".join(str(score.cards) for score in scores), "points": bonus}


def deal_winner(points: list[int]) -> int | None:
    """The side with strictly the most points in the deal; ``None`` for a draw."""
    won = match_points(points)
    return won.index(1) if 1 in won else None


def winner_line(
    winner: int | None, names: list[str], rules, reader: int | None, *, match: bool
) -> str:
    """Who won, said to the reader: "You won the deal!" when it is their side (the line the
    page celebrates), "Your opponents won the deal" otherwise. A team's name takes the
    plural ("Ali and Veli" won), so each case has its own sentence for translators."""
    if winner is None:
        return _("The match is a draw.") if match else _("The deal is a draw")
    if winner == reader:
        if rules.partnerships:
            return _("Your team won the match!") if match else _("Your team won the deal!")
        return _("You won the match!") if match else _("You won the deal!")
    if rules.partnerships and reader is not None:  # the other team, to a player: no names
        return _("Your opponents won the match") if match else _("Your opponents won the deal")
    if names[winner] == _("Your opponent"):  # the practice game's one opponent: a sentence
        # of its own, where a name slot reads like a form's label ("Oyunu kazanan: Rakibin")
        return _("Your opponent won the match") if match else _("Your opponent won the deal")
    name = {"name": names[winner]}
    if rules.partnerships:
        if match:
            return pgettext("a team won", "%(name)s won the match") % name
        return pgettext("a team won", "%(name)s won the deal") % name
    if match:
        return pgettext("one player won", "%(name)s won the match") % name
    return pgettext("one player won", "%(name)s won the deal") % name


def _reader_first(per_side: list, reader: int | None) -> list:
    """``per_side`` (one item per side, in the engine's order) from the reader's side on,
    the others after it in turn: the order of every deal summary's columns and scores (a
    friend at seat 2 reads their own column first; a watcher from the first side)."""
    first = reader or 0
    return [*per_side[first:], *per_side[:first]]


def _scoreboard(names, points) -> list[dict]:
    """Each side's name beside its points, in the order given (the reader's first): drawn
    "You 4 : 22 Ayşe" (``includes/scoreboard.html``). A bare "4 : 22" after "Ayşe won the
    deal" read as Ayşe's 4, and winner first ("22 : 4") over the reader's own column of 4
    read as theirs; with the names no order has to be guessed."""
    return [{"name": name, "points": n} for name, n in zip(names, points, strict=True)]


def deal_summary(
    state, rules, names: list[str], match, reader: int | None = 0, deal: int | None = None
) -> dict:
    """The end of a deal at a glance: who won it and by how much, what each side scored
    line by line, and where the match stands (right after ``deal``, when it is given). The
    full table stays one tap away. ``reader`` is the side of whoever reads it (``None``:
    someone watching)."""
    rows = deal_table(state, rules, names, match, deal)
    winner = deal_winner([row["score"].points for row in rows])
    # the reader's side first, in the columns and in the score over them
    sides = _reader_first(
        [
            {
                **row,
                "lines": score_lines(row["score"], rules),
                "won": side == winner,
            }
            for side, row in enumerate(rows)
        ],
        reader,
    )
    return {
        "winner": names[winner] if winner is not None else None,
        "headline": winner_line(winner, names, rules, reader, match=False),
        "reader_won": winner is not None and winner == reader,
        # in the order of the columns under it, the reader's side first, each number with
        # its side's name ("You 11 : 15 Your opponent")
        "scoreboard": _scoreboard(
            [side["name"] for side in sides], [side["score"].points for side in sides]
        ),
        "sides": sides,
        "no_majority": no_majority_note([row["score"] for row in rows], rules),
    }


def end_reason(match) -> str:
    """Why a finished match ended, when its deal limit ended it before the goal: otherwise
    the last summary names a winner far from the target without saying why."""
    rules, played = match.rules, len(match.finished)
    if rules.max_deals is None or played < rules.max_deals or max(match.totals) >= goal(rules):
        return ""
    return ngettext(
        "The match was set to end after %(count)d deal.",
        "The match was set to end after %(count)d deals.",
        rules.max_deals,
    ) % {"count": rules.max_deals}


def _match_parts(match, side: int) -> dict[str, int]:
    """One side's points over the whole match by where they came from: piştis, the bonus
    for most cards, and the cards that count (the rest)."""
    rules, parts = match.rules, {"pisti": 0, "majority": 0, "cards": 0}
    for state in match.finished:
        score = score_deal(state)[side]
        pisti = score.pisti * rules.pisti_points + score.jack_pisti * rules.jack_pisti_points
        majority = rules.majority_bonus if score.majority else 0
        parts["pisti"] += pisti
        parts["majority"] += majority
        parts["cards"] += score.points - pisti - majority
    return parts


def where_it_was_lost(match, winner: int | None, reader: int | None) -> str:
    """For a match the reader lost, where the winner's points came from that the reader's
    did not: the piştis, the bonus for most cards or the counting cards, whichever made
    the widest gap over the match. A lost match's end said only who won; this says what
    to look at next time."""
    if winner is None or reader is None or winner == reader or not match.outcome.over:
        return ""
    theirs, yours = _match_parts(match, winner), _match_parts(match, reader)
    kind = max(theirs, key=lambda k: theirs[k] - yours[k])
    if theirs[kind] <= yours[kind]:
        return ""
    numbers = {"theirs": theirs[kind], "yours": yours[kind]}
    team = match.rules.partnerships  # "your team", not "you" (Turkish said "sen" to a team)
    return GAP_LINES[kind, team](theirs[kind]) % numbers


# Each gap in its own sentence, for a player and for a team, counted in points ("the
# winner 50, you 0" read as cards or piştis); the noun follows the winner's number.
GAP_LINES = {
    ("pisti", False): lambda n: ngettext(
        "The biggest gap was in piştis: the winner scored %(theirs)d point, you %(yours)d.",
        "The biggest gap was in piştis: the winner scored %(theirs)d points, you %(yours)d.",
        n,
    ),
    ("pisti", True): lambda n: ngettext(
        "The biggest gap was in piştis: the winners scored %(theirs)d point, your team %(yours)d.",
        "The biggest gap was in piştis: the winners scored %(theirs)d points, your team %(yours)d.",
        n,
    ),
    ("majority", False): lambda n: ngettext(
        "The biggest gap was the bonus for most cards: the winner scored %(theirs)d point, "
        "you %(yours)d.",
        "The biggest gap was the bonus for most cards: the winner scored %(theirs)d points, "
        "you %(yours)d.",
        n,
    ),
    ("majority", True): lambda n: ngettext(
        "The biggest gap was the bonus for most cards: the winners scored %(theirs)d point, "
        "your team %(yours)d.",
        "The biggest gap was the bonus for most cards: the winners scored %(theirs)d points, "
        "your team %(yours)d.",
        n,
    ),
    ("cards", False): lambda n: ngettext(
        "The biggest gap was in the cards that count (aces, jacks, the two of clubs, the ten "
        "of diamonds): the winner scored %(theirs)d point, you %(yours)d.",
        "The biggest gap was in the cards that count (aces, jacks, the two of clubs, the ten "
        "of diamonds): the winner scored %(theirs)d points, you %(yours)d.",
        n,
    ),
    ("cards", True): lambda n: ngettext(
        "The biggest gap was in the cards that count (aces, jacks, the two of clubs, the ten "
        "of diamonds): the winners scored %(theirs)d point, your team %(yours)d.",
        "The biggest gap was in the cards that count (aces, jacks, the two of clubs, the ten "
        "of diamonds): the winners scored %(theirs)d points, your team %(yours)d.",
        n,
    ),
}


def deal_end_context(match, names: list[str], reader_side: int | None = 0) -> dict:
    """What ``includes/deal_end.html`` shows for the last finished deal of ``match``;
    ``names`` are the sides' names. The reader's own side comes first, as the practice
    game's does (a friend at seat 2 reads their own column first, not on the right). The
    page adds ``actions`` (and ``links``): the template names of its own buttons and links.
    ``reader_side`` is ``None`` for someone watching: every side is then named."""
    if match.current is not None or not match.finished:
        raise ValueError("the deal is not over")
    outcome = match.outcome
    summary = deal_summary(match.finished[-1], match.rules, names, match, reader_side)
    sole_winner = outcome.winners[0] if len(outcome.winners) == 1 else None
    return {
        "summary": summary,
        "deal_table": summary["sides"],
        # a line needs two deals to say anything
        "chart": totals_chart(match, names) if len(match.finished) > 1 else "",
        "series": list(enumerate(names)),  # the chart's legend, in its colours
        "end_reason": end_reason(match) if outcome.over else "",
        "everyone_won": outcome.over and len(outcome.winners) == match.rules.sides,
        "history": [
            {"deal": i + 1, "points": p, "totals": t}
            for i, (p, t) in enumerate(zip(match.points, running_totals(match), strict=True))
        ],
        "deals_match": plays_for_deals(match.rules),
        "match_over": outcome.over,
        "winners": [names[s] for s in outcome.winners],
        "match_headline": winner_line(sole_winner, names, match.rules, reader_side, match=True),
        # the match's totals beside its headline, in the same order ("You 11 : 41 Ayşe")
        "match_scoreboard": _scoreboard(
            _reader_first(list(names), reader_side), _reader_first(list(match.totals), reader_side)
        ),
        "reader_won_match": outcome.over and sole_winner is not None and sole_winner == reader_side,
        "lost_because": where_it_was_lost(match, sole_winner, reader_side),
        "finished_count": len(match.finished),
    }
