"""Compiling a checked title into one importable Python module, and the compile cache
that keeps one module per version of a title's sources."""
