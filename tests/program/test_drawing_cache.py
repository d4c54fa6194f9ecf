"""The drawings `checklist render` keeps (program/cache.py `drawing`, docs/cache.md): a warm render
draws what a render without the cache draws, imports neither the model, the renderer nor lark to do
it, keeps one entry per set of options, and a damaged entry costs a redraw and nothing more."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from checklist.program import cache
from tests.conftest import FLOW, ROOT
from tests.inprocess import checklist
from tests.render.conftest import needs_dot

FINDINGS = ROOT / "tests" / "render" / "data" / "findings.flow"

# The modules a warm render must not need: the parser, the builder and the model's readers, the
# model's nodes, the program and its graph, and every stage of the renderer but the runner.
PROBE = (
    "import sys; from checklist.cli.main import main; code = main(sys.argv[1:]); "
    "heavy = [m for m in sys.modules if m.split('.')[0] in ('lark', 'networkx') or m.startswith(("
    "'checklist.syntax', 'checklist.graph.program', 'checklist.graph.flowgraph', 'checklist.program.load', "
    "'checklist.program.plain', "
    "'checklist.program.builder', 'checklist.model.nodes', 'checklist.model.declarations', "
    "'checklist.render.compose', 'checklist.render.select', 'checklist.render.dot', 'checklist.render.overlay'))]; "
    "print(code, sorted(heavy))"
)


def test_a_warm_render_imports_neither_the_model_nor_the_renderer_nor_lark(own_cache: Path, tmp_path: Path) -> None:
    env = {**os.environ, "CHECKLIST_CACHE_DIR": str(own_cache)}
    line = ["render", str(FLOW), "--checklist", "combat", "--format", "dot", "-o", str(tmp_path / "combat.dot")]
    said = []
    for _ in ("cold", "warm"):
        done = subprocess.run([sys.executable, "-c", PROBE, *line], env=env, capture_output=True, text=True, timeout=99)
        assert done.returncode == 0, done.stderr
        said.append(done.stdout.strip())
    assert said[0].startswith("0 [") and said[0] != "0 []"  # cold: drawn, so loaded and built
    assert said[1] == "0 []"


OPTIONS: list[tuple[str | Path, ...]] = [
    (FLOW, "--checklist", "combat", "--format", "dot"),
    (FLOW, "--checklist", "combat", "--format", "mermaid"),
    (FLOW, "--section", "damage", "--format", "dot"),
    (FLOW, "--around", "combat.54", "--depth", "1", "--format", "dot"),
    (FLOW, "--around", "combat.54", "--depth", "3", "--format", "dot"),
    (FINDINGS, "--findings", "--format", "dot"),
    (FINDINGS, "--format", "dot"),
]


def test_each_set_of_options_has_its_own_drawing(own_cache: Path) -> None:
    expected = [checklist("render", *options, "--no-cache") for options in OPTIONS]
    assert len({e.stdout for e in expected}) == len(OPTIONS)  # each draws something else
    for _ in ("cold", "warm"):
        for options, drawn in zip(OPTIONS, expected, strict=True):
            done = checklist("render", *options)
            assert (done.returncode, done.stdout, done.stderr) == (drawn.returncode, drawn.stdout, drawn.stderr)
    assert len(_drawings(own_cache)) == len(OPTIONS)


def test_an_unknown_checklist_is_an_error_each_time_and_nothing_is_kept(own_cache: Path) -> None:
    for _ in ("cold", "warm"):
        done = checklist("render", FLOW, "--checklist", "nope", "--format", "dot")
        assert done.returncode == 2 and "--checklist nope: no such checklist" in done.stderr
    assert _drawings(own_cache) == []


def _drawings(folder: Path) -> list[Path]:
    return [p for p in folder.glob("*.json") if b'"drawing":' in p.read_bytes()]


def _redrawn(change: Callable[[dict[str, object]], object]) -> Callable[[Path], bytes]:
    """The entry with its drawing changed, signed with the folder's own key: what only the checks of
    what a drawing holds stand between."""

    def damage(entry: Path) -> bytes:
        data = json.loads(entry.read_bytes().partition(b"\n")[2])
        change(data["drawing"])
        body = json.dumps(data).encode()
        secret = (entry.parent / "key").read_bytes()
        return cache.FORMAT + b" " + cache._sign(secret, entry.stem, body).encode() + b"\n" + body

    return damage


DAMAGE: dict[str, Callable[[Path], bytes]] = {
    "unsigned": lambda entry: entry.read_bytes().partition(b"\n")[2],
    "an escape in the text": _redrawn(lambda d: d.update(text="\x1b[2J" + str(d["text"]))),
    "a file name out of the folder": _redrawn(lambda d: d.update(slug="../../elsewhere")),
    "a field missing": _redrawn(lambda d: d.pop("empty")),
    "a field too many": _redrawn(lambda d: d.update(command="rm -rf /")),
    "text for a number": _redrawn(lambda d: d.update(nodes="229")),
    "not a drawing": _redrawn(lambda d: d.clear()),
}


@needs_dot
@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_a_damaged_drawing_costs_a_redraw_and_nothing_more(damage: str, own_cache: Path, tmp_path: Path) -> None:
    line = ("render", FLOW, "--checklist", "combat")  # an SVG named after the drawing, and its DOT source
    (tmp_path / "off").mkdir()
    expected = checklist(*line, "--no-cache", cwd=tmp_path / "off")
    checklist(*line, cwd=tmp_path / "off")
    (entry,) = _drawings(own_cache)
    sound = entry.read_bytes()
    entry.write_bytes(DAMAGE[damage](entry))
    for way in ("redrawn", "read back"):
        (tmp_path / way).mkdir()
        done = checklist(*line, cwd=tmp_path / way)
        assert (done.returncode, done.stdout, done.stderr) == (expected.returncode, expected.stdout, expected.stderr)
        assert sorted(p.name for p in (tmp_path / way).iterdir()) == ["combat.dot", "combat.svg"]
        assert (tmp_path / way / "combat.svg").read_bytes() == (tmp_path / "off" / "combat.svg").read_bytes()
    assert not list(tmp_path.rglob("elsewhere*"))
    assert entry.read_bytes() == sound  # written anew, whole


def test_a_changed_renderer_is_a_new_drawing(own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    line = ("render", FLOW, "--section", "damage", "--format", "dot")
    checklist(*line)
    monkeypatch.setattr(cache, "drawing_digest", lambda: b"another renderer")
    checklist(*line)
    assert len(_drawings(own_cache)) == 2
