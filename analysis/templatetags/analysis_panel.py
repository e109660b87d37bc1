"""``{% analysis_panel game deal %}``: the analysis of a finished deal, for any page that
reviews one. The practice review page loads it by name, so practice imports nothing of the
analysis app (and the analysis queues itself when the panel is first shown)."""

from django import template

from ..service import panel_context

register = template.Library()


@register.inclusion_tag("analysis/panel.html")
def analysis_panel(game, deal: int) -> dict:
    return {"game": game, **panel_context(game, deal)}
