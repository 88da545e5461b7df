"""railbook's generic 18xx engine.

One engine runs every title: the rounds, steps and rules here take every number
and option from the compiled title, and title-specific rules come in through
the hook API. Nothing in this package names a title, a company or a hex.
See docs/architecture.md ("How the code is laid out") for its layers.
"""
