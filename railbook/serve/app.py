"""The web app: pages (lobby, table, recorded games) and the JSON API beside them.

The API, per game (``/api/games/ID/...``; when ``railbook serve GAME.json`` serves one game
file, ``/api/...`` is that game):

- ``GET state``: the state digest (what ``railbook show --json`` prints);
- ``GET legal``: the legal actions, each with its ``index`` (``railbook show``'s numbers);
- ``POST act``: an action as JSON (natural form allowed), ``{"index": N}`` (with ``"value"`` for
  a ranged field) or ``{"best_routes": true}``; ``"at"`` (the actions the sender saw) makes a
  stale choice a 409 instead of a move in a game that has moved on;
- ``POST undo``: take back the last action (``{"action_id": K}``: every action after K);
- ``GET routes``: the route optimizer's best routes for whoever runs trains now, not yet run;
- ``POST routes``: routes built by hand (``{"routes": [{"train": ID, "hexes": [...]}]}``, the hexes
  each train runs through as clicked): each train's revenue, and the ``run_routes`` action once
  every route is whole (nothing is run);
- ``GET events``: server-sent events for live tables: ``changed`` (with the table's ``version`` and
  ``at``) when the stream opens and after every change, by anyone (another browser, a bot,
  ``railbook act`` on the same file).

Errors are JSON ``{"error", "rule", "kind"}`` with a 4xx status: 400 a malformed request, 403 a
seat that is not the sender's, 404 an unknown game, 409 a stale view, 422 an action the rules
refuse (``rule`` names the rule); 503 a game another program held too long to save it (nothing
was saved: try again). Only a fault of railbook's own is a 500.
"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any, Awaitable, Callable

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from railbook.engine.trace import digest
from railbook.errors import ActionFormatError, EngineError, GameError, LogError, RailbookError, SaveError
from railbook.serve import views
from railbook.serve.hall import Hall, NotFound
from railbook.serve.replays import MAX_IMPORT
from railbook.serve.table import SeatError, StaleView, Table
from railbook.version import __version__

HERE = Path(__file__).parent
logger = logging.getLogger("railbook.serve")
CLIENT = "x-railbook-client"
#: how often an open event stream looks for changes (seconds)
POLL = 0.2

_ENV = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]),
                   trim_blocks=True, lstrip_blocks=True)


def status_of(exc: Exception) -> int:
    if isinstance(exc, SaveError):          # the game is held by another writer too long, or the disk refused
        return 503
    if isinstance(exc, StaleView):
        return 409
    if isinstance(exc, SeatError):
        return 403
    if isinstance(exc, NotFound):
        return 404
    if isinstance(exc, EngineError):
        return 500
    if isinstance(exc, (ActionFormatError, LogError)):
        return 400
    if isinstance(exc, GameError):
        return 422
    return 400


def error(exc: Exception) -> JSONResponse:
    rule = getattr(exc, "rule", None)
    message = getattr(exc, "message", None) or str(exc)
    return JSONResponse({"error": message, "rule": rule, "kind": type(exc).__name__}, status_code=status_of(exc))


async def body_of(request: Request, limit: int = 1024 * 1024) -> Any:
    raw = await request.body()
    if len(raw) > limit:
        raise ActionFormatError(f"the request is larger than {limit // 1024} KB")
    if not raw.strip():
        return {}
    from railbook.importers.json_input import parse_json

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ActionFormatError("the request is not UTF-8 text") from None
    try:
        return parse_json(text, "the request")
    except LogError as exc:            # with the game files' limits: depth, digits, no NaN
        raise ActionFormatError(str(exc)) from None


Handler = Callable[[Request], Awaitable[Response]]


def api(fn: Callable[[Request], Awaitable[Any]]) -> Handler:
    """An API endpoint: its result as JSON, railbook's errors as JSON with their status."""
    async def endpoint(request: Request) -> Response:
        try:
            result = await fn(request)
        except RailbookError as exc:
            return error(exc)
        except Exception as exc:  # a fault of railbook's own: a 500, said as JSON too
            logger.exception("railbook serve: %s %s failed", request.method, request.url.path)
            return JSONResponse({"error": f"railbook failed on this request: {type(exc).__name__}: {exc}",
                                 "rule": None, "kind": "InternalError"}, status_code=500)
        if isinstance(result, Response):
            return result
        return JSONResponse(result)
    return endpoint


