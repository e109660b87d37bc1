"""The project documents itself: no link leaves the repository, and docs/engine.md covers
every rule key, every field of a seat's view and every command of the engine."""

import dataclasses
import re
from pathlib import Path

import pytest

from pisti import Rules
from pisti.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
ENGINE_DOC = ROOT / "docs" / "engine.md"
MARKDOWN = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("document", MARKDOWN, ids=lambda p: p.name)
def test_every_relative_link_points_into_the_repository(document):
    for target in LINK.findall(document.read_text()):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path = (document.parent / target).resolve()
        assert path.is_relative_to(ROOT), f"{document.name} links outside: {target}"
        assert path.exists(), f"{document.name} links to a missing file: {target}"


def test_the_readme_links_the_engine_description():
    assert "(docs/engine.md)" in (ROOT / "README.md").read_text()


def rules_table() -> dict[str, str]:
    """The rules object's table in docs/engine.md: key -> default column."""
    text = ENGINE_DOC.read_text().split("## The rules object", 1)[1].split("\n## ", 1)[0]
    return dict(re.findall(r"^\| `(\w+)` \| ([^|]+) \|", text, re.M))


def test_every_rule_key_is_documented_with_its_default():
    table = rules_table()
    defaults = Rules().to_dict()
    assert set(table) == {f.name for f in dataclasses.fields(Rules)}
    for key, documented in table.items():
        if key == "partnerships":
            continue  # its default depends on the number of players, as the table says
        shown = {None: "null", True: "true", False: "false"}.get(defaults[key])
        shown = shown or (
            f'"{defaults[key]}"' if isinstance(defaults[key], str) else str(defaults[key])
        )
        assert f"`{shown}`" in documented, (key, documented, shown)


def test_every_field_of_a_seats_view_is_documented():
    import random

    from pisti import new_deal, view_for

    view = view_for(new_deal(Rules(), rng=random.Random(1)), 1).to_dict()
    text = ENGINE_DOC.read_text()
    missing = [field for field in view if f"`{field}`" not in text]
    assert not missing


def test_every_command_and_option_is_documented():
    text = ENGINE_DOC.read_text()
    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices
    for name, command in commands.items():
        assert f"**`{name}" in text, name
        for action in command._actions:
            for option in action.option_strings:
                if option.startswith("--") and option != "--help":
                    assert option in text, (name, option)
