"""The web application: Starlette routes around one Game, and the guard every request passes.

GET  /           the page                 POST /answer    an answer (choice, typed value, r, Enter)
GET  /step?key=  a step's prose           POST /undo      back one answer
GET  /poll?v=N   #play if not version N   POST /override  ask a known fact again
GET  /static/... htmx, our script, CSS    POST /end       end the fight (the terminal's `e`)
GET  /p/TOKEN    a player's page          POST /p/TOKEN/answer  a player's answer to their own question
GET  /p/TOKEN/poll?v=N  #mine if not version N

Every request must name one of our own addresses in Host (no DNS rebinding); every POST must
carry the page's token (a header from htmx, a form field without it) and, when the browser
says where it comes from, our own Origin. An htmx request gets the new #play; a plain form
post (no JavaScript, or a form htmx had not taken over yet) is sent back to the page (303), or,
when the session has something to say (a late answer, a bad one), gets the page itself with it:
the page also works without JavaScript, and a late plain post is never a bare error. A forged
one (token, Host, Origin, another player's question) is still refused (403).

With players (`checklist serve --players`), each player's combatant has a token of its own, in
its page's address; the game master's page then needs the game master's token too (`/?key=`),
since it can answer every question: a player's token answers only that player's question.
Pages ask for news every 500 ms (GET .../poll with the version they show): 204 when nothing
changed, else the new fragment.
"""

from __future__ import annotations

