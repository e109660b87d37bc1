"""Contract section 10: the ``python -m pisti`` command line, run as a real process."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .test_scripted_deals import P_DECK, P_EVENTS, P_PLAYS

ROOT = Path(__file__).resolve().parents[2]


def pisti(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "pisti", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def record(**changes):
    base = {"format": "pisti-deal/1", "rules": {}, "dealer": 0, "deck": P_DECK, "plays": P_PLAYS}
    return {**base, **changes}


def write(tmp_path, data, name="deal.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def event(seat, card, captured, pisti=False, jack_pisti=False):
    return {
        "seat": seat,
        "card": card,
        "captured": captured,
        "pisti": pisti,
        "jack_pisti": jack_pisti,
    }


# Deal P (see test_scripted_deals), worked out by hand.
P_SUMMARY = {
    "complete": True,
    "sides": [
        {
            "seats": [0],
            "cards": 41,
            "aces": 4,
            "jacks": 1,
            "two_of_clubs": True,
            "ten_of_diamonds": True,
            "majority": True,
            "pisti": 0,
            "jack_pisti": 0,
            "points": 13,
        },
        {
            "seats": [1],
            "cards": 11,
            "aces": 0,
            "jacks": 3,
            "two_of_clubs": False,
            "ten_of_diamonds": False,
            "majority": False,
            "pisti": 1,
            "jack_pisti": 1,
            "points": 33,
        },
    ],
    "events": [event(*e) for e in P_EVENTS]
    + [event(1 - i % 2, card, 0) for i, card in enumerate(P_PLAYS[10:])],
    "last_capture_side": 0,
}

# The first seven plays of deal P: side 1 has taken 5 + 2 + 2 + 2 = 11 cards with JC JD JH,
# a pişti and a jack pişti; no leftover and no majority bonus in an unfinished deal.
P7_SUMMARY = {
    "complete": False,
    "sides": [
        {
            "seats": [0],
            "cards": 0,
            "aces": 0,
            "jacks": 0,
            "two_of_clubs": False,
            "ten_of_diamonds": False,
            "majority": False,
            "pisti": 0,
            "jack_pisti": 0,
            "points": 0,
        },
        {
            "seats": [1],
            "cards": 11,
            "aces": 0,
            "jacks": 3,
            "two_of_clubs": False,
            "ten_of_diamonds": False,
            "majority": False,
            "pisti": 1,
            "jack_pisti": 1,
            "points": 33,
        },
    ],
    "events": [event(*e) for e in P_EVENTS[:7]],
    "last_capture_side": 1,
}


def test_replay_of_a_complete_record(tmp_path):
    result = pisti("replay", write(tmp_path, record()))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert json.loads(result.stdout) == P_SUMMARY
    assert len(result.stdout.strip().splitlines()) == 1  # one JSON object


def test_replay_reads_standard_input_with_a_dash():
    result = pisti("replay", "-", stdin=json.dumps(record()))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == P_SUMMARY


def test_replay_of_an_unfinished_record(tmp_path):
    result = pisti("replay", write(tmp_path, record(plays=P_PLAYS[:7])))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == P7_SUMMARY


def test_replay_accepts_extra_keys_no_rules_key_and_any_card_case(tmp_path):
    data = record(names=["Ayşe", "Bora"], date="2024-05-01", bots=["greedy", "random"])
    del data["rules"]
    data["deck"] = [c.lower() if i % 2 else c for i, c in enumerate(P_DECK)]
    data["deck"][data["deck"].index("TD")] = "10D"
    result = pisti("replay", write(tmp_path, data))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == P_SUMMARY


def test_replay_uses_the_records_rules(tmp_path):
    """jack_on_lone_card "jack_pisti": play 7 becomes side 1's second jack pişti."""
    result = pisti("replay", write(tmp_path, record(rules={"jack_on_lone_card": "jack_pisti"})))
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["events"][6] == event(1, "JH", 2, False, True)
    assert summary["sides"][1]["jack_pisti"] == 2
    assert summary["sides"][1]["points"] == 3 + 10 + 40


def test_deal_with_a_seed_is_deterministic_and_replays(tmp_path):
    first = pisti("deal", "--seed", "12345")
    second = pisti("deal", "--seed", "12345")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["format"] == "pisti-deal/1"
    assert sorted(data["deck"]) == sorted(r + s for r in "A23456789TJQK" for s in "CDHS")
    assert len(data["plays"]) == 48
    assert data["deck"][3][0] != "J"  # a shuffled deal never records a face-up jack
    replay = pisti("replay", "-", stdin=first.stdout)
    assert replay.returncode == 0, replay.stderr
    summary = json.loads(replay.stdout)
    assert summary["complete"] is True
    assert [e["card"] for e in summary["events"]] == data["plays"]
    sides = summary["sides"]
    assert sum(s["cards"] for s in sides) == 52
    split = [s["cards"] for s in sides] == [26, 26]
    bonus = sum(10 * s["pisti"] + 20 * s["jack_pisti"] for s in sides)
    assert sum(s["points"] for s in sides) == (13 if split else 16) + bonus
    other = pisti("deal", "--seed", "54321")
    assert json.loads(other.stdout)["deck"] != data["deck"]


