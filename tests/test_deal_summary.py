"""The end of a deal at a glance (``pisti_site/deal_end.py``): the lines a side is shown
add up to exactly the points the engine gave it, the headline names the side the engine
says won, and the summary reads as a sentence in every language."""

from __future__ import annotations

import random
import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from pisti import Match, Rules, SideScore, Tally, score_deal, score_tallies
from pisti_site.deal_end import (
    deal_end_context,
    deal_winner,
    match_goal,
    score_lines,
    winner_line,
)
from pisti_site.table import deal_steps, leftover_step, running_points, shown_deal_points

RULE_SETS = [
    Rules(),
    Rules(pisti_points=5, jack_pisti_points=15, majority_bonus=7, two_of_clubs_points=4),
    Rules(players=4, partnerships=True, jack_on_lone_card="pisti"),
    Rules(players=3, majority_rule="over_half", ten_of_diamonds_points=0),
]


def finished_match(rules: Rules, seed: int) -> Match:
    """A match with one deal played to its end by random legal plays."""
    rng = random.Random(seed)
    match = Match(rules)
    state = match.start_deal(rng=rng)
    while not state.is_over:
        state.play(rng.choice(state.legal_plays()))
    match.finish_deal()
    return match


def names_for(rules: Rules) -> list[str]:
    return [f"Side {side}" for side in range(rules.sides)]


@pytest.mark.parametrize("rules", RULE_SETS, ids=range(len(RULE_SETS)))
def test_the_lines_add_up_to_the_engines_points_and_the_headline_names_its_winner(rules):
    for seed in range(25):
        match = finished_match(rules, seed)
        summary = deal_end_context(match, names_for(rules))["summary"]
        points = match.points[-1]
        for side, engine_points in zip(summary["sides"], points, strict=True):
            lines = side["lines"]
            assert sum(line["points"] for line in lines) == side["score"].points == engine_points
        best = max(points)
        expected = points.index(best) if points.count(best) == 1 else None
        assert summary["winner"] == (f"Side {expected}" if expected is not None else None)
        # read by side 0: its own win is said to it (and celebrated), another player's
        # win named, the other team's said as "your opponents"
        assert summary["reader_won"] == (expected == 0)
        if expected not in (None, 0):
            other = "Your opponents" if rules.partnerships else f"Side {expected}"
            assert other in summary["headline"]
        assert [s["won"] for s in summary["sides"]].count(True) == (expected is not None)
        # the reader's points first, in the order of the columns under the line (read by
        # side 0 here: the engine's order); read by another side, that side's first
        # each number with its side's name: a bare "4 : 22" after "Ayşe won the deal" read
        # as Ayşe's 4
        shown = [side["points"] for side in summary["scoreboard"]]
        assert shown == list(points)
        assert [s["score"].points for s in summary["sides"]] == shown
        assert [side["name"] for side in summary["scoreboard"]] == [
            s["name"] for s in summary["sides"]
        ]
        last = rules.sides - 1
        theirs = deal_end_context(match, names_for(rules), last)["summary"]
        assert [(side["name"], side["points"]) for side in theirs["scoreboard"]] == [
            (f"Side {last}", points[last]),
            *((f"Side {side}", points[side]) for side in range(last)),
        ]
        assert [s["score"].points for s in theirs["sides"]] == [points[last], *points[:last]]


def test_a_sides_lines_name_each_item_once_largest_first():
    rules = Rules(pisti_points=10, jack_pisti_points=20, majority_bonus=3)
    score = SideScore((0,), 30, 3, 1, True, False, True, 2, 1, 0)
    assert [(line["label"], line["points"]) for line in score_lines(score, rules)] == [
        ("2 piştis", 20),
        ("1 jack pişti", 20),
        ("Most cards (30)", 3),
        ("3 aces", 3),
        ("Two of clubs", 2),
        ("1 jack", 1),
    ]
    nothing = SideScore((1,), 22, 0, 0, False, False, False, 0, 0, 0)
    assert score_lines(nothing, rules) == []


