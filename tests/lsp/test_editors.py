"""editors/vscode/: the extension's manifest, its language configuration, and its TextMate grammar,
which is run as VS Code runs it (vscode-textmate on vscode-oniguruma, from the npm registry into a
cache outside the repository; skipped when node or npm cannot get them)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

from checklist.syntax.parser import keywords
from tests.conftest import ROOT, golden

VSCODE = ROOT / "editors" / "vscode"
GRAMMAR = VSCODE / "syntaxes" / "flow.tmLanguage.json"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "checklist-tests" / "textmate"
PACKAGES = ("vscode-textmate@9.2.0", "vscode-oniguruma@2.0.1")
SAMPLE = """checklist combat "Combat Checklist"
fact stunned : yes/no per turn "Is the combatant stunned?" assume no
fact skill : number per attack "What skill?" = actor.dx + moves.skill[maneuver] - 4
section attack "Attack"
step 54 "Attack roll"
  | If hit, go to 55 # prose keeps its hash
  refs B393, MA113-115, B ?
  if stunned and skill >= 3 -> combat.135  # a comment
  else -> end
  split 60 for each defender until 130
  dispatch maneuvers.step by maneuver over 12-26
  note: a note, not code
  erratum "go to 5" : the printed text said 5
table maneuvers "Maneuvers"
  columns maneuver | step
  row Attack | 13
deck 4e "Maneuver cards"
card attack "Attack"
  move: step
"""


def load(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


def test_the_manifest_starts_checklist_lsp_for_flow_files() -> None:
    manifest = load(VSCODE / "package.json")
    language = manifest["contributes"]["languages"][0]
    assert language["extensions"] == [".flow"]
    assert (VSCODE / language["configuration"]).is_file()
    grammar = manifest["contributes"]["grammars"][0]
    assert grammar["language"] == language["id"] and (VSCODE / grammar["path"]) == GRAMMAR
    assert load(GRAMMAR)["scopeName"] == grammar["scopeName"]
    command = manifest["contributes"]["configuration"]["properties"]["checklist.server.command"]["default"]
    assert command == ["checklist", "lsp"]
    extension = (VSCODE / manifest["main"]).read_text("utf-8")
    assert "server.command" in extension and "vscode-languageclient/node" in extension
    assert "vscode-languageclient" in manifest["dependencies"]


def test_the_language_configuration_knows_comments_and_brackets() -> None:
    config = load(VSCODE / "language-configuration.json")
    assert config["comments"] == {"lineComment": "#"}
    assert ["(", ")"] in config["brackets"] and ["[", "]"] in config["brackets"]
    for pattern in (config["wordPattern"], *config["indentationRules"].values()):
        re.compile(pattern)
    assert re.fullmatch(config["wordPattern"], "failed-consciousness")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_extension_is_valid_javascript() -> None:
    subprocess.run(["node", "--check", str(VSCODE / "extension.js")], check=True, timeout=60)


def _patterns(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [v for k, v in node.items() if k in ("match", "begin", "end") and isinstance(v, str)]
        return found + [p for v in node.values() for p in _patterns(v)]
    if isinstance(node, list):
        return [p for v in node for p in _patterns(v)]
    return []


def test_the_grammar_knows_every_statement_keyword() -> None:
    patterns = _patterns(load(GRAMMAR))
    for pattern in patterns:  # Oniguruma reads them; these use nothing Python's re lacks
        re.compile(pattern)
    opening = [p for p in patterns if p.startswith("^")]
    words = {w for p in opening for group in re.findall(r"\(([a-z|/]+)\)", p) for w in group.split("|")}
    assert keywords() <= words, f"add to the grammar: {sorted(keywords() - words)}"


@pytest.fixture(scope="module")
def node_modules() -> Path:
    found = CACHE / "node_modules"
    if not (found / "vscode-textmate").is_dir() or not (found / "vscode-oniguruma").is_dir():
        npm = shutil.which("npm")
        if npm is None or shutil.which("node") is None:
            pytest.skip("node and npm are needed to run the grammar as VS Code does")
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:  # then moved in whole: two workers may fetch at once
            try:
                done = subprocess.run(
                    [npm, "install", "--silent", "--no-audit", "--no-fund", "--prefix", tmp, *PACKAGES],
                    capture_output=True, text=True, timeout=300,
                )  # fmt: skip
            except subprocess.TimeoutExpired:
                pytest.skip(f"npm could not fetch {', '.join(PACKAGES)} within 300 s (offline?)")
            if done.returncode != 0:
                pytest.skip(f"npm could not fetch {', '.join(PACKAGES)} (offline?): {done.stderr[-300:]}")
            with contextlib.suppress(OSError):  # another worker moved its copy in first
                os.replace(Path(tmp) / "node_modules", found)
    return found


def tokenize(node_modules: Path, text: str) -> list[list[dict[str, Any]]]:
    done = subprocess.run(
        ["node", str(Path(__file__).with_name("tokenize.js")), str(node_modules), str(GRAMMAR)],
        input=text, capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    lines: list[list[dict[str, Any]]] = json.loads(done.stdout)
    return lines


def test_the_grammar_colours_a_sample_as_written(node_modules: Path) -> None:
    shown = [
        [f"{t['text']!r} {t['scopes'][-1] if t['scopes'] else '-'}" for t in line if t["text"].strip()]
        for line in tokenize(node_modules, SAMPLE)
    ]
    golden(Path(__file__).parent / "golden" / "textmate.json", json.dumps(shown, indent=1) + "\n")


def test_the_grammar_reads_every_bundled_flow(node_modules: Path) -> None:
    """Prose is prose to its end (a `#` in it too), a comment line is a comment, a step's number is named."""
    files = sorted((ROOT / "flow").glob("*.flow"))
    texts = [path.read_text("utf-8") for path in files]
    lines = tokenize(node_modules, "\n".join(texts))  # one run: every rule ends with its line
    for path, text in zip(files, texts, strict=True):
        tokens_of_file, lines = lines[: text.count("\n") + 1], lines[text.count("\n") + 1 :]
        for source, tokens in zip(text.split("\n"), tokens_of_file, strict=True):
            last = [t["scopes"][-1] if t["scopes"] else "" for t in tokens if t["text"].strip()]
            stripped = source.strip()
            if stripped.startswith("|") and len(stripped) > 1:
                assert last[-1].startswith("markup.quote.prose"), (path.name, source)
            elif stripped.startswith("#"):
                assert all(s.startswith("comment.line") for s in last), (path.name, source)
            elif stripped.startswith("step "):
                assert last[1].startswith("entity.name.function.step"), (path.name, source)