def test_deal_with_rules_and_one_bot_per_seat():
    result = pisti(
        "deal", "--seed", "7", "--rules", '{"players": 3}', "--bots", "greedy,random,greedy"
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["rules"] == {"players": 3}
    replay = pisti("replay", "-", stdin=result.stdout)
    assert replay.returncode == 0, replay.stderr
    assert [s["seats"] for s in json.loads(replay.stdout)["sides"]] == [[0], [1], [2]]


def test_duel_prints_its_statistics_as_the_last_line():
    result = pisti("duel", "random", "greedy", "--deals", "20", "--seed", "1")
    assert result.returncode == 0, result.stderr
    last = json.loads(result.stdout.strip().splitlines()[-1])
    assert last["deals"] == 40
    lo, hi = last["ci95"]
    assert lo <= last["mean_margin"] <= hi
    assert 0 <= last["win_rate"] <= 1
    again = pisti("duel", "random", "greedy", "--deals", "20", "--seed", "1")
    assert again.stdout == result.stdout


def test_a_duel_of_a_bot_against_itself_is_even_on_every_pair():
    """Duplicate format: the same deck with seats swapped, so identical bots tie each pair."""
    result = pisti("duel", "greedy", "greedy", "--deals", "5", "--seed", "3")
    assert result.returncode == 0, result.stderr
    last = json.loads(result.stdout.strip().splitlines()[-1])
    assert last["deals"] == 10
    assert last["mean_margin"] == 0 and last["ci95"] == [0, 0]


@pytest.mark.parametrize("args", [[], ["replay"], ["deal"], ["duel"]])
def test_help_exits_0(args):
    result = pisti(*args, "--help")
    assert result.returncode == 0
    assert "usage" in result.stdout.lower()


def invalid_cases():
    deck = list(P_DECK)
    twice = deck[:51] + [deck[0]]
    return {
        "bad JSON": ("file", '{"format": "pisti-deal/1", "deck": [', "JSON"),
        "not an object": ("file", "[1, 2, 3]", "object"),
        "unknown format": ("file", record(format="pisti-deal/2"), "format"),
        "no format": ("file", {k: v for k, v in record().items() if k != "format"}, "format"),
        "no deck": ("file", {k: v for k, v in record().items() if k != "deck"}, "deck"),
        "no plays": ("file", {k: v for k, v in record().items() if k != "plays"}, "plays"),
        "bad card": ("file", record(deck=deck[:5] + ["XQ"] + deck[6:]), "XQ"),
        "bad card in plays": ("file", record(plays=["5S", "1C"]), "1C"),
        "duplicate card": ("file", record(deck=twice), deck[0]),
        "missing card": ("file", record(deck=deck[:51]), deck[51]),
        "play not in the hand": ("file", record(plays=["5S", "6D"]), "6D"),
        "play after the end": ("file", record(plays=P_PLAYS + ["AC"]), "over"),
        "bad rules": ("file", record(rules={"players": 5}), "players"),
        "unknown rule": ("file", record(rules={"speed": 2}), "speed"),
        "rules of the wrong type": ("file", record(rules={"pisti_points": 10.0}), "pisti_points"),
        "bad dealer": ("file", record(dealer=2), "dealer"),
        "bad JSON on stdin": ("stdin", "not json", "JSON"),
        "bad card on stdin": ("stdin", record(deck=["ZZ"] + deck[1:]), "ZZ"),
        "JSON nested too deeply": ("stdin", "[" * 100_000 + "]" * 100_000, "JSON"),
        "missing file": ("args", ["replay", "/nonexistent/deal.json"], "deal.json"),
        "unknown bot in deal": ("args", ["deal", "--bots", "wizard"], "wizard"),
        "unknown bot in duel": ("args", ["duel", "wizard", "greedy", "--deals", "1"], "wizard"),
        "bad rules in deal": ("args", ["deal", "--rules", '{"players": 5}'], "players"),
        "bad rules JSON in duel": ("args", ["duel", "greedy", "random", "--rules", "{"], "rules"),
        "duel with three sides": (
            "args",
            ["duel", "greedy", "random", "--rules", '{"players": 3}'],
            "two sides",
        ),
        "unknown command": ("args", ["play"], "play"),
    }


@pytest.mark.parametrize(
    ("kind", "data", "named"), invalid_cases().values(), ids=list(invalid_cases())
)
def test_invalid_input_exits_2_with_one_line_naming_the_problem(tmp_path, kind, data, named):
    if kind == "file":
        result = pisti("replay", write(tmp_path, data))
    elif kind == "stdin":
        result = pisti("replay", "-", stdin=data if isinstance(data, str) else json.dumps(data))
    else:
        result = pisti(*data)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert named.lower() in lines[0].lower()
    assert result.stdout == ""


def test_a_file_that_is_not_text_exits_2(tmp_path):
    path = tmp_path / "deal.bin"
    path.write_bytes(b"\xff\xfe\x00garbage\x80")
    result = pisti("replay", str(path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1
