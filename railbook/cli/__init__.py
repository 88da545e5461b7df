"""The ``railbook`` command line."""