def page(name: str, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(_ENV.get_template(name).render(version=__version__, **context), status_code=status)


def create_app(hall: Hall) -> Starlette:
    def table_of(request: Request) -> Table:
        table = hall.table(request.path_params.get("gid"))
        return table

    def client_of(request: Request) -> str | None:
        return request.headers.get(CLIENT) or None

    # ---------------------------------------------------------------- pages
    async def home(request: Request) -> Response:
        if hall.default is not None:
            return RedirectResponse(f"/game/{hall.default}", status_code=303)
        return await lobby(request)

    async def lobby(request: Request) -> Response:
        return page("lobby.html", games_dir=str(hall.games_dir))

    # ---------------------------------------------------------------- titles under design (--titles)
    async def design_list(request: Request) -> Response:
        from railbook.serve.design import designs

        found = await run_in_threadpool(designs)
        return page("design.html", d=None, designs=[(k, str(v)) for k, v in sorted(found.items())])

    async def design_page(request: Request) -> Response:
        from railbook.serve.design import design_view, designs

        title_id = request.path_params["title"]
        folder = (await run_in_threadpool(designs)).get(title_id)
        if folder is None:
            return page("missing.html", 404, message=f"no title {title_id!r} in the folders given with --titles")
        return page("design.html", d=await run_in_threadpool(design_view, title_id, folder), designs=[])

    async def design_stamp(request: Request) -> Any:
        from railbook.serve.design import designs, stamp

        folder = (await run_in_threadpool(designs)).get(request.path_params["title"])
        if folder is None:
            raise NotFound(f"no title {request.path_params['title']!r} in the folders given with --titles")
        return {"stamp": await run_in_threadpool(stamp, folder)}

    async def table_page(request: Request) -> Response:
        gid = request.path_params["gid"]
        try:
            table = hall.table(gid)
        except NotFound as exc:
            return page("missing.html", 404, message=exc.message)
        return page("table.html", gid=gid, title=table.game.rules.name, players=len(table.game.players))

    async def replay_page(request: Request) -> Response:
        rid = request.path_params["rid"]
        try:
            replay = hall.replay(rid)
        except NotFound as exc:
            return page("missing.html", 404, message=exc.message)
        return page("replay.html", rid=rid, replay=replay)

    async def favicon(request: Request) -> Response:
        return Response((HERE / "static" / "favicon.svg").read_bytes(), media_type="image/svg+xml")

    # ---------------------------------------------------------------- the lobby's API
    async def titles(request: Request) -> Any:
        return await run_in_threadpool(_titles)

    async def games(request: Request) -> Any:
        return {"games": [{"id": t.id, "title": t.game.rules.name, "file": str(t.path) if t.path else None,
                           "players": [p.name for p in t.game.players], "actions": t.at,
                           "url": f"/game/{t.id}"} for t in hall.tables.values()],
                "default": hall.default}

    async def start(request: Request) -> Any:
        spec = await body_of(request)
        table = await run_in_threadpool(hall.start, spec)
        return {"id": table.id, "url": f"/game/{table.id}", "file": str(table.path)}

    async def saved(request: Request) -> Any:
        return {"folder": str(hall.games_dir), "files": hall.saved_games()}

    async def open_saved(request: Request) -> Any:
        spec = await body_of(request)
        table = await run_in_threadpool(hall.open_saved, spec.get("file") if isinstance(spec, dict) else None)
        return {"id": table.id, "url": f"/game/{table.id}"}

    async def import_game(request: Request) -> Any:
        spec = await body_of(request, limit=MAX_IMPORT + 4096)
        if not isinstance(spec, dict):
            raise ActionFormatError("send a recorded game as {\"name\": ..., \"text\": ...}")
        replay = await run_in_threadpool(hall.import_game, spec.get("name"), spec.get("text"))
        return {"id": replay.id, "url": f"/replay/{replay.id}", "positions": replay.positions,
                "problem": replay.problem}

    # ---------------------------------------------------------------- recorded games
    async def replay_at(request: Request) -> Any:
        replay = hall.replay(request.path_params["rid"])
        try:
            k = int(request.path_params["k"])
        except ValueError:
            raise ActionFormatError("a position is a whole number") from None

        def render(game: Any) -> dict[str, Any]:
            view = views.table_view(game, None, None, readonly=True, marks=None)
            return {"position": min(max(k, 0), replay.positions), "positions": replay.positions,
                    "html": _ENV.get_template("table_body.html").render(v=view),
                    "state": digest(game, game.history[-1].get("id", 0) if game.history else 0)}
        return await run_in_threadpool(replay.at, k, render)

    async def replay_continue(request: Request) -> Any:
        spec = await body_of(request)
        position = spec.get("position") if isinstance(spec, dict) else None
        table = await run_in_threadpool(hall.continue_replay, request.path_params["rid"], position)
        return {"id": table.id, "url": f"/game/{table.id}"}

    # ---------------------------------------------------------------- one game
    async def state(request: Request) -> Any:
        table = table_of(request)

        def read() -> dict[str, Any]:
            with table.lock:
                table.refresh()
                g = table.game
                return digest(g, g.history[-1].get("id", 0) if g.history else 0)
        return await run_in_threadpool(read)

    async def legal(request: Request) -> Any:
        table = table_of(request)

        def read() -> dict[str, Any]:
            with table.lock:
                table.refresh()
                g = table.game
                entity = g.current_entity
                return {"at": table.at, "finished": g.finished,
                        "entity": g.describe_entity(entity) if entity is not None else None,
                        "actions": views.legal_list(g)}
        return await run_in_threadpool(read)

    async def view(request: Request) -> Any:
        table = table_of(request)
        client = client_of(request)

        def read() -> dict[str, Any]:
            with table.lock:
                table.refresh()
                v = views.table_view(table.game, table, client, marks=table.marks)
                return {"version": table.version, "at": v["at"], "legal": v["legal"] if v["mine"] else [],
                        "lay_hexes": v["lay_hexes"] if v["mine"] else [],
                        "token_hexes": v["token_hexes"] if v["mine"] else [],
                        "html": _ENV.get_template("table_body.html").render(v=v)}
        return await run_in_threadpool(read)

    async def hex_options(request: Request) -> Any:
        table = table_of(request)

        def read() -> dict[str, Any]:
            with table.lock:
                return views.hex_options(table.game, request.path_params["hex"])
        return await run_in_threadpool(read)

    async def act(request: Request) -> Any:
        table = table_of(request)
        body = await body_of(request)
        happened = await run_in_threadpool(table.act, body, client_of(request))
        g = table.game
        return {"ok": True, "at": table.at, "happened": happened,
                "state": digest(g, g.history[-1].get("id", 0) if g.history else 0)}

    async def undo(request: Request) -> Any:
        table = table_of(request)
        body = await body_of(request)
        if not isinstance(body, dict):
            raise ActionFormatError("send {} or {\"action_id\": K}")
        await run_in_threadpool(table.undo, body, client_of(request))
        return {"ok": True, "at": table.at}

    async def routes(request: Request) -> Any:
        table = table_of(request)

        def find() -> dict[str, Any]:
            from railbook.play.routes import best_routes_action
            from railbook.serve import board

            with table.lock:
                action = best_routes_action(table.game)
                drawn = [{"corporation": action["entity"], **r} for r in action.get("routes") or []]
                return {"action": action, "at": table.at, "total": sum(int(r.get("revenue", 0)) for r in drawn),
                        "routes": drawn, "svg": board.routes_svg(table.game, drawn, "route-preview")}
        return await run_in_threadpool(find)

    async def plan(request: Request) -> Any:
        """Routes built by hand (``{"routes": [{"train": ID, "hexes": [...]}]}``): each train's revenue
        now, and the ``run_routes`` action once every route is whole (nothing changes in the game)."""
        table = table_of(request)
        body = await body_of(request)

        def read() -> dict[str, Any]:
            from railbook.play.routes import plan_routes
            from railbook.serve import board

            with table.lock:
                table.refresh()
                planned = plan_routes(table.game, body.get("routes") if isinstance(body, dict) else None)
                drawn = [{"corporation": table.game.current_entity.id, "train": r["train"],
                          "connections": r["connections"], "hexes": r.get("stops", [])}
                         for r in planned["routes"] if "connections" in r]
                return {**planned, "at": table.at, "svg": board.routes_svg(table.game, drawn, "route-preview")}
        return await run_in_threadpool(read)

    async def seats(request: Request) -> Any:
        table = table_of(request)
        body = await body_of(request)
        if not isinstance(body, dict) or "player" not in body:
            raise ActionFormatError("send {\"player\": ID, \"kind\": human|random|greedy} or {\"player\": ID, "
                                    "\"take\": true|false}")
        await run_in_threadpool(table.seat, str(body["player"]), body.get("kind"), client_of(request), body.get("take"))
        return {"ok": True, "seats": {pid: {"kind": s.kind, "taken": s.client is not None}
                                      for pid, s in table.seats.items()}}

    async def resume(request: Request) -> Any:
        table = table_of(request)
        await run_in_threadpool(table.resume_bots)
        return {"ok": True, "at": table.at}

    async def events(request: Request) -> Response:
        try:
            table = table_of(request)
        except RailbookError as exc:
            return error(exc)

        async def stream() -> Any:
            seen = -1
            quiet = 0.0
            watching = False
            try:
                while True:
                    if await request.is_disconnected():
                        return
                    try:
                        await run_in_threadpool(table.refresh)
                    except RailbookError as exc:   # the file was spoilt elsewhere: say so, keep the game held
                        yield f"event: problem\ndata: {json.dumps({'error': str(exc)})}\n\n"
                    if table.version != seen:
                        seen = table.version
                        quiet = 0.0
                        yield f"event: changed\ndata: {json.dumps({'version': seen, 'at': table.at})}\n\n"
                    elif quiet > 15:
                        quiet = 0.0
                        yield ": still here\n\n"
                    if not watching:              # counted once the first event is sent
                        watching = True
                        table.watchers += 1
                    if hall.closing.is_set():     # the server stops: the last change is told, then the end
                        return
                    await asyncio.sleep(POLL)
                    quiet += POLL
            finally:
                if watching:
                    table.watchers -= 1
        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    def game_routes(prefix: str) -> list[Route]:
        return [
            Route(f"{prefix}/state", api(state)),
            Route(f"{prefix}/legal", api(legal)),
            Route(f"{prefix}/view", api(view)),
            Route(f"{prefix}/hex/{{hex}}", api(hex_options)),
            Route(f"{prefix}/routes", api(routes)),
            Route(f"{prefix}/routes", api(plan), methods=["POST"]),
            Route(f"{prefix}/events", events),
            Route(f"{prefix}/act", api(act), methods=["POST"]),
            Route(f"{prefix}/undo", api(undo), methods=["POST"]),
            Route(f"{prefix}/seats", api(seats), methods=["POST"]),
            Route(f"{prefix}/bots", api(resume), methods=["POST"]),
        ]

    routes_list = [
        Route("/", home),
        Route("/lobby", lobby),
        Route("/game/{gid}", table_page),
        Route("/design", design_list),
        Route("/design/{title}", design_page),
        Route("/design/{title}/stamp", api(design_stamp)),
        Route("/replay/{rid}", replay_page),
        Route("/favicon.ico", favicon),
        Route("/api/titles", api(titles)),
        Route("/api/games", api(games)),
        Route("/api/games", api(start), methods=["POST"]),
        Route("/api/saved", api(saved)),
        Route("/api/saved/open", api(open_saved), methods=["POST"]),
        Route("/api/import", api(import_game), methods=["POST"]),
        Route("/api/replays/{rid}/at/{k}", api(replay_at)),
        Route("/api/replays/{rid}/continue", api(replay_continue), methods=["POST"]),
        *game_routes("/api/games/{gid}"),
        *game_routes("/api"),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes_list, exception_handlers={404: _not_found, 405: _not_allowed})
    app.state.hall = hall
    return app


async def _not_found(request: Request, exc: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": f"nothing is at {request.url.path}", "rule": None, "kind": "NotFound"},
                            status_code=404)
    return page("missing.html", 404, message=f"nothing is at {request.url.path}")


async def _not_allowed(request: Request, exc: Exception) -> Response:
    allowed = (getattr(exc, "headers", None) or {}).get("Allow", "another method")
    return JSONResponse({"error": f"{request.method} is not how {request.url.path} is used: send {allowed}",
                         "rule": None, "kind": "MethodNotAllowed"}, status_code=405)


def _titles() -> dict[str, Any]:
    from railbook.engine.title import Title
    from railbook.paths import known_titles

    out: list[dict[str, Any]] = []
    for tid in sorted(known_titles()):   # titles/ and the folders the server was started with (--titles)
        try:
            rules = Title.load(tid).rules
        except RailbookError as exc:
            out.append({"id": tid, "name": tid, "problem": str(exc)})
            continue
        out.append({"id": tid, "name": rules.name, "min": rules.players.min, "max": rules.players.max,
                    "optional_rules": [{"id": o.id, "name": o.name or o.id, "description": o.description,
                                        "players": list(o.players)} for o in rules.optional_rules]})
    return {"titles": out}
