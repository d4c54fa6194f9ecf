"""Security: flow text is data, never code; output goes only where asked; JSON is read strictly.

- The language never executes code: no eval, exec, pickle or marshal in src/, no Lark cache
  (it unpickles from a shared temporary folder), and flow text full of Python and shell is
  shown as text by every command.
- `-o`/`--session` paths are written where asked and nowhere else, and nothing is written
  to the temporary folder.
- The cache of built flows (docs/cache.md) is plain JSON read against the model's own classes: a
  poisoned entry, a pickle or a well-made lie not signed with this user's key, costs a rebuild and
  nothing more.
- `check --format json` prints strict JSON; session files are parsed strictly: duplicate
  keys, NaN, trailing garbage, wrong types ... are refused with exit 5, the file untouched.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from checklist.cli import exitcodes
from checklist.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "checklist"
FLOW = ROOT / "flow"
SENTINEL = "PWNED"

EVIL = """\
# __import__('os').system('touch PWNED')
checklist evil "__import__('os').system('touch PWNED')"
start 1

fact pick : choice from evil-table per turn "eval('__import__(1)') exec('import os; os.system(1)')?"
fact ok : yes/no per turn "{{ __import__('os').system('touch PWNED') }} ${7*7} $(touch PWNED) `touch PWNED`?"

table evil-table "pickle.loads(b'cos\\nsystem\\n(S'touch PWNED'\\ntR.')"
  refs B1
  columns name | step
  row __import__('os').system('touch PWNED') | 2
  row $(touch PWNED) `touch PWNED` {{7*7}} | 3
  note: __import__('subprocess').run('touch PWNED', shell=True)

section s "'; import os; os.system('touch PWNED'); '"

step 1 "compile('touch PWNED', 'x', 'exec')"
  | __import__('os').system('touch PWNED')
  | {{7*7}} ${IFS} $(touch PWNED) `touch PWNED` %s %n %x
  note: exec(open('x').read())
  erratum "os.system('touch PWNED')" : marshal.loads(b'x'); __import__('os').system('touch PWNED')
  uses evil-table
  dispatch evil-table.step by pick

step 2 "lambda: __import__('os')"
  if ok -> 3
  else -> 3

step 3 "globals()['__builtins__']"
  end "__import__('os').system('touch PWNED')"
