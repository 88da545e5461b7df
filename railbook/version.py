"""railbook's version (what the compile cache's key and ``railbook --version`` say)."""

__version__ = "0.1.0"
