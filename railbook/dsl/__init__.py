"""The rule-hook DSL: grammar in schema/hooks.lark, parsed to a small AST,
checked against the engine's hook API, and compiled to Python that can call
only that API."""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # loaded lazily at run time (below), typed for the checker
    from railbook.dsl.compile import CompiledHooks as CompiledHooks
    from railbook.dsl.compile import compile_hooks as compile_hooks

__all__ = ["CompiledHooks", "compile_hooks"]


def __getattr__(name: str) -> Any:
    """The compiler (and Lark) load on first use: ``railbook hooks`` needs only the API table."""
    if name in __all__:
        from railbook.dsl import compile as _compile

        return getattr(_compile, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
