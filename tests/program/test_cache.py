"""The cache of built programs (program/cache.py, docs/cache.md): a hit gives exactly what building
gives, and any change to what the build depends on, or any damage to an entry, costs a rebuild."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

import checklist
from checklist.graph.program import Program
from checklist.model.diagnostics import Diagnostic
from checklist.program import cache, plain
from checklist.program import load as loader
from checklist.program.files import LoadError
from tests.conftest import FLOW, ROOT

CORPUS = sorted(p for p in (ROOT / "tests").rglob("*.flow"))


def fresh_load(path: Path | list[Path]) -> Program:
    """A load that reads the cache folder again (nothing remembered in this process)."""
    cache.forget()
    return loader.load(path)


def plain_program(program: Program) -> object:
    """Everything a load gives, as plain data: spans (which `==` does not compare) included."""
    return (
        [plain.to_plain(module) for module in program.modules],
        [plain.to_plain(d) for d in program.diagnostics],
        program.sources,
        sorted(program.steps),
        sorted(program.facts),
    )


def built_fresh(path: Path | list[Path]) -> Program:
    cache.configure(enabled=False)
    try:
        return loader.load(path)
    finally:
        cache.configure(enabled=True)


def test_a_hit_is_exactly_the_built_program_for_flow_and_every_test_flow(own_cache: Path, builds: list[int]) -> None:
    refused = 0
    for path in [FLOW, *CORPUS]:
        try:
            first = fresh_load(path)  # built, and written
        except LoadError as exc:  # tests/bad/corpus: files that cannot be read say so with a cache too
            with pytest.raises(LoadError) as again:
                built_fresh(path)
            assert str(again.value) == str(exc)
            refused += 1
            continue
        again = fresh_load(path)  # read from the folder
        assert plain_program(again) == plain_program(first) == plain_program(built_fresh(path)), path
        assert [d.code for d in again.diagnostics] == [d.code for d in first.diagnostics]
    assert len(builds) == 1 + len(CORPUS) - refused  # each built once: every second load was a hit


def test_the_codes_of_a_hit_are_the_stable_codes_themselves(own_cache: Path) -> None:
    found = [d for path in CORPUS if "corpus" not in path.parts for d in fresh_load(path).diagnostics]
    found += [d for path in CORPUS if "corpus" not in path.parts for d in fresh_load(path).diagnostics]
    assert found and all(d.code is next(c for c in checklist.model.diagnostics.CODES if c == d.code) for d in found)


def test_a_hit_imports_neither_lark_nor_the_builder(own_cache: Path) -> None:
    import subprocess
    import sys

    fresh_load(FLOW)
    probe = (
        "import sys; from checklist.program.load import load; load(sys.argv[1]); print(sorted(m for m in "
        "sys.modules if m == 'lark' or m.startswith(('checklist.syntax', 'checklist.program.builder'))))"
    )
    done = subprocess.run([sys.executable, "-c", probe, str(FLOW)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def edited_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "flow"
    shutil.copytree(FLOW, copy)
    return copy


def test_a_changed_source_file_is_built_again(own_cache: Path, builds: list[int], tmp_path: Path) -> None:
    copy = edited_copy(tmp_path)
    fresh_load(copy)
    fresh_load(copy)
    assert len(builds) == 1
    rules = copy / "tactics.flow"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# one more comment\n", encoding="utf-8")
    changed = fresh_load(copy)
    assert len(builds) == 2
    assert plain_program(changed) == plain_program(built_fresh(copy))
    assert changed.sources[str(rules)].endswith("# one more comment\n")


def test_a_changed_grammar_is_a_new_entry(
    own_cache: Path, builds: list[int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh_load(FLOW)
    package = tmp_path / "package"
    shutil.copytree(Path(checklist.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "_PACKAGE", package)
    fresh_load(FLOW)
    assert len(builds) == 1  # the same grammar and code, copied: the same key
    grammar = package / "syntax" / "checklist.lark"
    grammar.write_text(grammar.read_text(encoding="utf-8") + "\n// a new rule's comment\n", encoding="utf-8")
    fresh_load(FLOW)
    assert len(builds) == 2


def test_a_new_version_is_a_new_entry(own_cache: Path, builds: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    fresh_load(FLOW)
    monkeypatch.setattr(checklist, "__version__", "99.0.0")
    fresh_load(FLOW)
    fresh_load(FLOW)
    assert len(builds) == 2
    assert len(list(own_cache.glob("*.json"))) == 2


def test_no_cache_neither_reads_nor_writes(own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHECKLIST_NO_CACHE", "1")
    fresh_load(FLOW)
    assert not own_cache.exists()
    monkeypatch.delenv("CHECKLIST_NO_CACHE")
    fresh_load(FLOW)
    monkeypatch.setattr(cache, "_read", None)  # a read would fail
    cache.configure(enabled=False)  # as --no-cache does
    try:
        assert plain_program(fresh_load(FLOW)) == plain_program(built_fresh(FLOW))
    finally:
        cache.configure(enabled=True)


def entry(folder: Path) -> Path:
    (found,) = folder.glob("*.json")
    return found


def signed(folder: Path, body: bytes) -> bytes:
    """An entry for `folder`'s one key with this body, signed with the folder's own key: what only
    plain.py's checks stand between."""
    key = entry(folder).stem
    secret = (folder / "key").read_bytes()
    return cache.FORMAT + b" " + cache._sign(secret, key, body).encode() + b"\n" + body


