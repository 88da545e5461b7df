"""An attribute worked out on first use and kept on the instance."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from functools import cached_property as made_once
else:
    class made_once:
        """``functools.cached_property`` without its lock: Python 3.11's takes a lock at each first
        access (3.12 dropped it), and every tile of a game makes its stops' lists so, half the cost
        of making them. The value goes into the instance's ``__dict__`` under the attribute's name,
        where later reads find it first (the type checker sees ``cached_property``)."""

        def __init__(self, func: Callable[[Any], Any]):
            self.func = func
            self.name = func.__name__
            self.__doc__ = func.__doc__

        def __set_name__(self, owner: type, name: str) -> None:
            self.name = name

        def __get__(self, instance: Any, owner: type | None = None) -> Any:
            if instance is None:
                return self
            value = instance.__dict__[self.name] = self.func(instance)
            return value


__all__ = ["made_once"]
