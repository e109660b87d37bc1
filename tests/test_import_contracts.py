"""The layers point one way (engine -> base -> apps): the import-linter contracts in
``pyproject.toml`` hold for the whole tree. A new import from one app into another, from the
base into an app, or of Django into the engine fails here with the offending line."""

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_import_contract_is_kept():
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"
    ]
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(lint), "--no-cache", "--no-logo"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    kept, broken = map(
        int, re.search(r"Contracts: (\d+) kept, (\d+) broken", result.stdout).groups()
    )
    assert (kept, broken) == (len(contracts), 0)
    for contract in contracts:
        assert f"{contract['name']} KEPT" in result.stdout
