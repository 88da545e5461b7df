"""The things a game is made of: players, the bank, corporations and minors, privates,
certificates, trains and the depot, station tokens, phases."""
