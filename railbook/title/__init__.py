"""A title as data: its YAML documents loaded with locations, checked against the
JSON Schemas, normalized and cross-checked into the model the engine runs.

Nothing here knows any particular title, and nothing here runs a game.
"""