def test_a_draw_has_no_winner():
    assert deal_winner([8, 8]) is None
    assert deal_winner([8, 9, 9]) is None
    assert deal_winner([3, 9, 1, 2]) == 1


@pytest.mark.parametrize("language", ["en", "tr", "de", "ru"])
def test_the_summary_is_translated_and_complete(language):
    rules = Rules(players=4, partnerships=True)
    match = finished_match(rules, 3)
    with translation.override(language):
        context = deal_end_context(match, names_for(rules))
        html = render_to_string(
            "includes/deal_end.html",
            {**context, "actions": "friends/includes/deal_end_actions.html"},
        )
    assert "%(" not in html and "{{" not in html
    headline = re.search(r"data-deal-winner>(.*?)</p>", html, re.S).group(1)
    assert context["summary"]["headline"] in headline
    for side in context["summary"]["scoreboard"]:
        assert f'<span class="score-name">{side["name"]}</span>' in headline
        assert f"{side['points']}" in headline
    if language != "en":
        assert "Full breakdown" not in html and "still needed" not in html
    assert html.count("data-deal-points") == rules.sides


@pytest.mark.parametrize("rules", RULE_SETS, ids=range(len(RULE_SETS)))
def test_the_score_strip_points_after_each_play_are_the_engines(rules):
    """The points each side has after every play (what the strip shows as captures land)
    are the engine's score of the deal replayed to that play, less the face-down opening
    cards (unseen after a capture too); the leftover sweep brings the deal's final score,
    theirs included."""
    hidden_points = 0  # plays after which the face-down cards held points not yet shown
    for seed in range(12):
        match = finished_match(rules, seed)
        state = match.finished[-1]
        rows = running_points(state)
        assert len(rows) == len(state.events)
        face_down = set(state.layout.table[: state.layout.face_down])
        for plays in range(1, len(state.events)):
            then = state.replayed(plays)
            seen = [
                Tally.of_cards(
                    [c for c in cards if c not in face_down],
                    then.pisti[side],
                    then.jack_pisti[side],
                )
                for side, cards in enumerate(then.captured)
            ]
            shown = [s.points for s in score_tallies(seen, rules, complete=False)]
            assert rows[plays - 1] == shown
            # a page drawn after this play (the strip of a reloaded table) shows the same
            assert shown_deal_points(then) == (shown if not then.is_over else match.points[-1])
            hidden_points += shown != [s.points for s in score_deal(then)]
        assert running_points(state, start=40) == rows[40:]  # the last few, as friends asks
        sweep = leftover_step(state, names_for(rules))
        steps = deal_steps(state, {s: f"Seat {s}" for s in range(rules.players)}, names_for(rules))
        if state.leftover and state.leftover[1]:
            assert sweep["points"] == match.points[-1] and steps[-1] == {**sweep, "index": 48}
            assert sweep["captured"] == state.leftover[1]
            # the taker opens the line, as in every line of the log
            assert sweep["text"].startswith(f"Side {state.leftover[0]}: ")
        else:
            assert sweep is None and len(steps) == len(state.events)
    if rules.opening == "three_down_one_up":
        assert hidden_points > 0  # the face-down cards' points did wait for the deal's end


def test_a_deal_without_a_majority_says_why_nobody_got_the_bonus():
    """A 26 : 26 split (or nobody at 27 under "over half") names the bonus nobody got."""
    from pisti_site.deal_end import no_majority_note

    def score(cards, majority):
        return SideScore((0,), cards, 0, 0, False, False, majority, 0, 0, 0)

    rules = Rules()
    assert no_majority_note([score(26, False), score(26, False)], rules) == (
        "The cards were split 26 : 26, so nobody gets the 3 points for most cards."
    )
    assert no_majority_note([score(30, True), score(22, False)], rules) == ""
    assert no_majority_note([score(26, False), score(26, False)], Rules(majority_bonus=0)) == ""
    three = Rules(players=3, majority_rule="over_half")
    note = no_majority_note([score(20, False), score(20, False), score(12, False)], three)
    assert note.startswith("Nobody took 27 cards or more")
    seeds = (
        seed
        for seed in range(400)
        if not any(s.majority for s in score_deal(finished_match(rules, seed).finished[-1]))
    )
    match = finished_match(rules, next(seeds))  # a real tied deal reaches the page
    html = render_to_string(
        "includes/deal_end.html",
        {
            **deal_end_context(match, names_for(rules)),
            "actions": "friends/includes/deal_end_actions.html",
        },
    )
    assert "data-no-majority" in html and "26 : 26" in html


