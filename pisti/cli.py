"""``python -m pisti``: replay a deal record, play a deal between bots, run a duel.

Every invalid input ends with one line on standard error naming the problem and exit
status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from .bots import UnknownBot, make_bot
from .duel import DuelError, duel, play_deal
from .record import InvalidRecord, deal_record, replay_summary, state_from_record
from .rules import InvalidRules, Rules
from .state import new_deal

EXIT_INVALID = 2


class UsageError(Exception):
    """Bad command-line input; printed as one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line instead of argparse's usage block
        raise UsageError(message)


def _parse_rules(text: str | None) -> Rules:
    if text is None:
        return Rules()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise UsageError(
            f"--rules is not valid JSON: {error.msg} at column {error.colno}"
        ) from None
    except RecursionError:
        raise UsageError("--rules is not valid JSON: nested too deeply") from None
    try:
        return Rules.from_dict(data)
    except InvalidRules as error:
        raise UsageError(str(error)) from None


def _bot_factory(spec: str, rules: Rules, timeout: float = 10.0):
    if spec.startswith("cmd:"):
        from .protocol import external_bot_factory

        return external_bot_factory(spec[4:], timeout)
    make_bot(spec)  # fail early on an unknown level
    return lambda seed: make_bot(spec, seed)


def cmd_replay(args) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
    except UnicodeDecodeError:
        raise UsageError(f"{args.file} is not UTF-8 text") from None
    except OSError as error:
        raise UsageError(f"cannot read {args.file}: {error.strerror}") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise UsageError(
            f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise UsageError("not valid JSON: nested too deeply") from None
    try:
        state = state_from_record(record)
    except InvalidRecord as error:
        raise UsageError(f"invalid record: {error}") from None
    print(json.dumps(replay_summary(state), ensure_ascii=False))
    return 0


def cmd_deal(args) -> int:
    rules = _parse_rules(args.rules)
    levels = args.bots.split(",")
    if len(levels) == 1:
        levels = levels * rules.players
    if len(levels) != rules.players:
        raise UsageError(f"--bots needs 1 or {rules.players} levels, got {len(levels)}")
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    rng = random.Random(seed)
    try:
        bots = [make_bot(level, rng.randrange(2**32)) for level in levels]
    except UnknownBot as error:
        raise UsageError(str(error)) from None
    state = play_deal(new_deal(rules, rng=rng, dealer=args.dealer % rules.players), bots)
    print(json.dumps(deal_record(state, seed=seed, bots=levels)))
    return 0


def cmd_duel(args) -> int:
    rules = _parse_rules(args.rules)
    if args.deals < 1:
        raise UsageError("--deals must be at least 1")
    from .protocol import BotFailure

    factories = []
    try:
        if args.timeout <= 0:
            raise UsageError("--timeout must be positive")
        factories = [_bot_factory(spec, rules, args.timeout) for spec in (args.a, args.b)]
        result = duel(*factories, args.deals, seed=args.seed, rules=rules)
    except (UnknownBot, DuelError) as error:
        raise UsageError(str(error)) from None
    except BotFailure as failure:
        loser = args.a if failure.bot in getattr(factories[0], "bots", []) else args.b
        print(f"pisti: {loser} loses the duel: {failure}", file=sys.stderr)
        print(json.dumps({"forfeit": loser, "reason": str(failure)}))
        return 1
    finally:
        for factory in factories:
            getattr(factory, "close", lambda: None)()
    print(f"{args.a} vs {args.b}: {result.deals} deals ({args.deals} duplicate pairs)")
    print(json.dumps(result.to_dict()))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m pisti", description="The Pişti engine's command line.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    replay = sub.add_parser("replay", help="replay a deal record and print the result as JSON")
    replay.add_argument("file", help="a pisti-deal/1 JSON file, or - for standard input")
    replay.set_defaults(run=cmd_replay)

    deal = sub.add_parser("deal", help="play one deal between bots and print its record")
    deal.add_argument("--seed", type=int, help="seed for the shuffle and the bots")
    deal.add_argument("--rules", help="rules as JSON, e.g. '{\"players\": 4}'")
    deal.add_argument("--bots", default="greedy", help="bot levels, comma-separated, one per seat")
    deal.add_argument("--dealer", type=int, default=0, help="the dealer's seat (default 0)")
    deal.set_defaults(run=cmd_deal)

    duel_ = sub.add_parser(
        "duel", help="duplicate duel between two bots (same deck, seats swapped)"
    )
    duel_.add_argument("a", help="bot level or cmd:COMMAND")
    duel_.add_argument("b", help="bot level or cmd:COMMAND")
    duel_.add_argument("--deals", type=int, default=100, help="deal pairs to play (default 100)")
    duel_.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    duel_.add_argument("--rules", help="rules as JSON")
    duel_.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        help="seconds an external bot may take per move (default 10)",
    )
    duel_.set_defaults(run=cmd_duel)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except UsageError as error:
        print(f"pisti: error: {error}", file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        return 130