"""


def cli(*args: str | Path, cwd: Path, tmpdir: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_COLOR="1")
    if tmpdir is not None:  # tempfile and Lark's cache both follow TMPDIR
        env.update(TMPDIR=str(tmpdir), TEMP=str(tmpdir), TMP=str(tmpdir))
    return subprocess.run([sys.executable, "-m", "checklist", *map(str, args)], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env=env)  # fmt: skip


def files_under(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


# ---- the language never executes code -----------------------------------------------------

FORBIDDEN = [
    (r"\beval\s*\(", "eval"),
    (r"\bexec\s*\(", "exec"),
    (r"\bcompile\s*\([^)]*['\"]exec['\"]", "compile(..., 'exec')"),
    (r"^\s*(import|from)\s+(pickle|cPickle|marshal|shelve|dill)\b", "pickle/marshal"),
    (r"\b(pickle|marshal)\.(loads?|dumps?)\b", "pickle/marshal"),
    (r"cache\s*=\s*(True|['\"])", "Lark cache"),
    (r"\b__import__\s*\(", "__import__"),
    (r"shell\s*=\s*True", "a shell"),
    (r"\byaml\.load\s*\(", "yaml.load"),
]


def test_source_has_no_eval_exec_pickle_marshal_or_lark_cache() -> None:
    found: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            for pattern, what in FORBIDDEN:
                if re.search(pattern, code):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {what}: {line.strip()}")
    assert found == []


def test_lark_is_built_without_a_cache() -> None:
    text = (SRC / "syntax" / "parser.py").read_text(encoding="utf-8")
    assert "cache=False" in text


def test_python_and_shell_in_flow_text_is_inert(tmp_path: Path) -> None:
    (tmp_path / "evil.flow").write_text(EVIL, encoding="utf-8")
    (tmp_path / "answers.txt").write_text("1\nyes\n\n", encoding="utf-8")
    temp = tmp_path / "tmp"
    temp.mkdir()
    results = [
        cli("check", "evil.flow", cwd=tmp_path, tmpdir=temp),
        cli("check", "--format", "json", "evil.flow", cwd=tmp_path, tmpdir=temp),
        cli(
            "run", "evil.flow", "--learn", "--answers", "answers.txt", "--session", "s.json", cwd=tmp_path, tmpdir=temp
        ),  # fmt: skip
        cli("render", "evil.flow", "--format", "dot", "-o", "evil.dot", cwd=tmp_path, tmpdir=temp),
        cli("render", "evil.flow", "--format", "mermaid", "-o", "evil.mmd", cwd=tmp_path, tmpdir=temp),
        cli("paths", "evil.flow", "-o", "scripts", cwd=tmp_path, tmpdir=temp),
    ]
    for result in results:
        assert result.returncode == 0, result.args + [result.stderr]
        assert "Traceback" not in result.stderr
    run = results[2].stdout
    assert "__import__('os').system('touch PWNED')" in run  # shown, as text
    assert "$(touch PWNED) `touch PWNED` {{7*7}}" in run
    assert "%s %n %x" in run
    assert not list(tmp_path.rglob(f"*{SENTINEL}*")), "flow text ran as code"
    assert list(temp.iterdir()) == []  # nothing written to the temporary folder (no Lark cache)
    assert "__import__" in (tmp_path / "evil.dot").read_text(encoding="utf-8")


# ---- a poisoned cache entry costs a rebuild, nothing more ----------------------------------


def _built_entry(folder: Path) -> Path:
    """The entry of the built files (beside it, the entry of what `check` found in them)."""
    (entry,) = [p for p in folder.glob("*.json") if b'"files":' in p.read_bytes()[:200]]
    return entry


def _poisons(folder: Path) -> dict[str, bytes]:
    """What someone could leave in the cache folder in place of the entry."""
    import hashlib
    import hmac

    from checklist.program.cache import FORMAT

    entry = _built_entry(folder)
    body = entry.read_bytes().partition(b"\n")[2]
    key = entry.stem

    def signed(secret: bytes, data: bytes) -> bytes:
        mac = hmac.new(secret, key.encode() + b"\0" + data, hashlib.sha256).hexdigest().encode()
        return FORMAT + b" " + mac + b"\n" + data

    ours = (folder / "key").read_bytes()
    pickle = b"\x80\x04\x95\x1d\x00\x00\x00cos\nsystem\n(Vtouch " + SENTINEL.encode() + b"\ntR."
    lie = body.replace(b'"Combat Checklist"', b'"Combat Checklist \\u001b]0;' + SENTINEL.encode() + b'\\u0007"', 1)
    assert lie != body
    return {
        "a pickle": signed(ours, pickle),
        "code for a class": signed(ours, body.replace(b'["Span",', b'["__import__",', 1)),
        "an escape to the terminal, signed with our key": signed(ours, lie),
        "a well-made lie, signed with another key": signed(os.urandom(32), body.replace(b"Combat", b"Conbat", 1)),
        "nothing but garbage": os.urandom(4096),
    }


def test_a_poisoned_cache_entry_costs_a_rebuild_and_nothing_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cwd, folder = tmp_path / "cwd", tmp_path / "cache"
    cwd.mkdir()
    (cwd / "answers.txt").write_text("\n" * 5 + "no\n", encoding="utf-8")
    commands = [("check", FLOW, "--format", "json"), ("run", FLOW, "--learn", "--answers", "answers.txt", "--session",
                "s.json", "--seed", "1")]  # fmt: skip
    monkeypatch.setenv("CHECKLIST_CACHE_DIR", str(folder))
    expected = [cli(*args, "--no-cache", cwd=cwd) for args in commands]
    session = (cwd / "s.json").read_bytes()
    cli("check", FLOW, cwd=cwd)  # the entry written
    for name, poison in _poisons(folder).items():
        for args, want in zip(commands, expected, strict=True):
            entry = _built_entry(folder)
            entry.write_bytes(poison)
            (cwd / "s.json").unlink(missing_ok=True)
            got = cli(*args, cwd=cwd)
            assert (got.returncode, got.stdout, got.stderr) == (want.returncode, want.stdout, want.stderr), name
            assert args[0] == "check" or (cwd / "s.json").read_bytes() == session, name
            assert SENTINEL not in got.stdout + got.stderr and not list(tmp_path.rglob(f"*{SENTINEL}*")), name
            assert entry.read_bytes() != poison, name  # written anew, whole


# ---- output goes where asked, and nowhere else --------------------------------------------


def test_outputs_are_written_where_asked_and_nowhere_else(tmp_path: Path) -> None:
    cwd, out, temp = tmp_path / "cwd", tmp_path / "out", tmp_path / "tmp"
    for folder in (cwd, out, temp):
        folder.mkdir()
    (out / "answers.txt").write_text("\n" * 5 + "no\n", encoding="utf-8")
    steps = [
        (("render", FLOW, "--checklist", "pre-combat", "--format", "dot", "-o", out / "r" / "pre.dot"),
         {"r", "r/pre.dot"}),
        (("render", FLOW, "--section", "damage", "--format", "mermaid", "-o", out / "m.mmd"), {"m.mmd"}),
        (("paths", FLOW, "--cover", "steps", "-o", out / "scripts"), {"scripts"}),
        (("run", FLOW, "--learn", "--answers", out / "answers.txt", "--session", out / "s.json"), {"s.json"}),
    ]  # fmt: skip
    expected = {"answers.txt"}
    for args, new in steps:
        result = cli(*args, cwd=cwd, tmpdir=temp)
        assert result.returncode in (exitcodes.OK, exitcodes.END_OF_INPUT), result.stderr
        expected |= new
        made = files_under(out)
        if "scripts" in new:
            expected |= {f for f in made if re.fullmatch(r"scripts/script-\d\d\.answers", f)}
        assert made == expected, args
        assert files_under(cwd) == set() and files_under(temp) == set(), args


def test_an_svg_gets_its_dot_source_beside_it_and_nothing_else(tmp_path: Path) -> None:
    result = cli("render", FLOW, "--checklist", "pre-combat", "-o", tmp_path / "o" / "pre.svg", cwd=tmp_path)
    assert result.returncode in (exitcodes.OK, exitcodes.NO_GRAPHVIZ), result.stderr
    shown = files_under(tmp_path / "o")
    assert shown in ({"pre.svg", "pre.dot"}, {"pre.dot"})  # the .dot beside the image is documented
    assert files_under(tmp_path) == {"o"} | {f"o/{f}" for f in shown}


# ---- JSON is strict --------------------------------------------------------------------------


def strict_json(text: str) -> object:
    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        keys = [k for k, _ in items]
        assert len(keys) == len(set(keys)), f"duplicate keys {keys}"
        return dict(items)

    def constant(name: str) -> object:
        raise AssertionError(f"{name} in JSON")

    return json.loads(text, object_pairs_hook=pairs, parse_constant=constant)


def test_check_json_is_strict_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.flow"
    bad.write_text('checklist t "T\\\\ \u2028"\nstart 1\nstep 1 "\u202e"\n  go 9\n', encoding="utf-8")
    for path in (FLOW, bad):
        main(["check", "--format", "json", str(path)])
        data = strict_json(capsys.readouterr().out)
        assert isinstance(data, dict) and data["version"] == 1


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A real session file: a few answers into flow/."""
    folder = tmp_path_factory.mktemp("session")
    answers = folder / "a.txt"
    answers.write_text("\n\n\n\n\nno\nno\n", encoding="utf-8")
    session = str(folder / "s.json")
    code = main(["run", str(FLOW), "--learn", "--answers", str(answers), "--session", session, "--seed", "3"])
    assert code == exitcodes.END_OF_INPUT
    return (folder / "s.json").read_text(encoding="utf-8")


