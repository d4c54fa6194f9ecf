"""The docs match the tool (issue 31, part 6): what docs/run.md shows a run printing is printed.

docs/language.md's examples are parsed and checked in tests/test_docs.py; here each example
of docs/run.md is played or compared with what the tool gives: the usage with the command's
options, the table view's screen with the transcript the physical-dice fight prints
(tests/rules/golden/fight-physical.txt, itself compared with a real run), the ledger and the
worked-out line with a run played here, the session file with one written by a run.
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest

from checklist.cli.arguments import parser
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.screen import screen
from checklist.present.summary import summary_view
from checklist.program.load import load_texts
from checklist.terminal import paint
from tests.conftest import ROOT
from tests.present.test_worked import AID

RUN = (ROOT / "docs" / "run.md").read_text("utf-8")
FENCED = [textwrap.dedent(b) for b in re.findall(r"```[a-z]*\n(.*?)```", RUN, re.S)]
INDENTED = [textwrap.dedent(b) for b in re.findall(r"\n\n((?: {4,}\S.*\n)+)", RUN)]


def lines_of(text: str) -> list[str]:
    return [line.rstrip() for line in text.strip("\n").splitlines()]


def shown_in(block: list[str], transcript: list[str]) -> bool:
    """Whether the block's lines are consecutive lines of the transcript (a prompt line may go on
    with the answer typed after it)."""
    for start in range(len(transcript) - len(block) + 1):
        pairs = zip(block, transcript[start : start + len(block)], strict=True)
        if all(line == seen or (line.endswith(">") and seen.startswith(line)) for line, seen in pairs):
            return True
    return False


def test_the_usage_names_every_option_of_checklist_run() -> None:
    (usage,) = [b for b in FENCED if b.startswith("checklist run")]
    documented = set(re.findall(r"--[a-z-]+", usage))
    sub = next(a for a in parser()._actions if a.choices and "run" in a.choices)  # type: ignore[operator]
    actual = {o for a in sub.choices["run"]._actions for o in a.option_strings if o.startswith("--")}
    assert documented == actual - {"--help"}


def test_the_table_views_screen_is_what_the_fight_prints() -> None:
    (shown,) = [b for b in FENCED if "── combat.54 Attack roll" in b]
    transcript = lines_of((ROOT / "tests" / "rules" / "golden" / "fight-physical.txt").read_text("utf-8"))
    assert shown_in(lines_of(shown), transcript)


def test_the_ledger_is_what_the_step_screen_prints(flow: Program) -> None:
    """Skill 13, target SM 2 (+2), kneeling (-2): the ledger of combat.54, step by step."""
    (shown,) = [b for b in INDENTED if b.startswith("Effective skill (effective-skill):")]
    session = Session(flow, at="combat.39", facts={"maneuver": "attack", "ranged-attack": "no"}, pause=True, seed=1)
    typed = {"base-skill": "13", "target-sm": "2", "attacker-sm": "0", "attacker-posture": "kneeling"}
    usual = {"continue": "", "number": "0", "yes/no": "no"}  # Enter, no modifier, no
    while (question := session.question) is not None and question.fact != "attack-dice":
        session.answer(typed.get(question.fact or "") or question.default or usual[question.kind])
    text = paint.screen_text(screen(session), paint.Painter(False))
    assert shown_in(lines_of(shown), [line.removeprefix("   ") for line in lines_of(text)])  # the screen's margin


def test_the_worked_out_line_is_what_the_end_prints() -> None:
    (shown,) = [b for b in INDENTED if b.startswith("HP restored")]
    session = Session(load_texts([("aid.flow", AID)]), at="aid.1", seed=1, pause=False)
    for typed in ("kneeling", "9", "10", "2", "4"):  # the die shows 4: max(4 - 2, 1) = 2
        session.answer(typed)
    text = paint.summary_text(summary_view(session), paint.Painter(False), trace=False)
    assert shown_in(lines_of(shown), [line.strip() for line in lines_of(text)])


def test_the_session_file_has_the_fields_and_events_a_run_writes(tmp_path: Path) -> None:
    (shown,) = [b for b in FENCED if '"format": "checklist-session"' in b]
    documented = json.loads(shown)
    session = tmp_path / "s.json"
    from checklist.cli.main import main

    answers = tmp_path / "answers.txt"
    answers.write_text("yes\nno\n", "utf-8")
    code = main(["run", "--at", "combat.2", "--set", "stunned=yes", "--session", str(session),
                 "--answers", str(answers)])  # fmt: skip
    assert code in (0, 6)  # the answers run out before the fight ends: saved, exit 6
    written = json.loads(session.read_text("utf-8"))
    assert set(documented) <= set(written) and documented["format"] == written["format"]
    assert documented["version"] == written["version"] and set(documented["flow"]) == set(written["flow"])
    kinds = {e["kind"]: set(e) for e in written["events"]}
    for event in documented["events"]:
        assert event["kind"] in {"continue", "answer", "split", "override", "undo"}
        if event["kind"] in kinds:
            assert set(event) - {"rolled"} <= kinds[event["kind"]] | {"value", "fact", "names"}


def test_w_lists_an_assumed_answer_as_the_docs_show(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (shown,) = [b for b in INDENTED if "(assumed at" in b]
    answers = tmp_path / "answers.txt"
    answers.write_text("attack\n\nw\nq\n", "utf-8")  # Attack, the aimed location's default, where am I
    from checklist.cli.main import main

    main(["run", "--roster", str(ROOT / "tests" / "data" / "duel-roster.toml"), "--at", "combat.1", "--seed", "1",
          "--session", str(tmp_path / "s.json"), "--answers", str(answers)])  # fmt: skip
    assert shown_in(lines_of(shown), [line.strip() for line in capsys.readouterr().out.splitlines()])


def test_the_language_names_every_kind_of_fact_and_every_function() -> None:
    """docs/language.md lists what the grammar and the functions give (an author saw four kinds
    and `cell` left out)."""
    from checklist.compute.functions import FUNCTIONS
    from checklist.syntax.parser import grammar_text

    language = (ROOT / "docs" / "language.md").read_text("utf-8")
    kinds = re.findall(r'"([a-z/]+)"[^\n]*-> kind_', grammar_text())
    assert {"yes/no", "ledger", "number", "roll", "combatant", "weapon", "choice"} <= set(kinds)
    for kind in kinds:
        assert f"`{kind}" in language, kind
    assert "`roll of" in language
    for function in FUNCTIONS:
        assert f"`{function}(" in language, function
