"""The rule-hook DSL: grammar in schema/hooks.lark, parsed to a small AST,
checked against the engine's hook API, and compiled to Python that can call
only that API."""

from .compile import CompiledHooks, compile_hooks

__all__ = ["CompiledHooks", "compile_hooks"]
