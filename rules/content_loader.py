"""Load the rules content from ``rules/content/<lang>.json`` into the translated models.

English defines the structure; every other language must carry exactly the same slugs,
so a missing or extra item is an error rather than a silently untranslated page.
"""

from __future__ import annotations

from pathlib import Path

from django.db import transaction

from pisti import Rules
from pisti.rules import InvalidRules
from pisti_site.content import ContentError, languages, read_json, translated_columns

from .models import Page, Question, Section, Term, Variant

CONTENT_DIR = Path(__file__).resolve().parent / "content"
__all__ = ["ContentError", "load_all", "read_content"]


def read_content(language: str) -> dict:
    return read_json(CONTENT_DIR, language)


def _shape(content: dict) -> list:
    return [
        [(p["slug"], [s["slug"] for s in p["sections"]]) for p in content["pages"]],
        [v["key"] for v in content["variants"]],
        [q["slug"] for q in content["faq"]],
        [t["slug"] for t in content["glossary"]],
    ]


def load_all() -> dict[str, int]:
    """Create or update every row, filling each language's columns; returns row counts."""
    contents = {lang: read_content(lang) for lang in languages()}
    reference = _shape(contents["en"])
    for lang, content in contents.items():
        if _shape(content) != reference:
            raise ContentError(f"{lang}.json does not have the same items as en.json")
    with transaction.atomic():
        _load(contents)
    return {
        "pages": Page.objects.count(),
        "sections": Section.objects.count(),
        "variants": Variant.objects.count(),
        "questions": Question.objects.count(),
        "terms": Term.objects.count(),
    }


def _load(contents: dict[str, dict]) -> None:
    langs = list(contents)
    en = contents["en"]
    for order, page in enumerate(en["pages"]):
        by_lang = {lang: contents[lang]["pages"][order] for lang in langs}
        row, _ = Page.objects.update_or_create(
            slug=page["slug"],
            defaults={
                "order": order,
                **translated_columns(by_lang, {"title": "title", "summary": "summary"}),
            },
        )
        keep = []
        for s_order, section in enumerate(page["sections"]):
            s_by_lang = {lang: by_lang[lang]["sections"][s_order] for lang in langs}
            Section.objects.update_or_create(
                page=row,
                slug=section["slug"],
                defaults={
                    "order": s_order,
                    **translated_columns(s_by_lang, {"heading": "heading", "body": "body"}),
                },
            )
            keep.append(section["slug"])
        row.sections.exclude(slug__in=keep).delete()
    _load_list(
        contents,
        "variants",
        Variant,
        "key",
        {"title": "title", "body": "body", "default": "default", "alternatives": "alternatives"},
        shared=lambda item: {"play": playable_alternatives(item)},
    )
    _load_list(contents, "faq", Question, "slug", {"question": "question", "answer": "answer"})
    _load_list(contents, "glossary", Term, "slug", {"term": "term", "definition": "definition"})


def playable_alternatives(variant: dict) -> list[dict]:
    """A variant's ``play`` list, each entry checked by the engine's own validation.

    Rules are data shared by every language, so they are read from English only; a key
    or value the engine refuses stops the load instead of reaching the page.
    """
    play = variant.get("play", [])
    if not isinstance(play, list):
        raise ContentError(f"variant {variant['key']}: play must be a list of rule objects")
    for rules in play:
        try:
            Rules.from_dict(rules)
        except InvalidRules as error:
            raise ContentError(f"variant {variant['key']}: {error}") from None
    return play


def _load_list(contents, key, model, slug_field, fields, shared=None) -> None:
    """Rows from a list of items; ``shared`` gives the columns that are not translated."""
    keep = []
    for order, item in enumerate(contents["en"][key]):
        by_lang = {lang: contents[lang][key][order] for lang in contents}
        model.objects.update_or_create(
            **{slug_field: item[slug_field]},
            defaults={
                "order": order,
                **translated_columns(by_lang, fields),
                **(shared(item) if shared else {}),
            },
        )
        keep.append(item[slug_field])
    model.objects.exclude(**{f"{slug_field}__in": keep}).delete()
