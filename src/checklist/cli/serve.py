"""`checklist serve [FLOW] [--roster FILE] [--session FILE] [--port N] [--host ADDR] [--roll auto] [--autopilot]
[--players]`: the run in a browser (with --players, each player's combatant on a page of its own).

The web stack (uvicorn, Starlette) is imported when the server starts.
The session file is resumed when it exists (restarting the server loses nothing), else a new
session starts, as `checklist run` starts one. Exit codes (checklist.cli.exitcodes): 130 stopped
with Ctrl-C (the session saved first); 1 the flow has check errors; 2 bad command line; 5 the session file is
corrupt or foreign; 8 cannot listen (the port is in use, or the address is not this machine's).
"""

from __future__ import annotations

import argparse
import errno
import ipaddress
import secrets
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from checklist.cli import exitcodes
from checklist.cli.arguments import DEFAULT_SESSION
from checklist.cli.run import Fail, failed, prepared, start_of
from checklist.engine import journal as jr
from checklist.graph.memory import gc_paused
from checklist.play import saving
from checklist.play.start import Prepared, Refused

if TYPE_CHECKING:
    import uvicorn

    from checklist.web.page import Join

LOOPBACK = "127.0.0.1"


def run(args: argparse.Namespace) -> int:
    try:
        return _serve(args)
    except (Fail, Refused) as exc:
        return failed(exc, "serve")


def _resume(path: Path, starts: bool) -> Path | None:
    """The session file to resume: the one at `path` unless it is finished and a new one is asked for."""
    if not path.exists():
        return None
    try:
        existing = saving.read(path)
    except jr.JournalError as exc:
        left = "the file was left as it is; serve another with --session FILE"
        raise Fail(exitcodes.BAD_SESSION, f"{exc}\n  {left}") from None
    if existing.finished and starts:
        return None  # a finished session makes way for the new one, as with `checklist run`
    if starts:
        raise Fail(
            exitcodes.USAGE,
            f"{path} holds an unfinished session: serve it again with "
            f"`checklist serve --session {path}` (without --roster, --at, --seed, --set or --learn), "
            "or start another with --session FILE",
        )
    return path


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on host:port, or Fail with what to do instead."""
    try:
        family = socket.AF_INET6 if ipaddress.ip_address(host).version == 6 else socket.AF_INET
    except ValueError:
        raise Fail(
            exitcodes.USAGE,
            f"--host {host[:80]}: give an IP address, e.g. 127.0.0.1 (this machine only) "
            "or 0.0.0.0 (every network of this machine)",
        ) from None
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # TCP named: asyncio then sets NODELAY
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(64)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise Fail(
                exitcodes.NO_PORT,
                f"port {port} on {host} is in use (another `checklist serve`?); "
                "pick another with --port N, or --port 0 for any free port",
            ) from None
        if exc.errno in (errno.EACCES, errno.EPERM):
            raise Fail(
                exitcodes.NO_PORT,
                f"port {port}: permission denied (ports below 1024 need root); use --port 8000 or another above 1023",
            ) from None
        raise Fail(
            exitcodes.NO_PORT,
            f"cannot listen on {host} port {port}: {exc.strerror}; "
            "--host takes an address of this machine (127.0.0.1 by default)",
        ) from None
    sock.setblocking(False)
    return sock


def exposure(host: str, port: int) -> str | None:
    """What listening on a non-loopback address means, in words; None for loopback."""
    if ipaddress.ip_address(host).is_loopback:
        return None
    return (
        f"note: listening on {host}, not on loopback: anyone who can reach this machine on port {port} "
        "can open the page and play this session (there is no password; the page's token only stops "
        "other web pages from acting for you). Use it on a network you trust, or leave --host out "
        f"({LOOPBACK}: this machine only)."
    )


def _serve(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise Fail(exitcodes.USAGE, f"--port {args.port}: give a port from 1 to 65535, or 0 for any free port")
    path: Path = args.session or DEFAULT_SESSION
    starts = start_of(args).starts
    resume = _resume(path, starts)
    sock = listen(args.host, args.port)  # first: a port in use is said before the flow is loaded
    with gc_paused():  # loading and starting make objects by the thousand and no garbage cycles
        ready = prepared(args, resume, path, "--session" if args.session else "the session file")
    ready.save(True)
    code = exitcodes.OK
    try:  # from the first save on, a Ctrl-C at any moment stops as below
        _page(args, ready, sock, path)
    except KeyboardInterrupt:  # uvicorn stops cleanly on Ctrl-C, then raises it again
        code = exitcodes.INTERRUPTED
    ready.save(True)
    print(
        f"checklist serve: stopped; the session is in {path} (serve it again: checklist serve --session {path})",
        flush=True,
    )
    return code


def _page(args: argparse.Namespace, ready: Prepared, sock: socket.socket, path: Path) -> None:
    """Build the page's app and serve it on `sock` until Ctrl-C."""
    with gc_paused():  # the web stack's imports and the app: objects by the thousand, no garbage cycles
        server = _server(args, ready, sock, path)
    server.run(sockets=[sock])


