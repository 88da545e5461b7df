"""The designer's page of ``railbook serve --titles DIR``: a title under development, as it is now.

``/design`` lists the titles of the folders the server was started with (``--titles``);
``/design/ID`` shows one: whether it validates (every problem, located), what ``railbook lint``
finds, its map, market, trains and phases, and a way to start a game of this version in the lobby.
The page asks ``/design/ID/stamp`` every second and reloads itself when a file of the title changed,
so a designer keeps it open beside the editor. Only titles of the listed folders are shown: the
page never reads a path a request names.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from railbook.paths import find_title, listed_title_folders, titles_in

#: what the page watches: the title's own files (a catalogue tile or a schema changes with railbook)
WATCHED = ("*.yaml", "*.hooks")


def designs() -> dict[str, Path]:
    """The titles of the folders the server was started with, by id."""
    out: dict[str, Path] = {}
    for folder in listed_title_folders():
        for d in titles_in(folder):
            if find_title(d.name) == d:   # the one a game of that id would play
                out.setdefault(d.name, d)
    return out


def stamp(folder: Path) -> str:
    """A digest of the title's files' names, sizes and modification times: it changes when one does."""
    h = hashlib.sha256()
    for pattern in WATCHED:
        for path in sorted(folder.glob(pattern)):
            try:
                info = path.lstat()
            except OSError:
                continue
            h.update(f"{path.name}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return h.hexdigest()[:16]


def design_view(title_id: str, folder: Path) -> dict[str, Any]:
    """Everything the page shows of the title as its files are now."""
    from railbook.compiler.compile import check_title
    from railbook.title.loader import display_path

    view: dict[str, Any] = {"id": title_id, "folder": str(folder), "stamp": stamp(folder), "problems": [],
                            "findings": [], "map": "", "market": [], "trains": [], "phases": [], "name": title_id}
    try:
        source, model, _hooks = check_title(folder)
    except Exception as exc:   # a title being written may be anything: the page says what, never fails
        view["problems"] = [f"{type(exc).__name__}: {exc}"]
        return view
    if source.problems or model is None:
        view["problems"] = [str(p) for p in source.problems][:200] or ["the title does not compile"]
        return view
    from railbook.compiler.cache import load_compiled
    from railbook.workbench.lint import lint

    typed = load_compiled(folder).MODEL
    view["name"] = typed.title.name
    view["findings"] = [{"severity": f.severity, "check": f.check, "file": f.file, "message": f.message,
                         "reason": f.reason} for f in lint(typed)]
    view["trains"] = [{"name": t.name, "price": t.price, "count": "unlimited" if t.count is None else t.count,
                       "rusts_on": t.rusts_on or "", "events": ", ".join(t.events)} for t in typed.trains]
    view["phases"] = [{"name": p.name, "on": ", ".join(p.on), "tiles": ", ".join(p.tiles),
                       "train_limit": p.train_limit, "operating_rounds": p.operating_rounds} for p in typed.phases]
    pars = set(typed.market.par_cells)
    view["market"] = [[None if cell is None else {"price": cell.price, "par": (r, c) in pars}
                       for c, cell in enumerate(row)] for r, row in enumerate(typed.market.grid)]
    view["map"] = _map(title_id, typed.title.players.min, display_path(folder))
    return view


def _map(title_id: str, players: int, label: str) -> str:
    """The map as a new game of this version shows it."""
    from railbook.importers import eighteen_xx
    from railbook.importers.replay import new_game
    from railbook.play.saves import new_log
    from railbook.serve.board import map_svg

    try:
        log = eighteen_xx.from_dict(new_log(title_id, [f"Player {i + 1}" for i in range(max(players, 2))], 1, []))
        return map_svg(new_game(log), f"map of {label}")
    except Exception as exc:   # noqa: BLE001 - the validation and lint say what is wrong; the map is a bonus
        return f"<p class='problem'>the map cannot be drawn: {type(exc).__name__}: {exc}</p>"
