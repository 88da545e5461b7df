"""The rules of play, one module per 18xx concept, as functions of the game's state.

Steps, rounds and mechanics call them; none of them knows a step, a round or a
mechanic, so a rule is found by its name: ``rules.shares.cert_limit``,
``rules.trains.buy_train``, ``rules.tokens.place_home_token``.
"""
