"""What a rule hook may spend when it runs (railbook/dsl/budget.py says why): the figures alone, for
the engine that holds running hooks to them without loading the language's syntax tree."""

#: loop and comprehension steps one hook call may take (hooks iterate over players, corporations,
#: stops: a few hundred steps at most)
STEPS = 100_000
#: effects (pay, move_price, place_station, ...) one hook call may cause, the hooks it sets off included
#: (a real hook causes a handful: one per corporation or player at most)
EFFECTS = 1_000
#: the largest whole number a hook's loop may make (money, counts and rows are far smaller)
MAX_INT = 2 ** 63
#: the longest text or list a hook's loop may make
MAX_LENGTH = 100_000
#: loops nested this deep get a warning from validate
DEEP_LOOPS = 3
