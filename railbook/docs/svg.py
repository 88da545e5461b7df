"""Bits every picture shares: escaping, number formatting, the colour palette.

Coordinates are rounded to one decimal so the same title always gives the
same bytes, whatever the platform's float printing does.
"""

from __future__ import annotations

from html import escape
from typing import Any

PALETTE: dict[str, str] = {
    "white": "#f4efdf", "yellow": "#f7e14b", "green": "#7cc16b", "brown": "#c98a55", "gray": "#b9b9b9",
    "grey": "#b9b9b9", "red": "#e0604f", "blue": "#6aaee0", "purple": "#a47ac9", "orange": "#f2a03d",
    "sepia": "#b7a37b", "diesel": "#8d8d8d", "black": "#222222",
}
INK = "#222"
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"


def colour(name: str | None, default: str = "#dddddd") -> str:
    """A palette colour for a data colour name; CSS colours (#abc) pass through."""
    if not name:
        return default
    if name.startswith("#"):
        return name
    return PALETTE.get(name, name if name.isalpha() else default)


def n(x: float) -> str:
    """A coordinate: at most one decimal, no trailing zeros, no negative zero."""
    r = round(float(x), 1)
    if r == 0:
        return "0"
    return f"{r:.1f}".rstrip("0").rstrip(".")


def esc(text: Any) -> str:
    return escape(str(text), quote=True)


def text(x: float, y: float, body: Any, size: float = 10, anchor: str = "middle", weight: str = "normal",
         fill: str = INK, extra: str = "") -> str:
    return (f'<text x="{n(x)}" y="{n(y)}" font-size="{n(size)}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}" dominant-baseline="central"{extra}>{esc(body)}</text>')


def svg(width: float, height: float, body: list[str], label: str, cls: str) -> str:
    """A self-contained, accessible SVG element sized in CSS pixels."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" role="img" aria-label="{esc(label)}" '
            f'width="{n(width)}" height="{n(height)}" viewBox="0 0 {n(width)} {n(height)}" '
            f'font-family="{FONT}">\n<title>{esc(label)}</title>\n' + "\n".join(body) + "\n</svg>")
