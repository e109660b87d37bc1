"""Every test file in the repository is collected by a plain ``pytest`` (``make test``).

Test folders that ``testpaths`` misses pass when run by hand and are silently skipped by
CI; this check makes such a folder fail the suite instead.
"""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Folders that are not the project's code: the virtualenv, caches, collected static files.
NOT_OURS = {
    ".venv",
    ".git",
    ".pytest_cache",
    ".hypothesis",
    "node_modules",
    "staticfiles",
    "__pycache__",
    ".ruff_cache",
}


def collected_roots() -> list[Path]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return [ROOT / p for p in config["tool"]["pytest"]["ini_options"]["testpaths"]]


def files_named_like_tests(folder: Path):
    """``test_*.py`` and ``*_test.py`` (pytest's default patterns) under ``folder``."""
    for path in folder.iterdir():
        if path.is_dir():
            if path.name not in NOT_OURS and not path.name.startswith("."):
                yield from files_named_like_tests(path)
        elif path.suffix == ".py" and (
            path.name.startswith("test_") or path.stem.endswith("_test")
        ):
            yield path


def uncollected(files, roots) -> list[str]:
    return sorted(
        str(f.relative_to(ROOT)) for f in files if not any(f.is_relative_to(root) for root in roots)
    )


def test_every_test_file_is_under_a_collected_path():
    missing = uncollected(files_named_like_tests(ROOT), collected_roots())
    assert not missing, f"add their folders to testpaths in pyproject.toml: {missing}"


def test_the_check_notices_a_folder_outside_testpaths():
    """The check itself can fail: a test file outside every collected root is reported."""
    stray = ROOT / "practice" / "tests" / "test_practice.py"
    assert uncollected([stray], [ROOT / "tests"]) == ["practice/tests/test_practice.py"]
    assert uncollected([stray], collected_roots()) == []


def test_the_app_test_folders_are_collected():
    roots = {p.name for p in collected_roots()}
    assert {"practice", "scoresheet", "rules", "tutorial", "tests"} <= roots
