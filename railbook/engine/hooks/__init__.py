"""The engine's side of the rule hooks: the API a compiled hook may call."""
