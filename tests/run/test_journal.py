"""The session file: round trip, strict parsing, atomic writes, resuming (also on a changed flow)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checklist import load
from checklist.graph.program import Program
from checklist.run import journal as jr
from checklist.run.session import Session

from .conftest import DUEL


def played(program: Program) -> Session:
    s = Session(program, seed=4, facts={"armour": "none"})
    for answer in ["12", "1", "", "r"]:
        s.answer(answer)
    return s


def test_round_trip(duel: Program, tmp_path: Path) -> None:
    s = played(duel)
    digest = jr.digest(duel)
    path = tmp_path / "s.json"
    jr.write(path, jr.snapshot(s, digest, ("/x/flow",)))
    back = jr.read(path)
    assert back == jr.snapshot(s, digest, ("/x/flow",))
    assert back.events[-1].rolled
    assert json.loads(path.read_text())["version"] == jr.VERSION
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]  # no temp file left behind


def test_resume_reaches_the_same_state(duel: Program) -> None:
    s = played(duel)
    restored = jr.restore(jr.parse(json.loads(jr.dumps(jr.snapshot(s, jr.digest(duel), ())))), duel, jr.digest(duel))
    assert restored.notes == ()
    assert restored.session.state == s.state


def test_digest_ignores_folders_but_not_text(duel: Program, tmp_path: Path) -> None:
    copy = tmp_path / "duel.flow"
    copy.write_text(DUEL.read_text(encoding="utf-8"), encoding="utf-8")
    assert jr.digest(load(copy)) == jr.digest(duel)
    copy.write_text(DUEL.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert jr.digest(load(copy)) != jr.digest(duel)


def test_changed_flow_with_the_steps_still_there_resumes_with_a_note(duel: Program, tmp_path: Path) -> None:
    s = played(duel)
    saved = jr.parse(json.loads(jr.dumps(jr.snapshot(s, jr.digest(duel), ()))))
    copy = tmp_path / "duel.flow"
    copy.write_text(DUEL.read_text(encoding="utf-8").replace("Roll against skill.", "Roll 3d6."), encoding="utf-8")
    changed = load(copy)
    restored = jr.restore(saved, changed, jr.digest(changed))
    assert restored.notes == ("the flow has changed since this session was saved",)
    assert restored.session.state.step == s.state.step


def test_changed_flow_that_lost_visited_steps_is_refused(duel: Program, tmp_path: Path) -> None:
    s = played(duel)
    saved = jr.parse(json.loads(jr.dumps(jr.snapshot(s, jr.digest(duel), ()))))
    copy = tmp_path / "duel.flow"
    copy.write_text(DUEL.read_text(encoding="utf-8").replace('step 3 "Sword"\n  go 5\n', ""), encoding="utf-8")
    with pytest.raises(jr.JournalError, match="gone: duel.3"):
        jr.restore(saved, load(copy), "sha256:other")


def test_changed_flow_replays_what_still_fits(duel: Program, tmp_path: Path) -> None:
    s = played(duel)
    saved = jr.parse(json.loads(jr.dumps(jr.snapshot(s, jr.digest(duel), ()))))
    copy = tmp_path / "duel.flow"
    copy.write_text(DUEL.read_text(encoding="utf-8").replace("step 3 \"Sword\"\n  go 5", "step 3 \"Sword\"\n  go 9"),
                    encoding="utf-8")  # fmt: skip
    restored = jr.restore(saved, load(copy), "sha256:other")
    assert any("resumed after 3 of 4 answers" in n for n in restored.notes)


def test_same_flow_with_an_impossible_journal_is_corrupt(duel: Program) -> None:
    s = played(duel)
    data = json.loads(jr.dumps(jr.snapshot(s, jr.digest(duel), ())))
    data["events"][0]["value"] = "not a number"
    with pytest.raises(jr.JournalError, match="answer 1 of 4 does not fit"):
        jr.restore(jr.parse(data), duel, jr.digest(duel))


def good() -> dict[str, object]:
    return {
        "format": "checklist-session", "version": 1, "flow": {"digest": "sha256:x", "paths": []},
        "seed": 1, "at": None, "set": {}, "events": [{"kind": "continue", "step": "a.1"}], "trace": ["a.1"],
        "finished": False,
    }  # fmt: skip


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="other"), "not a checklist session file"),
    (lambda d: d.update(version=2), "version 2"),
    (lambda d: d.pop("seed"), "missing seed"),
    (lambda d: d.update(extra=1), "unexpected extra"),
    (lambda d: d.update(seed=True), "seed must be a whole number"),
    (lambda d: d.update(events={}), "events must be a list"),
    (lambda d: d.update(events=[{"kind": "dance", "step": "a.1"}]), "not an event"),
    (lambda d: d.update(events=[{"kind": "answer", "step": "a.1", "fact": "f"}]), "missing value"),
    (lambda d: d.update(events=[{"kind": "answer", "step": "a.1", "fact": "f", "value": 1.5}]), "value must be"),
    (lambda d: d.update(events=[{"kind": "split", "step": "a.1", "names": [1]}]), "list of text"),
    (lambda d: d.update(set={"f": None}), "set must map"),
    (lambda d: d.update(trace="a.1"), "list of text"),
])  # fmt: skip
def test_strict_parsing(change: object, message: str) -> None:
    data = good()
    change(data)  # type: ignore[operator]
    with pytest.raises(jr.JournalError, match=message):
        jr.parse(data)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(jr.JournalError, match="no such session file"):
        jr.read(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{")
    with pytest.raises(jr.JournalError, match="not JSON"):
        jr.read(bad)
    truncated = tmp_path / "cut.json"
    truncated.write_text(jr.dumps(jr.parse(good()))[:-20], encoding="utf-8")
    with pytest.raises(jr.JournalError, match="not JSON"):
        jr.read(truncated)