def _replace_first(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


CORRUPT = {
    "duplicate top key": lambda t: _replace_first(t, '"seed": ', '"seed": 1,\n "seed": '),
    "duplicate event key": lambda t: _replace_first(t, '{"kind":"answer",', '{"kind":"answer","kind":"answer",'),
    "NaN seed": lambda t: re.sub(r'"seed": \d+', '"seed": NaN', t),
    "Infinity seed": lambda t: re.sub(r'"seed": \d+', '"seed": Infinity', t),
    "NaN answer": lambda t: _replace_first(t, '"value":"no"', '"value":NaN'),
    "trailing garbage": lambda t: t + "garbage\n",
    "a second object": lambda t: t + t,
    "wrong type: seed as text": lambda t: re.sub(r'"seed": (\d+)', r'"seed": "\1"', t),
    "wrong type: finished as 0": lambda t: _replace_first(t, '"finished": false', '"finished": 0'),
    "wrong type: events as object": lambda t: re.sub(r'"events": \[.*?\n \]', '"events": {}', t, flags=re.S),
    "wrong type: value as float": lambda t: _replace_first(t, '"value":"no"', '"value":1.0'),
    "a 5000-digit seed": lambda t: re.sub(r'"seed": \d+', '"seed": ' + "9" * 5000, t),
    "deep nesting": lambda t: _replace_first(t, '"set": {}', '"set": ' + "[" * 100_000 + "]" * 100_000),
    "lone surrogate in a name": lambda t: _replace_first(t, '"at": null', '"at": "\\ud800"'),
    "byte-order mark": lambda t: "\ufeff" + t,
    "truncated": lambda t: t[: len(t) // 2],
    "empty": lambda t: "",
    "not an object": lambda t: "[]",
    "unknown key": lambda t: _replace_first(t, '"finished"', '"extra": 1, "finished"'),
    "missing key": lambda t: re.sub(r' "trace": .*\n', "", t),
}


@pytest.mark.parametrize("name", sorted(CORRUPT))
def test_a_corrupt_session_file_exits_5_and_is_left_untouched(
    name: str, saved: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.json"
    path.write_text(CORRUPT[name](saved), encoding="utf-8", errors="surrogatepass")
    before = path.read_bytes(), path.stat().st_mtime_ns
    answers = tmp_path / "a.txt"
    answers.write_text("no\n", encoding="utf-8")
    code = main(["run", "--resume", str(path), "--answers", str(answers)])
    err = capsys.readouterr().err
    assert code == exitcodes.BAD_SESSION, err
    assert "the file was left as it is" in err and "Traceback" not in err
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "s.json"]


def test_the_uncorrupted_file_resumes(saved: str, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(saved, encoding="utf-8")
    answers = tmp_path / "a.txt"
    answers.write_text("no\n", encoding="utf-8")
    assert main(["run", "--resume", str(path), "--answers", str(answers)]) == exitcodes.END_OF_INPUT


def test_a_corrupt_session_through_a_real_subprocess(saved: str, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(CORRUPT["duplicate top key"](saved), encoding="utf-8")
    before = path.read_bytes()
    result = cli("run", "--resume", path, "--answers", os.devnull, cwd=tmp_path)
    assert result.returncode == exitcodes.BAD_SESSION
    assert "appears twice" in result.stderr and "Traceback" not in result.stderr
    assert path.read_bytes() == before


# ---- terminal escapes ----------------------------------------------------------------------


def test_flow_text_reaches_the_screen_without_escape_sequences(tmp_path: Path) -> None:
    flow = tmp_path / "esc.flow"
    flow.write_text('checklist t "T"\nstart 1\nstep 1 "\x1b]0;pwned\x07\x1b[2J"\n  | \x1b[31mred\n  end\n',
                    encoding="utf-8")  # fmt: skip
    result = cli("run", flow, "--learn", "--answers", os.devnull, "--session", tmp_path / "s.json", cwd=tmp_path)
    assert "\x1b" not in result.stdout + result.stderr


def test_a_lone_surrogate_in_a_replayed_name_exits_5(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`\\ud800` is valid JSON but cannot be written back as UTF-8: before the journal refused it,
    the resumed session replayed the name and died with a traceback at its first save."""
    duel = ROOT / "tests" / "data" / "duel.flow"
    answers, path = tmp_path / "a.txt", tmp_path / "s.json"
    answers.write_text("12\nbroadsword\n\n3\n1: Bob\n", encoding="utf-8")
    code = main(["run", str(duel), "--learn", "--answers", str(answers), "--session", str(path)])
    assert code == exitcodes.END_OF_INPUT
    path.write_text(_replace_first(path.read_text(encoding="utf-8"), '"Bob"', '"\\ud800"'), encoding="utf-8")
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["run", "--resume", str(path), "--answers", os.devnull]) == exitcodes.BAD_SESSION
    assert "lone surrogate" in capsys.readouterr().err
    assert path.read_bytes() == before