def _server(args: argparse.Namespace, ready: Prepared, sock: socket.socket, path: Path) -> uvicorn.Server:
    """The server of the page's app on `sock`, its address printed."""
    import uvicorn  # deferred: the web stack

    from checklist.web.app import create_app  # deferred: starlette
    from checklist.web.chart import Charts  # deferred: with the app
    from checklist.web.game import Game  # deferred: with the app

    session = ready.session
    port = sock.getsockname()[1]
    title = session.program.checklists[session.step.checklist].title
    players = _players(ready) if args.players else {}
    token = secrets.token_urlsafe(32)
    game = Game(session, ready.save, str(path), ready.pilot, frozenset(players.values()))  # an NPC may act now
    shown = f"[{args.host}]" if ":" in args.host else args.host
    base = f"http://{shown}:{port}"
    reach = f"http://{_reachable(args.host)}:{port}"  # a phone on the network cannot open 0.0.0.0
    joins = tuple(_join(name, f"{reach}/p/{key}") for key, name in players.items())
    app = create_app(game, Charts(session.program), args.host, port, title, token=token, players=players, joins=joins)
    for note in ready.notes:
        print(f"note: {note}")
    home = f"{base}/?key={token}" if players else f"{base}/"
    print(f"checklist serve: {home}  (session {path}, saved after every answer; Ctrl-C stops)", flush=True)
    for join in joins:
        print(f"  player {join.name}: {join.url}", flush=True)
    warning = exposure(args.host, port)
    if warning is not None:
        print(warning, file=sys.stderr, flush=True)
    # ws="none": the page speaks plain HTTP (htmx), so no websocket library is imported at start-up
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", ws="none")
    return uvicorn.Server(config)


def _players(ready: Prepared) -> dict[str, str]:
    """A random token for each combatant who is not an NPC (no tactic): {token: name}."""
    roster = ready.session.state.roster
    if roster is None:
        raise Fail(exitcodes.USAGE, "--players needs a roster (--roster FILE): the players are its combatants")
    names = [sheet.name for sheet in roster.sheets if not sheet.tactic]
    if not names:
        raise Fail(
            exitcodes.USAGE,
            "--players: every combatant of the roster is an NPC (a tactic, or --npc); nobody gets a page",
        )
    return {secrets.token_urlsafe(24): name for name in names}


def _reachable(host: str) -> str:
    """The address to print: the one listened on, or for every address (0.0.0.0, ::) the one this machine
    would use on its network (what a phone there can reach; no packet is sent to find it)."""
    if host in ("0.0.0.0", "::"):
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: connecting a UDP socket only picks a route
            host = probe.getsockname()[0]
        except OSError:
            host = LOOPBACK if host == "0.0.0.0" else host
        finally:
            probe.close()
    return f"[{host}]" if ":" in host else host


def _join(name: str, url: str) -> Join:
    """A player's link, with its QR code as SVG when segno is installed."""
    from checklist.web.page import Join  # deferred: with the app

    try:
        import segno
    except ImportError:  # the link as text is enough
        return Join(name, url)
    svg = segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff")
    return Join(name, url, svg)
