"""Rules summaries published from a title's data.

Every figure, name and list in a summary is computed from the compiled model
(``facts``); the words come from per-language catalogues (``catalogues/``) and
from the short per-language texts a title carries. ``render`` turns both into
HTML or Markdown with inline SVG pictures of the map, the market, the trains
and the phases; ``site`` builds every title in every language.
"""

from __future__ import annotations

from railbook.languages import LANGUAGES

__all__ = ["LANGUAGES"]
