"""The session file: round trip, strict parsing, atomic writes, resuming (also on a changed flow)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checklist import load
from checklist.engine import journal as jr
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.play import saving
from tests.turns import DUEL


def played(program: Program) -> Session:
    s = Session(program, seed=4, facts={"armour": "none"})
    for answer in ["12", "1", "", "r"]:
        s.answer(answer)
    return s


def test_round_trip(duel: Program, tmp_path: Path) -> None:
    s = played(duel)
    digest = jr.digest(duel)
    path = tmp_path / "s.json"
    saving.write(path, jr.snapshot(s, digest, ("/x/flow",)))
    back = saving.read(path)
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


def test_a_once_split_that_ran_keeps_its_empty_name() -> None:
    data = good()
    data["events"] = [{"kind": "split", "step": "a.1", "names": [""]}]
    assert jr.parse(data).events[0].names == ("",)


def test_a_roll_the_dice_cannot_give_is_refused(duel: Program) -> None:
    s = played(duel)
    data = json.loads(jr.dumps(jr.snapshot(s, jr.digest(duel), ())))
    assert data["events"][-1]["fact"] == "attack"
    data["events"][-1]["value"] = 999
    with pytest.raises(jr.JournalError, match="answer 4 of 4 does not fit.*3d6 cannot roll 999"):
        jr.restore(jr.parse(data), duel, jr.digest(duel))


def test_temp_files_of_a_killed_save_are_removed_by_the_next(duel: Program, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    dead = tmp_path / ".s.json.999999999.0.tmp"  # no process has that id
    dead.write_text("{", encoding="utf-8")
    other = tmp_path / ".other.json.999999999.0.tmp"  # another file's: left alone
    other.write_text("{", encoding="utf-8")
    saving.write(path, jr.snapshot(played(duel), jr.digest(duel), ()))
    assert sorted(p.name for p in tmp_path.iterdir()) == [other.name, "s.json"]


def test_a_full_disk_keeps_the_previous_file(duel: Program, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import os

    path = tmp_path / "s.json"
    saving.write(path, jr.snapshot(played(duel), jr.digest(duel), ()))
    before = path.read_bytes()

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        saving.write(path, jr.snapshot(Session(duel, seed=5), jr.digest(duel), ()))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


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
    # issue 17, class 8: as strict as typed input
    (lambda d: d.update(version=True), "version True"),
    (lambda d: d.update(events=[{"kind": ["answer"], "step": "a.1"}]), "not an event"),
    (lambda d: d.update(events=[{"kind": {}, "step": "a.1"}]), "not an event"),
    (lambda d: d.update(events=[{"kind": "split", "step": "a.1", "names": ["x" * 41]}]), "names: .* too long"),
    (lambda d: d.update(events=[{"kind": "split", "step": "a.1", "names": ["\x1b[2J"]}]), "control character"),
    (lambda d: d.update(events=[{"kind": "split", "step": "a.1", "names": ["a", "a"]}]), "same name"),
    (lambda d: d.update(events=[{"kind": "split", "step": "a.1", "names": ["a"] * 51}]), "too many"),
    (lambda d: d.update(events=[{"kind": "answer", "step": "a.1", "fact": "f", "value": 10**9}]), "at most 9"),
    (lambda d: d.update(events=[{"kind": "answer", "step": "a.1", "fact": "f", "value": "\x1b"}]), "value must"),
    (lambda d: d.update({"roll-auto": "yes"}), "roll-auto must be true or false"),
    (lambda d: d.update(autopilot=1), "autopilot must be true or false"),
    (lambda d: d.update(fast=None), "fast must be true or false"),
])  # fmt: skip
def test_strict_parsing(change: object, message: str) -> None:
    data = good()
    change(data)  # type: ignore[operator]
    with pytest.raises(jr.JournalError, match=message):
        jr.parse(data)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(jr.JournalError, match="no such session file"):
        saving.read(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{")
    with pytest.raises(jr.JournalError, match="not JSON"):
        saving.read(bad)
    truncated = tmp_path / "cut.json"
    truncated.write_text(jr.dumps(jr.parse(good()))[:-20], encoding="utf-8")
    with pytest.raises(jr.JournalError, match="not JSON"):
        saving.read(truncated)
