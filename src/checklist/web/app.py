"""The web application: Starlette routes around one Game, and the guard every request passes.

GET  /           the page                 POST /answer    an answer (choice, typed value, r, Enter)
GET  /step?key=  a step's prose           POST /undo      back one answer
GET  /static/... htmx, our script, CSS    POST /override  ask a known fact again
                                          POST /end       end the fight (the terminal's `e`)

Every request must name one of our own addresses in Host (no DNS rebinding); every POST must
carry the page's token (a header from htmx, a form field without it) and, when the browser
says where it comes from, our own Origin. An htmx request gets the new #play; a plain form
post is sent back to the page (303), so the page also works without JavaScript.
"""

from __future__ import annotations

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
from checklist.web.game import Game, View

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16 * 1024  # an answer is a few bytes
TOKEN_HEADER = "x-checklist-token"
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
FORGED = "refused: this request did not come from this checklist page (its token, Host or Origin is wrong)"


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The Host headers that name this server: loopback names, and the address it listens on."""
    names = {"127.0.0.1", "localhost", "[::1]", host if ":" not in host else f"[{host}]"}
    return frozenset(f"{name}:{port}" for name in names) | (frozenset(names) if port == 80 else frozenset())


class Guard:
    """ASGI middleware: a Host not ours is refused (400); every response gets the security headers."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        host = headers.get(b"host", b"").decode("latin-1").lower()
        if host not in self.hosts:
            response = PlainTextResponse(
                f"refused: unknown Host {host[:80]!r}; open the address `checklist serve` printed", status_code=400
            )
            await response(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = [
                    (b"content-security-policy", CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
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
    """The routes, bound to one game, its token and the addresses it answers to."""

    def __init__(self, game: Game, charts: Charts, origins: frozenset[str], title: str, token: str, warm: bool) -> None:
        self.game = game
        self.charts = charts
        self.origins = origins
        self.title = title
        self.token = token
        self.warming = not warm  # True once the background layout has started (or is not wanted)
        self.lock = threading.Lock()

    def home(self, request: Request) -> Response:
        view = self.game.view()
        response = HTMLResponse(page.page(view, self._chart(view), self.token, self.title))
        self._warm()
        return response

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
        return await self._post(request, lambda form: self.game.answer(form.get("answer", form.get("typed", ""))))

    async def undo(self, request: Request) -> Response:
        return await self._post(request, lambda form: self.game.undo())

    async def end(self, request: Request) -> Response:
        return await self._post(request, lambda form: self.game.end_fight())

    async def override(self, request: Request) -> Response:
        return await self._post(request, lambda form: self.game.override(form.get("fact", "")))

    async def _post(self, request: Request, act: Callable[[dict[str, str]], View]) -> Response:
        form = await _form(request)
        if form is None:
            return PlainTextResponse("refused: send a form of at most 16 KB", status_code=413)
        if not self._ours(request, form):
            return PlainTextResponse(FORGED, status_code=403)
        view = await _in_thread(lambda: act(form))
        if request.headers.get("hx-request") != "true":
            return RedirectResponse("/", status_code=303)
        return HTMLResponse(page.play(view, self._chart(view), self.token))

    def _ours(self, request: Request, form: dict[str, str]) -> bool:
        token = request.headers.get(TOKEN_HEADER) or form.get("token", "")
        origin = request.headers.get("origin")
        right_origin = origin is None or origin.lower() in self.origins
        return secrets.compare_digest(token.encode(), self.token.encode()) and right_origin

    def _chart(self, view: View) -> str:
        return self.charts.lit(view.chart)


async def _form(request: Request) -> dict[str, str] | None:
    """A urlencoded form as {name: first value}; None when it is too big. No other encoding is needed."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    fields = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
    return {name: values[0] for name, values in fields.items()}


async def _in_thread(work: Callable[[], View]) -> View:
    return await run_in_threadpool(work)


def create_app(
    game: Game, charts: Charts, host: str, port: int, title: str, *, token: str | None = None, warm: bool = True
) -> Starlette:
    """The application for `game`, answering at host:port; `warm`: after the first page, lay out every
    section of the flowchart in the background."""
    hosts = allowed_hosts(host, port)
    origins = frozenset(f"http://{h}" for h in hosts)
    server = Server(game, charts, origins, title, token or secrets.token_urlsafe(32), warm)
    routes = [
        Route("/", server.home, methods=["GET"]),
        Route("/step", server.step, methods=["GET"]),
        Route("/answer", server.answer, methods=["POST"]),
        Route("/undo", server.undo, methods=["POST"]),
        Route("/override", server.override, methods=["POST"]),
        Route("/end", server.end, methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.add_middleware(Guard, hosts=hosts)
    return app
