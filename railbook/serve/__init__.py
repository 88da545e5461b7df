"""``railbook serve``: play and playtest in the browser.

A local web app (Starlette on uvicorn, pages from jinja2, a little plain JavaScript; every
asset ships in the package) over the same engine, legal actions and saved game files as the
command line: a lobby to start a game of any title, open a saved one or step through a
recorded one; a table with the map, the market, the players, corporations, privates, depot
and phase, the legal actions as buttons and forms, the route optimizer's routes and the log;
seats for people, bots or other browsers; and a JSON API beside the pages (:mod:`.app`).
It needs the ``serve`` extra: ``pip install 'railbook[serve]'``.
"""
