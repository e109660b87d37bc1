"""Load lessons from ``tutorial/content/lessons.json`` and their texts per language."""

from __future__ import annotations

from pathlib import Path

from django.db import transaction

from pisti_site.content import ContentError, languages, read_json, translated_columns

from .models import Lesson, Step, WrongMove

CONTENT_DIR = Path(__file__).resolve().parent / "content"
SPEC_KEYS = (
    "deal",
    "plays",
    "goal",
    "solution",
    "outcome",
    "replies",
    "wrong",
    "question",
    "choices",
    "facts",
)


def read_lessons() -> dict:
    return read_json(CONTENT_DIR, "lessons")


def read_texts(language: str) -> dict:
    return read_json(CONTENT_DIR, language)


def _shape_of_texts(texts: dict) -> list:
    return [
        (lesson["slug"], [(s["id"], sorted(s["wrong"])) for s in lesson["steps"]])
        for lesson in texts["lessons"]
    ]


def load_lessons() -> dict[str, int]:
    structure = read_lessons()
    texts = {lang: read_texts(lang) for lang in languages()}
    expected = [
        (lesson["slug"], [(s["id"], sorted(s.get("wrong", []))) for s in lesson["steps"]])
        for lesson in structure["lessons"]
    ]
    for lang, content in texts.items():
        if _shape_of_texts(content) != expected:
            raise ContentError(f"tutorial/content/{lang}.json does not match lessons.json")
    with transaction.atomic():
        keep = []
        for order, lesson in enumerate(structure["lessons"]):
            by_lang = {lang: texts[lang]["lessons"][order] for lang in texts}
            row, _ = Lesson.objects.update_or_create(
                slug=lesson["slug"],
                defaults={
                    "order": order,
                    **translated_columns(by_lang, {"title": "title", "summary": "summary"}),
                },
            )
            keep.append(row.slug)
            _load_steps(row, lesson["steps"], {lang: by_lang[lang]["steps"] for lang in by_lang})
        Lesson.objects.exclude(slug__in=keep).delete()
    return {
        "lessons": Lesson.objects.count(),
        "steps": Step.objects.count(),
        "wrong moves": WrongMove.objects.count(),
    }


def _load_steps(lesson: Lesson, steps: list[dict], texts: dict[str, list[dict]]) -> None:
    keep = []
    for order, step in enumerate(steps):
        by_lang = {lang: texts[lang][order] for lang in texts}
        spec = {k: step[k] for k in SPEC_KEYS if k in step}
        row, _ = Step.objects.update_or_create(
            lesson=lesson,
            key=step["id"],
            defaults={
                "order": order,
                "kind": step["kind"],
                "spec": spec,
                **translated_columns(
                    by_lang, {"title": "title", "text": "text", "success": "success"}
                ),
            },
        )
        keep.append(row.key)
        choices = []
        for choice in step.get("wrong", []):
            WrongMove.objects.update_or_create(
                step=row,
                choice=choice,
                defaults={f"text_{lang}": by_lang[lang]["wrong"][choice] for lang in by_lang},
            )
            choices.append(choice)
        row.wrong_moves.exclude(choice__in=choices).delete()
    lesson.steps.exclude(key__in=keep).delete()
