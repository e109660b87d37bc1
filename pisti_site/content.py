"""Shared by the content loaders: per-language JSON files into modeltranslation columns."""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings


class ContentError(ValueError):
    pass


def languages() -> list[str]:
    return [code for code, _ in settings.LANGUAGES]


def read_json(folder: Path, name: str) -> dict:
    path = folder / f"{name}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"no content file {path}") from None


def translated_columns(items_by_language: dict[str, dict], fields: dict[str, str]) -> dict:
    """Column values such as ``title_tr`` from each language's item (``column: json key``)."""
    return {
        f"{column}_{language}": item[key]
        for language, item in items_by_language.items()
        for column, key in fields.items()
    }
