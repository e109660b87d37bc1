"""Every locale complete: gettext catalogues, translated content, and no pending migrations."""

import io
from pathlib import Path

import polib
import pytest
from django.core.management import call_command
from modeltranslation.translator import translator

from rules.content_loader import read_content

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ["tr", "de", "ru"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalogue_is_complete_and_not_fuzzy(language):
    po = polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))
    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    assert not untranslated, f"{language}: untranslated {untranslated[:5]}"
    assert not fuzzy, f"{language}: fuzzy {fuzzy[:5]}"
    assert "fuzzy" not in po.metadata_as_entry().flags


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalogue_placeholders_match(language):
    """A translation that drops or renames %(name)s would crash or mislead at run time."""
    import re

    pattern = re.compile(r"%\(\w+\)[sd]")
    po = polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))
    for entry in po.translated_entries():
        if entry.msgid_plural:
            wanted = set(pattern.findall(entry.msgid + entry.msgid_plural))
            for form in entry.msgstr_plural.values():
                assert set(pattern.findall(form)) <= wanted, entry.msgid
        else:
            assert sorted(pattern.findall(entry.msgid)) == sorted(pattern.findall(entry.msgstr)), (
                entry.msgid
            )


@pytest.mark.django_db
def test_every_translated_field_is_filled_in_every_language():
    empty = []
    for model in translator.get_registered_models():
        fields = translator.get_options_for_model(model).fields
        for row in model.objects.all():
            for field in fields:
                optional = model._meta.get_field(field).blank
                if optional and not (getattr(row, f"{field}_en") or "").strip():
                    continue  # an optional field left empty in English stays empty
                for language in ["en", *TRANSLATED]:
                    if not (getattr(row, f"{field}_{language}") or "").strip():
                        empty.append(f"{model.__name__} {row.pk} {field}_{language}")
    assert not empty, empty[:10]
    assert sum(m.objects.count() for m in translator.get_registered_models()) > 80


# Proper names spelt the same in every language (the game's other names).
SAME_IN_EVERY_LANGUAGE = {("Term", "spellings", "term"), ("Term", "bastra-basra", "term")}


@pytest.mark.django_db
def test_translations_differ_from_english():
    """A field copied from English unchanged is an untranslated field."""
    copies = []
    for model in translator.get_registered_models():
        for row in model.objects.all():
            for field in translator.get_options_for_model(model).fields:
                if (model.__name__, getattr(row, "slug", None), field) in SAME_IN_EVERY_LANGUAGE:
                    continue
                english = getattr(row, f"{field}_en")
                for language in TRANSLATED:
                    value = getattr(row, f"{field}_{language}")
                    if value == english and len(english) > 12:
                        copies.append(f"{model.__name__}.{field}_{language}: {english[:40]}")
    assert not copies, copies[:10]


def test_content_files_share_one_structure():
    from rules.content_loader import _shape

    english = _shape(read_content("en"))
    for language in TRANSLATED:
        assert _shape(read_content(language)) == english, language


def test_russian_content_uses_proper_card_names():
    """The Russian source's machine-translated card names must not leak into the site."""
    text = (ROOT / "rules" / "content" / "ru.json").read_text(encoding="utf-8")
    for wrong in ("клуб", "бриллиант", "Клуб 2", "Бриллиант"):
        assert wrong not in text
    assert "десятка бубён" in text or "десятку бубён" in text
    assert "двойка треф" in text or "двойку треф" in text


@pytest.mark.django_db
def test_no_missing_migrations():
    out = io.StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


# gettext's names as the site's Python calls them, with the index of the message argument
GETTEXT_CALLS = {
    "_": 0,
    "gettext": 0,
    "gettext_lazy": 0,
    "ngettext": 0,
    "ngettext_lazy": 0,
    "pgettext": 1,
    "pgettext_lazy": 1,
}


def _python_messages():
    """Every literal message the site's Python passes to gettext, found by parsing the source
    (so a call inside an f-string counts: xgettext 0.21 skips those, and the text then shows
    in English in every language)."""
    import ast

    for path in ROOT.rglob("*.py"):
        parts = set(path.relative_to(ROOT).parts)
        if parts & {".venv", "tests", "migrations", "benchmarks", "examples"}:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            index = GETTEXT_CALLS.get(node.func.id)
            if index is None or len(node.args) <= index:
                continue
            message = node.args[index]
            context = node.args[0] if index else None
            if isinstance(message, ast.Constant) and isinstance(message.value, str):
                yield (context.value if context is not None else None), message.value, path


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_of_the_python_source_is_in_the_catalogue(language):
    po = polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))
    known = {(e.msgctxt, e.msgid) for e in po if e.translated()}
    missing = [
        f"{path.relative_to(ROOT)}: {message!r}"
        for context, message, path in _python_messages()
        if (context, message) not in known
    ]
    assert not missing, missing
