from django import template

register = template.Library()


@register.filter
def term_in(term, language: str) -> str:
    """A glossary term's name in ``language`` (its own column, no fallback)."""
    return getattr(term, f"term_{language}", "") or term.term
