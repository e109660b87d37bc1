"""A small SVG line chart of running totals, the target as a dashed line.

The legend is HTML next to the chart (classes ``series-0`` … share the colours), so long
names wrap on a phone instead of being cut off inside the drawing."""

from __future__ import annotations

import math

from django.utils.html import escape
from django.utils.translation import gettext as _

COLOURS = ["#0f5c3a", "#b3261e", "#1a56db", "#8a6d00"]


def chart_svg(rows: list[list[int]], names: list[str], target: int | None) -> str:
    """``rows`` holds the totals after each deal; empty rows draw nothing. ``target`` is
    None when the match is won on deals, not points: then no target line is drawn."""
    if not rows:
        return ""
    width, height, pad = 320, 170, 28
    highest = max(max(r) for r in rows)
    # A match cut short (at most so many deals) far below its target: drawn to the target,
    # its lines hugged the bottom (30 points under a 151 line, reviews 6 and 9). Below half
    # the target the chart is scaled to the totals and the target is said, not drawn.
    drawn_target = target if target and highest >= target / 2 else None
    top = max(highest, drawn_target or 0) * 1.05 or 1
    steps = len(rows)

    def point(i: int, value: int) -> str:
        x = pad + (width - 2 * pad) * (i + 1) / steps
        y = height - pad - (height - 2 * pad) * value / top
        return f"{x:.1f},{y:.1f}"

    lines = []
    for side in range(len(names)):
        points = " ".join(
            [f"{pad},{height - pad}"] + [point(i, r[side]) for i, r in enumerate(rows)]
        )
        lines.append(
            f'<polyline class="series-{side}" points="{points}" fill="none" '
            f'stroke="{COLOURS[side]}" stroke-width="2.5"/>'
        )
    lines_text = "; ".join(f"{n} {rows[-1][s]}" for s, n in enumerate(names))
    target_line = ""
    if drawn_target:
        target_y = height - pad - (height - 2 * pad) * target / top
        target_line = (
            f'<line x1="{pad}" y1="{target_y:.1f}" x2="{width - pad}" '
            f'y2="{target_y:.1f}" stroke="#767676" stroke-dasharray="4 4"/>'
        )
    if target:
        label = _("Running totals after each deal: %(lines)s. Target %(target)d.") % {
            "lines": lines_text,
            "target": target,
        }
    else:
        label = _("Running totals after each deal: %(lines)s.") % {"lines": lines_text}
    # the axes' numbers: the deals along the bottom, 0 and the target (or the highest
    # total) up the side, so that the lines read as scores
    every = max(1, math.ceil(steps / 10))
    x_labels = "".join(
        f'<text x="{point(i, 0).split(",")[0]}" y="{height - pad + 13}" '
        f'text-anchor="middle">{i + 1}</text>'
        for i in range(steps)
        if (i + 1) % every == 0 or i == 0
    )
    mark = drawn_target or highest
    mark_y = height - pad - (height - 2 * pad) * mark / top
    y_labels = (
        f'<text x="{pad - 4}" y="{height - pad + 3}" text-anchor="end">0</text>'
        f'<text x="{pad - 4}" y="{mark_y + 3:.1f}" text-anchor="end">{mark}</text>'
    )
    return (
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(label)}">'
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" '
        'stroke="#767676"/>'
        f'<line x1="{pad}" y1="{pad / 2}" x2="{pad}" y2="{height - pad}" stroke="#767676"/>'
        f'<g class="chart-axis" font-size="10" fill="#555">{x_labels}{y_labels}</g>'
        + target_line
        + "".join(lines)
        + "</svg>"
    )