def _body(folder: Path) -> bytes:
    return entry(folder).read_bytes().partition(b"\n")[2]


def _swap(old: bytes, new: bytes) -> Callable[[Path], bytes]:
    def damage(folder: Path) -> bytes:
        body = _body(folder)
        assert old in body
        return signed(folder, body.replace(old, new, 1))

    return damage


def _span_line(folder: Path, line: bytes) -> bytes:
    """The first span's line number made `line`."""
    return signed(folder, re.sub(rb'(\["Span","[^"]*",)(\d+)', rb"\g<1>" + line, _body(folder), count=1))


DAMAGE: dict[str, Callable[[Path], bytes]] = {
    "empty": lambda folder: b"",
    "truncated": lambda folder: entry(folder).read_bytes()[: entry(folder).stat().st_size // 2],
    "truncated, signed": lambda folder: signed(folder, _body(folder)[:-100]),
    "one byte changed": lambda folder: entry(folder).read_bytes().replace(b'"Span"', b'"Spam"', 1),
    "not UTF-8": lambda folder: signed(folder, b"\xff\xfe\x00garbage"),
    "a pickle": lambda folder: signed(folder, b"\x80\x04\x95\x1d\x00\x00\x00cos\nsystem\n(Vtouch /tmp/pwned\ntR."),
    "not an object": lambda folder: signed(folder, b"[1, 2, 3]"),
    "another key": _swap(b'"key":"', b'"key":"0'),
    "a class not in the model": _swap(b'["Span",', b'["os.system",'),
    "a dunder for a class": _swap(b'["Span",', b'["__import__",'),
    "a field too many": _swap(b'["Span",', b'["Span",1,'),
    "text for a number": _swap(b'["Span","', b'["Span",1,"'),
    "true for a number": lambda folder: _span_line(folder, b"true"),
    "an escape in the prose": _swap(b'"Span"', b'"Span\\u001b[2J"'),
    "an escape in a title": lambda folder: signed(folder, _body(folder).replace(b'"Combat', b'"\\u001b[31mCombat', 1)),
    "a huge number": lambda folder: _span_line(folder, b"100000000000000000000000000"),
    "a negative line": lambda folder: _span_line(folder, b"-1.5"),
    "deep nesting": lambda folder: signed(folder, b"[" * 200_000 + b"]" * 200_000),
    "an unknown code": _swap(b'"E0', b'"X0'),
    "a wrong severity": lambda folder: signed(folder, _body(folder).replace(b'"error"', b'"fatal"', 1)),
    "a module is a string": _swap(b'["Module",', b'"Module",["Module",'),
    "unsigned": lambda folder: _body(folder),
}


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_a_damaged_or_hostile_entry_costs_a_rebuild_and_nothing_more(
    damage: str, own_cache: Path, builds: list[int], tmp_path: Path
) -> None:
    path = _with_findings(tmp_path) if damage in ("an unknown code", "a wrong severity") else FLOW
    expected = plain_program(built_fresh(path))
    fresh_load(path)
    bad = DAMAGE[damage](own_cache)
    entry(own_cache).write_bytes(bad)
    assert plain_program(fresh_load(path)) == expected
    assert len(builds) == 2
    assert plain_program(fresh_load(path)) == expected  # the entry was written anew, whole
    assert len(builds) == 2


def _with_findings(tmp_path: Path) -> Path:
    """A flow whose load says something (an error), so that its entry holds a diagnostic."""
    flow = tmp_path / "findings.flow"
    flow.write_text('checklist c "C"\nstep 1 "One"\n  end\n  these words do not parse\nstart 1\n', encoding="utf-8")
    assert built_fresh(flow).diagnostics
    return flow


@pytest.mark.parametrize("what", ["a symlink to /dev/zero", "a FIFO", "a folder", "writable by others", "a bad key"])
def test_an_entry_that_is_not_our_own_plain_file_is_ignored(
    what: str, own_cache: Path, builds: list[int], tmp_path: Path
) -> None:
    fresh_load(FLOW)
    path = entry(own_cache)
    if what == "a symlink to /dev/zero":
        path.unlink()
        path.symlink_to("/dev/zero")
    elif what == "a FIFO":
        path.unlink()
        os.mkfifo(path)
    elif what == "a folder":
        path.unlink()
        path.mkdir()
    elif what == "writable by others":
        path.chmod(0o666)
    else:
        (own_cache / "key").write_bytes(b"short")
    assert plain_program(fresh_load(FLOW)) == plain_program(built_fresh(FLOW))
    assert len(builds) == 2


def test_an_unwritable_cache_folder_only_loses_the_cache(
    builds: list[int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("CHECKLIST_CACHE_DIR", str(blocked / "cache"))
    assert plain_program(fresh_load(FLOW)) == plain_program(built_fresh(FLOW))
    assert plain_program(fresh_load(FLOW)) == plain_program(built_fresh(FLOW))
    assert len(builds) == 2


def test_only_the_latest_entries_are_kept(own_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "ENTRIES_KEPT", 3)
    own_cache.mkdir()
    stale, fresh = own_cache / ".x.json.1.ab.tmp", own_cache / ".y.json.2.cd.tmp"
    for left in (stale, fresh):
        left.write_bytes(b"half an entry")
    os.utime(stale, (1, 1))  # left by a command killed long ago
    for number in range(5):
        flow = tmp_path / f"f{number}.flow"
        flow.write_text(f'checklist c "C"\nstep 1 "Step {number}"\n  end\nstart 1\n', encoding="utf-8")
        fresh_load(flow)
    assert len(list(own_cache.glob("*.json"))) == 3
    assert not stale.exists() and fresh.exists()  # one being written now is left alone


def test_the_readers_make_only_model_classes() -> None:
    made = plain.model_classes()
    assert {kind.__module__ for kind in made.values()} <= {
        "checklist.model.nodes",
        "checklist.model.declarations",
        "checklist.model.actions",
        "checklist.model.expressions",
        "checklist.model.diagnostics",
    }
    assert "Module" in made and "Span" in made and len(made) == len({k.__name__ for k in made.values()})


def test_the_findings_are_kept_and_found_again_when_the_checker_changes(
    own_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from checklist.checks import check

    verbatim = ROOT / "tests" / "fixtures" / "verbatim"
    program = fresh_load(verbatim)
    runs: list[int] = []

    def checked() -> list[Diagnostic]:
        runs.append(1)
        return check(program)

    texts = list(program.sources.items())
    first = cache.findings(texts, checked)
    assert cache.findings(texts, checked) == first and len(runs) == 1  # the second from the cache
    assert [plain.to_plain(d) for d in cache.findings(texts, checked)] == [plain.to_plain(d) for d in first]
    package = tmp_path / "package"
    shutil.copytree(Path(checklist.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "_PACKAGE", package)
    cache.forget()
    assert cache.findings(texts, checked) == first and len(runs) == 1  # the same code, copied: the same key
    rule = package / "checks" / "numbering.py"
    rule.write_text(rule.read_text(encoding="utf-8") + "\n# a changed rule\n", encoding="utf-8")
    cache.forget()
    assert cache.findings(texts, checked) == first and len(runs) == 2
    for found in [p for p in own_cache.glob("*.json") if b'"findings":' in p.read_bytes()[:300]]:
        found.write_bytes(found.read_bytes().replace(b'"E', b'"X', 1))  # damaged: its signature fails
    cache.forget()
    assert cache.findings(texts, checked) == first and len(runs) == 3
