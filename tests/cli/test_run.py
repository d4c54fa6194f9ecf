"""`checklist run` from the command line: scripted runs, exit codes, the session file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from checklist.cli import exitcodes
from tests.inprocess import checklist as in_process
from tests.turns import DUEL, FLOW


def learn(args: tuple[str | Path, ...]) -> list[str]:
    """These tests replay the step-by-step view's answers (Enter at each step): `--learn`."""
    words = [str(a) for a in args]
    return words if "--resume" in words or "--help" in words else [*words, "--learn"]


def cli(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return in_process("run", *learn(args), cwd=cwd)


def answers(tmp_path: Path, *lines: str, name: str = "answers.txt") -> Path:
    path = tmp_path / name
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def clean(result: subprocess.CompletedProcess[str], code: int) -> str:
    output = result.stdout + result.stderr
    assert result.returncode == code, output
    assert "Traceback" not in output and "internal error" not in output  # in-process, main() says a crash so
    return output


def test_scripted_run_to_the_end_prints_a_summary(tmp_path: Path) -> None:
    session = tmp_path / "s.json"
    out = clean(cli(DUEL, "--answers", answers(tmp_path, "# too clumsy", "2", ""), "--session", session), 0)
    assert "duel.1  Skill" in out and "What is the attacker's effective skill?" in out
    assert "== The flow ended at duel.9 (nobody can fight) ==" in out
    assert "Steps visited: 2" in out and "skill = 2" in out
    assert "B ? (Basic Set, page not given)" in out
    assert "\x1b[" not in out  # not a terminal: no colour
    data = json.loads(session.read_text(encoding="utf-8"))
    assert data["finished"] is True and data["trace"] == ["duel.1", "duel.9"]


def test_end_of_input_saves_and_resume_continues(tmp_path: Path) -> None:
    session = tmp_path / "s.json"
    first = cli(DUEL, "--answers", answers(tmp_path, "12", "fist"), "--session", session, "--seed", "3")
    assert "input ended before the flow did" in clean(first, exitcodes.END_OF_INPUT)
    saved = json.loads(session.read_text(encoding="utf-8"))
    assert [e.get("value") for e in saved["events"]] == [12, "fist-unarmed"]
    rest = answers(tmp_path, "", "3", "0", "no", name="rest.txt")
    out = clean(cli("--resume", session, "--answers", rest), 0)
    assert "duel.4  Fist" in out and "The flow ended at duel.8" in out
    assert json.loads(session.read_text(encoding="utf-8"))["seed"] == 3


def test_bad_answers_explain_and_ask_again(tmp_path: Path) -> None:
    out = clean(cli(DUEL, "--answers", answers(tmp_path, "lots", "2", "yes", ""), "--session", tmp_path / "s"), 0)
    assert "! `lots` is not a whole number" in out
    assert "! this step asks nothing" in out


def test_keys_back_where_help(tmp_path: Path) -> None:
    script = answers(tmp_path, "b", "12", "b", "?", "w", "2", "", "q")
    out = clean(cli(DUEL, "--answers", script, "--session", tmp_path / "s.json"), 0)
    assert "! nothing to undo: this is the start of the session" in out
    assert "(went back one answer)" in out
    assert "Keys (type, then Enter)" in out
    assert "Where: duel.1 Skill" in out and "Known facts: none" in out
    assert "The flow ended" in out  # 2 -> 9 -> end: the q was never needed


def test_quit_saves(tmp_path: Path) -> None:
    session = tmp_path / "s.json"
    out = clean(cli(DUEL, "--answers", answers(tmp_path, "12", "q"), "--session", session), 0)
    assert f"Session saved to {session}" in out
    assert json.loads(session.read_text(encoding="utf-8"))["events"][0]["value"] == 12


def test_jump_in_with_known_facts(tmp_path: Path) -> None:
    result = cli(FLOW, "--at", "combat.2", "--set", "stunned=yes", "--answers", "/dev/null",
                 "--session", tmp_path / "s")  # fmt: skip
    out = clean(result, exitcodes.END_OF_INPUT)
    assert "combat.2  Stun recovery" in out
    assert "known: stunned = yes  (set on the command line, per turn)" in out
    assert "next: combat.135 End of turn  (stunned)" in out


def test_corrupt_and_foreign_session_files_are_left_alone(tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_bytes(b'{"format": "checklist-session", "version": 1, "flow": ')
    out = clean(cli(DUEL, "--resume", corrupt), exitcodes.BAD_SESSION)
    assert "not a session file" in out and "left as it is" in out
    assert corrupt.read_bytes() == b'{"format": "checklist-session", "version": 1, "flow": '
    foreign = tmp_path / "package.json"
    foreign.write_text('{"name": "left-pad"}', encoding="utf-8")
    assert "missing" in clean(cli(DUEL, "--resume", foreign), exitcodes.BAD_SESSION)
    assert foreign.read_text(encoding="utf-8") == '{"name": "left-pad"}'
    # a new session does not overwrite somebody else's file either
    assert "not a session file" in clean(cli(DUEL, "--session", foreign), exitcodes.BAD_SESSION)


def test_an_unfinished_session_is_not_overwritten(tmp_path: Path) -> None:
    session = tmp_path / "s.json"
    clean(cli(DUEL, "--answers", answers(tmp_path, "12"), "--session", session), exitcodes.END_OF_INPUT)
    before = session.read_bytes()
    assert "--resume" in clean(cli(DUEL, "--session", session), exitcodes.USAGE)
    assert session.read_bytes() == before


def test_a_flow_with_errors_is_not_run(tmp_path: Path) -> None:
    bad = tmp_path / "bad.flow"
    bad.write_text('checklist t "T"\nstart 1\nstep 1 "A"\n  go 2\n', encoding="utf-8")
    out = clean(cli(bad, "--session", tmp_path / "s.json"), exitcodes.FINDINGS)
    assert "the flow has errors" in out and "E201" in out


def test_usage_errors(tmp_path: Path) -> None:
    s = tmp_path / "s.json"
    assert "no such step" in clean(cli(DUEL, "--at", "duel.99", "--session", s), exitcodes.USAGE)
    assert "FACT=VALUE" in clean(cli(DUEL, "--set", "skill", "--session", s), exitcodes.USAGE)
    assert "cannot be" in clean(cli(FLOW, "--set", "stunned=perhaps", "--session", s), exitcodes.USAGE)
    assert "no fact" in clean(cli(DUEL, "--set", "luck=7", "--session", s), exitcodes.USAGE)
    assert "do not go with --resume" in clean(cli("--resume", s, "--at", "duel.1"), exitcodes.USAGE)
    assert "--answers" in clean(cli(DUEL, "--answers", tmp_path / "x", "--session", s), exitcodes.USAGE)


def test_bare_step_number(tmp_path: Path) -> None:
    out = clean(cli(FLOW, "--at", "54", "--answers", "/dev/null", "--session", tmp_path / "s"), 6)
    assert "combat.54  Attack roll" in out
    assert "several checklists" in clean(cli(FLOW, "--at", "2", "--session", tmp_path / "t"), exitcodes.USAGE)


def test_seeded_rolls_are_reproducible(tmp_path: Path) -> None:
    script = answers(tmp_path, "12", "1", "", "r")
    outs = []
    for name in ("a.json", "b.json"):
        clean(cli(DUEL, "--answers", script, "--session", tmp_path / name, "--seed", "99"), exitcodes.END_OF_INPUT)
        outs.append(json.loads((tmp_path / name).read_text(encoding="utf-8"))["events"][-1])
    assert outs[0] == outs[1] and outs[0]["rolled"] is True


def test_resume_after_the_flow_changed(tmp_path: Path) -> None:
    flow = tmp_path / "duel.flow"
    flow.write_text(DUEL.read_text(encoding="utf-8"), encoding="utf-8")
    session = tmp_path / "s.json"
    clean(cli(flow, "--answers", answers(tmp_path, "12"), "--session", session), exitcodes.END_OF_INPUT)
    flow.write_text(DUEL.read_text(encoding="utf-8").replace("Choose the weapon.", "Pick a weapon."), encoding="utf-8")
    out = clean(cli("--resume", session, "--answers", answers(tmp_path, "1", "", "3", "0", "no", name="r")), 0)
    assert "note: the flow has changed since this session was saved" in out
    assert "Pick a weapon." in out


def test_run_imports_neither_networkx_nor_graphviz(tmp_path: Path) -> None:
    script = answers(tmp_path, "2", "")
    probe = (
        "import sys; from checklist.cli.main import main; "
        f"code = main(['run', {str(DUEL)!r}, '--learn', '--answers', {str(script)!r}, "
        f"'--session', {str(tmp_path / 's')!r}]); "
        "print('HEAVY', code, sorted(m for m in ('networkx', 'graphviz') if m in sys.modules), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert "HEAVY 0 []" in done.stderr, done.stderr


def test_help() -> None:
    out = clean(cli("--help"), 0)
    for option in ("--at STEP", "--set FACT=VALUE", "--session FILE", "--resume FILE", "--answers FILE", "--seed N"):
        assert option in out


def test_npc_needs_a_roster_and_a_new_session(tmp_path: Path) -> None:
    """`--npc` names a combatant of the roster: without one, or with --resume (the session keeps the
    NPCs it started with), it is refused with the reason, not ignored."""
    alone = clean(cli(FLOW, "--npc", "Ogre", "--session", tmp_path / "a.json"), exitcodes.USAGE)
    assert "--npc Ogre: an NPC is a combatant of the roster; give --roster FILE too" in alone
    session = tmp_path / "s.json"
    clean(cli(DUEL, "--answers", answers(tmp_path, "2", ""), "--session", session), 0)
    resumed = clean(cli("--resume", session, "--npc", "Bruno"), exitcodes.USAGE)
    assert "--npc and --learn start a new session" in resumed
