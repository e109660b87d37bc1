"""The bots' modules import each other in one direction only (issue 25): no import
circle, not even through an import inside a function, and each imports on its own in a
fresh interpreter. The reference bots import the play-outs and the engine, never the
playing levels' policy or search."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

BOTS = Path(__file__).resolve().parents[2] / "pisti" / "bots"
MODULES = sorted(p.stem for p in BOTS.glob("*.py") if p.stem != "__init__")


def _bot_imports(module: str) -> set[str]:
    """The sibling modules ``module`` imports anywhere in its source."""
    tree = ast.parse((BOTS / f"{module}.py").read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pisti.bots."):
            found.add(node.module.split(".")[2])
    return found & set(MODULES)


def test_no_import_circle_in_the_bots():
    graph = {m: _bot_imports(m) for m in MODULES}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import circle: {' -> '.join(path + (module,))}"
        if module in done:
            return
        for imported in graph[module]:
            visit(imported, path + (module,))
        done.add(module)

    for module in MODULES:
        visit(module, ())
    assert graph["playout"] == set()
    assert graph["reference"] <= {"playout", "heuristics"}
    assert "reference" not in set().union(*(graph[m] for m in MODULES if m != "reference"))


@pytest.mark.parametrize("module", MODULES)
def test_each_bot_module_imports_first_in_a_fresh_interpreter(module):
    result = subprocess.run(
        [sys.executable, "-c", f"import pisti.bots.{module}"],
        capture_output=True,
        text=True,
        cwd=BOTS.parents[1],
    )
    assert result.returncode == 0, result.stderr
