"""The term list (``rules/content/terms.json``) holds across every text the site shows.

For each language: every chosen word appears, and no word on the "avoid" list appears in
the rules content, the lesson texts or the UI catalogue (msgids for English).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
TERMS = json.loads((ROOT / "rules" / "content" / "terms.json").read_text(encoding="utf-8"))
LANGUAGES = ["en", "tr", "de", "ru"]


def everything_shown_in(language: str) -> str:
    """Rules content, lessons and UI strings of one language, as one text."""
    parts = [
        (ROOT / "rules" / "content" / f"{language}.json").read_text(encoding="utf-8"),
        (ROOT / "tutorial" / "content" / f"{language}.json").read_text(encoding="utf-8"),
    ]
    catalogue = polib.pofile(
        str(
            ROOT / "locale" / ("de" if language == "en" else language) / "LC_MESSAGES" / "django.po"
        )
    )
    for entry in catalogue:
        if language == "en":
            parts += [entry.msgid, entry.msgid_plural or ""]
        else:
            parts += [entry.msgstr, *entry.msgstr_plural.values()]
    return "\n".join(parts)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_avoided_word_appears(language):
    text = everything_shown_in(language)
    found = {pattern: re.findall(pattern, text)[:3] for pattern in TERMS[language]["avoid"]}
    assert not {p: f for p, f in found.items() if f}, found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_chosen_term_is_used(language):
    text = everything_shown_in(language).lower()
    missing = [word for word in TERMS[language]["use"].values() if word.lower() not in text]
    assert not missing


def test_every_language_names_the_same_concepts():
    concepts = {language: set(TERMS[language]["use"]) - {"card"} for language in LANGUAGES}
    assert all(c == concepts["en"] for c in concepts.values()), concepts


def test_docs_list_every_chosen_term():
    docs = (ROOT / "docs" / "terms.md").read_text(encoding="utf-8")
    for language in LANGUAGES:
        for word in TERMS[language]["use"].values():
            assert word in docs, (language, word)
