"""The seeded random generator recorded games rely on.

18xx.games draws setup randomness from a linear congruential generator seeded
by the game's ``settings.seed`` (or its id); reproducing it exactly means a
replayed game makes the same draws.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

RAND_A = 1_103_515_245
RAND_C = 12_345
RAND_M = 2**31


class SeededRandom:
    def __init__(self, seed: int):
        self.state = seed % RAND_M

    def next(self) -> int:
        self.state = (RAND_A * self.state + RAND_C) % RAND_M
        return self.state

    def sort_by_random(self, items: list[T]) -> list[T]:
        """Order items by one draw each, drawn in order (a stable sort on the draws)."""
        keyed = [(self.next(), i, item) for i, item in enumerate(items)]
        keyed.sort(key=lambda k: (k[0], k[1]))
        return [item for _, _, item in keyed]

    def choice(self, items: list[T]) -> T | None:
        if not items:
            return None
        return items[self.next() % len(items)]