def test_a_match_ended_by_its_deal_limit_says_so_and_needs_nothing_more():
    rules = Rules(max_deals=1)
    match = finished_match(rules, 5)
    assert match.outcome.over
    context = deal_end_context(match, names_for(rules))
    html = render_to_string(
        "includes/deal_end.html",
        {**context, "actions": "friends/includes/deal_end_actions.html"},
    )
    assert "The match was set to end after 1 deal." in html
    assert "still needed" not in html.split("deal-breakdown")[0]  # nothing left to reach
    assert "<figure" not in html  # one deal draws no line
    running = Match(Rules(target=500))
    for seed in (1, 2):
        state = running.start_deal(rng=random.Random(seed))
        while not state.is_over:
            state.play(random.Random(seed).choice(state.legal_plays()))
        running.finish_deal()
    assert deal_end_context(running, names_for(rules))["end_reason"] == ""  # not over


@pytest.mark.parametrize("language", ["en", "tr", "de", "ru"])
def test_a_match_cut_short_says_so_in_its_goal_and_its_end_shows_the_match_score(language):
    """A match set to end after two deals says so beside its target ("playing to 151
    points · at most 2 deals"), and its end puts the match's totals, the reader's first as
    in the columns, beside the winner's name: the deal's score alone read as the match's."""
    rules = Rules(max_deals=2)
    match = Match(rules)
    for seed in (1, 2):
        state = match.start_deal(rng=random.Random(seed))
        while not state.is_over:
            state.play(random.Random(seed).choice(state.legal_plays()))
        match.finish_deal()
    assert match.outcome.over
    with translation.override(language):
        goal_text = match_goal(rules)
        context = deal_end_context(match, names_for(rules))
        html = render_to_string(
            "includes/deal_end.html",
            {**context, "actions": "friends/includes/deal_end_actions.html"},
        )
        single = match_goal(Rules(max_deals=1))
        plain = match_goal(Rules())
    assert goal_text.startswith(plain) and "2" in goal_text[len(plain) :]
    assert "·" not in single
    winner = re.search(r"data-match-winner>(.*?)</h2>", html, re.S).group(1)
    ours, theirs = match.totals  # read by side 0: its total first, as its column
    names = names_for(rules)
    assert (
        f'<span class="score-name">{names[0]}</span> <span class="score-points">'
        f'{ours}&nbsp;:&nbsp;{theirs}</span> <span class="score-name">{names[1]}</span>'
    ) in winner


def test_a_match_everyone_wins_is_called_a_draw():
    """A one-deal match that ends level is a draw, not "a shared win: You, Your opponent"."""
    rules = Rules(max_deals=1)
    level = next(
        match
        for match in (finished_match(rules, seed) for seed in range(2000))
        if len(set(match.totals)) == 1
    )
    context = deal_end_context(level, names_for(rules))
    assert context["everyone_won"]
    html = render_to_string(
        "includes/deal_end.html", {**context, "actions": "friends/includes/deal_end_actions.html"}
    )
    assert "The match is a draw." in html and "A shared win" not in html
    assert "confetti" not in html


