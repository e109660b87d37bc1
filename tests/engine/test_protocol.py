"""The external bot protocol: a round trip with the example bot, and every way to lose."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pisti import Rules, new_deal, view_for
from pisti.protocol import BotFailure, ExternalBot

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = f"{sys.executable} {ROOT / 'examples' / 'first_card_bot.py'}"


def duel(*args):
    return subprocess.run(
        [sys.executable, "-m", "pisti", "duel", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def script(tmp_path, body):
    path = tmp_path / "bot.py"
    path.write_text("import json, sys\n" + body)
    return f"cmd:{sys.executable} {path}"


def test_example_bot_duels_to_the_end():
    result = duel(f"cmd:{EXAMPLE}", "random", "--deals", "10", "--seed", "3")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["deals"] == 20
    assert summary["ci95"][0] <= summary["mean_margin"] <= summary["ci95"][1]


def test_the_bot_receives_only_its_view(tmp_path):
    log = tmp_path / "seen.jsonl"
    bot = script(
        tmp_path,
        f"""
for line in sys.stdin:
    m = json.loads(line)
    open({str(log)!r}, "a").write(line)
    if m["type"] == "quit":
        break
    print(json.dumps({{"card": m["view"]["hand"][0]}}), flush=True)
""",
    )
    assert duel(bot, "greedy", "--deals", "1").returncode == 0
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    assert messages[-1] == {"type": "quit"}
    for message in messages[:-1]:
        view = message["view"]
        assert set(view) == {
            "rules",
            "seat",
            "dealer",
            "players",
            "partnerships",
            "hand",
            "pile_size",
            "pile_face_up",
            "top",
            "history",
            "seen",
            "captured_cards",
            "pisti",
            "jack_pisti",
            "hand_sizes",
            "stock",
            "last_capture_side",
            "match_totals",
        }
        assert set(view["hand"]) <= set(view["seen"])
        assert len(view["pile_face_up"]) <= view["pile_size"]


@pytest.mark.parametrize(
    "body, reason",
    [
        ("for line in sys.stdin:\n    print('not json', flush=True)\n", "invalid JSON"),
        (
            "for line in sys.stdin:\n    print(json.dumps({'card': 'ZZ'}), flush=True)\n",
            "invalid card",
        ),
        (
            "for line in sys.stdin:\n    m = json.loads(line)\n    h = m['view']['hand']\n"
            "    other = [c for c in ['AC','AD','AH','AS','KC'] if c not in h][0]\n"
            "    print(json.dumps({'card': other}), flush=True)\n",
            "not in its hand",
        ),
        ("import time\nfor line in sys.stdin:\n    time.sleep(5)\n", "did not answer"),
        ("sys.exit(3)\n", "exit"),
    ],
)
def test_a_bot_that_breaks_the_protocol_loses(tmp_path, body, reason):
    result = duel(script(tmp_path, body), "greedy", "--deals", "1", "--timeout", "0.5")
    assert result.returncode == 1
    assert reason in result.stderr
    assert "loses the duel" in result.stderr and "Traceback" not in result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1])["forfeit"].startswith("cmd:")


def test_a_missing_command_loses_with_a_message():
    result = duel("cmd:/nonexistent/bot", "random", "--deals", "1")
    assert result.returncode == 1
    assert "cannot start" in result.stderr


def test_external_bot_object_round_trip():
    state = new_deal(Rules(), rng=__import__("random").Random(5))
    bot = ExternalBot(EXAMPLE)
    try:
        card = bot.choose(view_for(state, state.current_player))
        assert card in state.hands[state.current_player]
    finally:
        bot.close()
    assert bot.process.poll() is not None  # quit was sent and the process ended
    with pytest.raises(BotFailure):
        ExternalBot("")
