"""Playing a saved game, for every front end (the command line, the browser): the legal actions
numbered and grouped as a player reads them (one numbering for ``show``, ``legal``, ``act`` and the
table), one way to take an action and save it (:mod:`railbook.play.apply`), the saved game files,
and the routes: the optimizer's and those a player builds by hand."""