@pytest.mark.parametrize("reader", [0, 1, None])
def test_only_the_readers_own_match_win_is_celebrated(reader):
    """A one-deal match won by side 0: its reader gets the star and the confetti, the
    loser and someone watching read the winner's name and nothing celebrates."""
    rules = Rules(max_deals=1)
    match = next(
        match
        for match in (finished_match(rules, seed) for seed in range(200))
        if match.outcome.winners == (0,)
    )
    context = deal_end_context(match, names_for(rules), reader)
    html = render_to_string(
        "includes/deal_end.html", {**context, "actions": "friends/includes/deal_end_actions.html"}
    )
    winner = re.search(r"data-match-winner>(.*?)</h2>", html, re.S).group(1)
    assert ("confetti" in html) == (reader == 0) == ("win-star" in winner)
    assert ("Side 0 won the match" in winner) == (reader != 0)


@pytest.mark.parametrize("language", ["en", "tr", "de", "ru"])
def test_the_leftover_line_opens_with_the_takers_name_in_every_language(language):
    """A side's name ("Your opponents", "Вы") after a colon would keep its capital in
    mid-sentence; at the start of the line it reads as every other line of the log."""
    match = next(
        m for seed in range(50) if (m := finished_match(Rules(), seed)).finished[-1].leftover[1] > 1
    )
    state = match.finished[-1]
    with translation.override(language):
        text = leftover_step(state, ["Вы", "Ваши соперники"])["text"]
    assert text.startswith(["Вы", "Ваши соперники"][state.leftover[0]] + ": ")
    assert str(state.leftover[1]) in text


def test_the_readers_own_side_comes_first():
    rules = Rules(players=3)
    match = finished_match(rules, 1)
    names = names_for(rules)
    in_order = deal_end_context(match, names)["summary"]["sides"]
    for reader in range(rules.sides):
        sides = deal_end_context(match, names, reader)["summary"]["sides"]
        assert sides[0]["name"] == names[reader]
        assert sides == in_order[reader:] + in_order[:reader]  # each keeps its own points


@pytest.mark.parametrize("language", ["en", "tr", "de", "ru"])
def test_the_winner_line_speaks_to_its_reader(language):
    """The reader's own win is said to them ("You won the deal!"); another player's win
    names the winner; another team's is "your opponents" (a player reads no list of names,
    "Bot 2 and Bot 4"); someone watching (no side) reads every winner's name, a team's read
    as plural where the language needs it."""
    single, teams = Rules(), Rules(players=4, partnerships=True)
    names = ["Ayşe", "Mehmet"]
    with translation.override(language):
        lines = {
            "mine": winner_line(0, names, single, 0, match=False),
            "my team's": winner_line(0, names, teams, 0, match=False),
            "other": winner_line(1, names, single, 0, match=False),
            "other team": winner_line(1, names, teams, 0, match=False),
            "watched": winner_line(0, names, single, None, match=False),
            "watched team": winner_line(1, names, teams, None, match=False),
            "match": winner_line(0, names, single, 0, match=True),
            "draw": winner_line(None, names, single, 0, match=False),
        }
        opponents = translation.gettext("Your opponents won the deal")
    assert "Mehmet" in lines["other"] and "Mehmet" not in lines["other team"]
    assert "Ayşe" in lines["watched"] and "Mehmet" in lines["watched team"]
    assert lines["other team"] == opponents
    assert not any(name in lines["mine"] + lines["my team's"] + lines["match"] for name in names)
    assert len({lines["mine"], lines["my team's"], lines["match"], lines["draw"]}) == 4
    if language == "de":
        assert "hat" in lines["other"] and "haben" in lines["watched team"]
    if language != "en":
        assert not set(lines.values()) & {
            "You won the deal!",
            "Your team won the deal!",
            "You won the match!",
            "%(name)s won the deal",
        }