import ipaddress
import secrets
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from checklist.web import page
from checklist.web.chart import Charts
from checklist.web.game import Game, NotYours, View

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16 * 1024  # an answer is a few bytes
TOKEN_HEADER = "x-checklist-token"
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
FORGED = "refused: this request did not come from this checklist page (its token, Host or Origin is wrong)"
NOT_YOURS = "refused: this question is not yours to answer (another combatant's, or the game master's)"
GM_ONLY = "refused: this is the game master's page; open the address `checklist serve` printed (players: your own link)"
WILDCARDS = ("0.0.0.0", "::")  # listening on every address: a Host that is any IP address with our port is ours


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The Host headers that name this server: loopback names, and the address it listens on."""
    names = {"127.0.0.1", "localhost", "[::1]", host if ":" not in host else f"[{host}]"}
    return frozenset(f"{name}:{port}" for name in names) | (frozenset(names) if port == 80 else frozenset())


def any_address(port: int) -> Callable[[str], bool]:
    """Listening on every address (0.0.0.0, ::): a Host that is an IP address of ours, with our port.

    A page on another site can only reach us under its own name (DNS rebinding), never as an
    address, so any address is safe to take; which addresses this machine has is not asked."""

    def ours(hostport: str) -> bool:
        name, _, given = hostport.rpartition(":")
        if given != str(port):
            return False
        try:
            ipaddress.ip_address(name[1:-1] if name.startswith("[") and name.endswith("]") else name)
        except ValueError:
            return False
        return True

    return ours


class Guard:
    """ASGI middleware: a Host not ours is refused (403); every response gets the security headers."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str], wildcard: Callable[[str], bool] | None = None) -> None:
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)
        self.wildcard = wildcard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        host = headers.get(b"host", b"").decode("latin-1").lower()
        if host not in self.hosts and not (self.wildcard is not None and self.wildcard(host)):
            response = PlainTextResponse(
                f"refused: unknown Host {host[:80]!r}; open the address `checklist serve` printed", status_code=403
            )
            await response(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = [
                    (b"content-security-policy", CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    # same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with a
                    # plain form post (the Fetch standard), which is not ours, so a post htmx left to the
                    # browser was refused as forged; our own address still goes to no other site
                    (b"referrer-policy", b"same-origin"),
                    (b"x-frame-options", b"DENY"),
                    (b"cache-control", b"no-store"),
                ]
                message["headers"] = list(message.get("headers", [])) + extra
            await send(message)

        try:
            await self.app(scope, receive, secured)
        except ClientDisconnect:  # the browser went away mid-request (a tab closed): nobody to answer, no traceback
            return


class Server:
    """The routes, bound to one game, its tokens and the addresses it answers to."""

    def __init__(
        self,
        game: Game,
        charts: Charts,
        origins: Callable[[str], bool],
        title: str,
        token: str,
        warm: bool,
        players: dict[str, str] | None = None,
        joins: tuple[page.Join, ...] = (),
    ) -> None:
        self.game = game
        self.charts = charts
        self.origins = origins
        self.title = title
        self.token = token
        self.players = players or {}  # a player's token: their combatant's name
        self.joins = joins  # the players' links, for the game master's page
        self.warming = not warm  # True once the background layout has started (or is not wanted)
        self.lock = threading.Lock()

    def home(self, request: Request) -> Response:
        if self.players and not _same(request.query_params.get("key", ""), self.token):
            return PlainTextResponse(GM_ONLY, status_code=403)
        view = self.game.view()
        response = HTMLResponse(page.page(view, self._chart(view), self.token, self.title, self.joins))
        self._warm()
        return response

    def poll(self, request: Request) -> Response:
        """#play again, when the game changed since version `v` (an answer on another page); else 204."""
        if self.players and not _same(request.headers.get(TOKEN_HEADER, ""), self.token):
            return PlainTextResponse(FORGED, status_code=403)
        if _version(request.query_params.get("v")) == self.game.version:
            return Response(status_code=204)
        view = self.game.view()
        return HTMLResponse(page.play(view, self._chart(view), self.token))

    def _warm(self) -> None:
        """After the first page: lay out the other sections in the background, so no answer waits for dot
        (not at start-up, where dot would slow the server's own start)."""
        with self.lock:
            if self.warming:
                return
            self.warming = True
        threading.Thread(target=self.charts.warm, name="chart-warm", daemon=True).start()

    def step(self, request: Request) -> Response:
        key = request.query_params.get("key", "")[:100]
        return HTMLResponse(page.step_html(self.game.step(key)))

    async def answer(self, request: Request) -> Response:
        return await self._post(request, lambda form, v: self.game.answer(form.get("answer", form.get("typed", "")), v))

    async def undo(self, request: Request) -> Response:
        return await self._post(request, lambda form, v: self.game.undo(v))

    async def end(self, request: Request) -> Response:
        return await self._post(request, lambda form, v: self.game.end_fight(v))

    async def override(self, request: Request) -> Response:
        return await self._post(request, lambda form, v: self.game.override(form.get("fact", ""), v))

    async def _post(self, request: Request, act: Callable[[dict[str, str], int | None], View]) -> Response:
        form = await _form(request)
        if form is None:
            return PlainTextResponse("refused: send a form of at most 16 KB", status_code=413)
        if not self._ours(request, form, self.token):
            return PlainTextResponse(FORGED, status_code=403)
        version = _version(form.get("v"))
        view = await run_in_threadpool(lambda: act(form, version))
        if request.headers.get("hx-request") != "true":
            return self._plain(view)
        return HTMLResponse(page.play(view, self._chart(view), self.token))

    def _plain(self, view: View) -> Response:
        """The answer to a plain form post (no htmx): back to the page (303) when the session has nothing to
        say; else the whole page with what it said (a late answer, a bad one), which a redirect would lose."""
        said = view.screen.messages if view.screen is not None else view.messages
        if not said:
            return RedirectResponse("/?key=" + self.token if self.players else "/", status_code=303)
        return HTMLResponse(page.page(view, self._chart(view), self.token, self.title, self.joins))

    def player(self, request: Request) -> Response:
        token = request.path_params["token"]
        name = self._player(token)
        if name is None:
            return PlainTextResponse(FORGED, status_code=403)
        return HTMLResponse(page.player_page(self.game.player(name), token, self.title))

    def player_poll(self, request: Request) -> Response:
        token = request.path_params["token"]
        name = self._player(token)
        if name is None:
            return PlainTextResponse(FORGED, status_code=403)
        if _version(request.query_params.get("v")) == self.game.version:
            return Response(status_code=204)
        return HTMLResponse(page.mine(self.game.player(name), token))

    async def player_answer(self, request: Request) -> Response:
        """A player's answer: their token in the address and in the request, our Origin, their own question."""
        token = request.path_params["token"]
        name = self._player(token)
        form = await _form(request)
        if form is None:
            return PlainTextResponse("refused: send a form of at most 16 KB", status_code=413)
        if name is None or not self._ours(request, form, token):
            return PlainTextResponse(FORGED, status_code=403)
        text = form.get("answer", form.get("typed", ""))
        try:
            view = await run_in_threadpool(lambda: self.game.player_answer(name, text, _version(form.get("v"))))
        except NotYours:
            return PlainTextResponse(NOT_YOURS, status_code=403)
        if request.headers.get("hx-request") != "true":  # a plain form post: as the game master's (_plain)
            if view.messages:
                return HTMLResponse(page.player_page(view, token, self.title))
            return RedirectResponse(f"/p/{token}", status_code=303)
        return HTMLResponse(page.mine(view, token))

    def _player(self, token: str) -> str | None:
        """The combatant whose token this is (compared in constant time with each), or None."""
        found = None
        for known, name in self.players.items():
            if _same(token, known):
                found = name
        return found

    def _ours(self, request: Request, form: dict[str, str], token: str) -> bool:
        given = request.headers.get(TOKEN_HEADER) or form.get("token", "")
        origin = request.headers.get("origin")
        right_origin = origin is None or self.origins(origin.lower())
        return _same(given, token) and right_origin

    def _chart(self, view: View) -> str:
        return self.charts.lit(view.chart)


def _same(given: str, token: str) -> bool:
    return secrets.compare_digest(given.encode(), token.encode())


def _version(text: str | None) -> int | None:
    """A page's version from a form or a query (`v`); None when it sends none (or nonsense)."""
    if text is None or not text.isdigit() or len(text) > 12:
        return None
    return int(text)


async def _form(request: Request) -> dict[str, str] | None:
    """A urlencoded form as {name: first value}; None when it is too big. No other encoding is needed."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    fields = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
    return {name: values[0] for name, values in fields.items()}


def create_app(
    game: Game,
    charts: Charts,
    host: str,
    port: int,
    title: str,
    *,
    token: str | None = None,
    warm: bool = True,
    players: dict[str, str] | None = None,
    joins: tuple[page.Join, ...] = (),
) -> Starlette:
    """The application for `game`, answering at host:port; `warm`: after the first page, lay out every
    section of the flowchart in the background; `players`: each player's token and combatant
    (`joins`: their links, shown to the game master)."""
    hosts = allowed_hosts(host, port)
    wildcard = any_address(port) if host in WILDCARDS else None
    origins = frozenset(f"http://{h}" for h in hosts)

    def our_origin(origin: str) -> bool:
        if origin in origins:
            return True
        return wildcard is not None and origin.startswith("http://") and wildcard(origin[len("http://") :])

    server = Server(game, charts, our_origin, title, token or secrets.token_urlsafe(32), warm, players, joins)
    routes = [
        Route("/", server.home, methods=["GET"]),
        Route("/step", server.step, methods=["GET"]),
        Route("/poll", server.poll, methods=["GET"]),
        Route("/answer", server.answer, methods=["POST"]),
        Route("/undo", server.undo, methods=["POST"]),
        Route("/override", server.override, methods=["POST"]),
        Route("/end", server.end, methods=["POST"]),
        Route("/p/{token}", server.player, methods=["GET"]),
        Route("/p/{token}/poll", server.player_poll, methods=["GET"]),
        Route("/p/{token}/answer", server.player_answer, methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.add_middleware(Guard, hosts=hosts, wildcard=wildcard)
    return app
