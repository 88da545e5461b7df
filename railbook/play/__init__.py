"""Playing a saved game, for every front end (the command line, the browser): the legal actions
numbered and grouped as a player reads them, what happened after an action, the saved game
files, and the route optimizer's routes."""