def test_the_totals_chart_numbers_its_axes():
    """The running-totals chart says what its lines measure: each deal's number along the
    bottom, 0 and the target (the dashed line's value) up the side; without a target (a
    match won on deals) the highest total."""
    from pisti_site.totals_chart import chart_svg

    svg = chart_svg([[10, 26], [41, 37], [80, 55]], ["You", "Boris"], 151)
    numbers = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert numbers == ["1", "2", "3", "0", "151"]
    assert 'stroke-dasharray="4 4"' in svg
    deals = chart_svg([[1, 0], [1, 1], [2, 1]], ["You", "Boris"], None)
    assert re.findall(r"<text[^>]*>([^<]*)</text>", deals)[-2:] == ["0", "2"]
    long = chart_svg([[i, i] for i in range(1, 31)], ["You", "Boris"], 151)
    assert len(re.findall(r"<text", long)) <= 12 + 2  # a long match is numbered sparsely
    # a match cut short far below its target is drawn to its own totals, the target said in
    # words: drawn to 151, a 2-deal match's lines lay flat along the bottom (review 9)
    short = chart_svg([[9, 7], [31, 25]], ["You", "Boris"], 151)
    assert re.findall(r"<text[^>]*>([^<]*)</text>", short)[-2:] == ["0", "31"]
    assert 'stroke-dasharray="4 4"' not in short and "Target 151." in short
    tops = [float(y) for y in re.findall(r",(\d+\.\d)\"", short)]  # the lines' last points
    assert min(tops) < 170 / 3  # the leader's line reaches the chart's upper third


@pytest.mark.parametrize("rules", RULE_SETS[:3], ids=range(3))
def test_a_lost_match_says_where_the_winner_pulled_ahead(rules):
    """The loser reads where the gap was widest (piştis, most cards, or the cards that
    count), with both sides' points for it taken from the engine's scores; the winner and
    someone watching read no such line."""
    rules = Rules(**{**rules.to_dict(), "max_deals": 1})
    seen = set()
    for seed in range(60):
        match = finished_match(rules, seed)
        if len(match.outcome.winners) != 1:
            continue
        winner = match.outcome.winners[0]
        loser = 1 - winner if rules.sides == 2 else (winner + 1) % rules.sides
        theirs, yours = (
            score_deal(match.finished[-1])[winner],
            score_deal(match.finished[-1])[loser],
        )

        def parts(s):
            pisti = s.pisti * rules.pisti_points + s.jack_pisti * rules.jack_pisti_points
            majority = rules.majority_bonus if s.majority else 0
            return {"pisti": pisti, "majority": majority, "cards": s.points - pisti - majority}

        gaps = {k: parts(theirs)[k] - parts(yours)[k] for k in ("pisti", "majority", "cards")}
        widest = max(gaps, key=gaps.get)
        line = deal_end_context(match, names_for(rules), loser)["lost_because"]
        words = {"pisti": "in piştis", "majority": "most cards", "cards": "cards that count"}
        assert words[widest] in line, (gaps, line)
        won = parts(theirs)[widest]
        points = f"{won} point" if won == 1 else f"{won} points"  # said in points, not bare
        said = (
            f"the winners scored {points}, your team {parts(yours)[widest]}."
            if rules.partnerships
            else f"the winner scored {points}, you {parts(yours)[widest]}."
        )
        assert said in line, line
        seen.add(widest)
        assert deal_end_context(match, names_for(rules), winner)["lost_because"] == ""
        assert deal_end_context(match, names_for(rules), None)["lost_because"] == ""
    assert len(seen) >= 2, seen  # the sample reaches more than one kind of gap


@pytest.mark.parametrize(
    "language,match_line,deal_line",
    [
        ("en", "Your opponent won the match", "Your opponent won the deal"),
        ("tr", "Oyunu rakibin kazandı", "Eli rakibin kazandı"),
        ("ru", "Партию выиграл ваш соперник", "Раздачу выиграл ваш соперник"),
    ],
)
def test_the_practice_opponents_win_is_a_sentence_not_a_label(language, match_line, deal_line):
    """The practice game's one opponent has sentences of their own: through the name slot
    Turkish read "Oyunu kazanan: Rakibin", like a form's label."""
    from pisti_site.table import side_names

    rules = Rules(max_deals=1)
    with translation.override(language):
        names = side_names(rules)
        for seed in range(100):
            match = finished_match(rules, seed)
            if match.outcome.winners == (1,):
                break
        context = deal_end_context(match, names, 0)
        assert context["match_headline"] == match_line
        assert context["summary"]["headline"] == deal_line
