"""The languages railbook publishes in (rules summaries, diff prose)."""

LANGUAGES: tuple[str, ...] = ("en", "de", "pl", "it", "fr")
