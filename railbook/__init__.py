"""railbook's front end: load a title folder, check it, compile it, document it.

Nothing in this package knows any particular title: every rule comes from the
title's data in ``titles/`` and its rule hooks.
"""

__version__ = "0.1.0"
