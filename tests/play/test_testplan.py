"""Every plan in tests/plans runs; broken plans fail with the line that does not hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.play import testplan
from tests.turns import DUEL, PLANS

ALL_PLANS = sorted(PLANS.glob("*.testplan"))


def test_there_are_plans() -> None:
    names = {p.stem for p in ALL_PLANS}
    assert {"melee-turn", "ranged-after-aim", "all-out-defense", "stunned", "two-defenders", "end-of-combat"} <= names


@pytest.mark.parametrize("path", ALL_PLANS, ids=lambda p: p.stem)
def test_plan(path: Path) -> None:
    result = testplan.run(testplan.read(path))
    assert result.steps


def plan(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "p.testplan"
    path.write_text(f"flow: {DUEL}\n{body}", encoding="utf-8")
    return path


def run(tmp_path: Path, body: str) -> testplan.Result:
    return testplan.run(testplan.read(plan(tmp_path, body)))


def test_a_passing_plan(tmp_path: Path) -> None:
    result = run(tmp_path, "step: duel.1\n ask: skill\n answer: 2\nstep: duel.9\n continue\nend: nobody can fight\n")
    assert result.steps == ("duel.1", "duel.9") and result.ended and result.answers == 2


@pytest.mark.parametrize(("body", "message"), [
    ("step: duel.2\nstop\n", "expected step duel.2, the run went to duel.1"),
    ("step: duel.1\nanswer: 12\nstop\n", "the run visited duel.2, which the plan does not list"),
    ("step: duel.1\nask: weapon\nstop\n", "expected the question `weapon`, the run is asking skill"),
    ("step: duel.1\nanswer: twelve\nstop\n", "answer `twelve` refused at duel.1"),
    ("step: duel.1\nknown: skill=3\nstop\n", "expected skill = 3, it is unknown"),
    ("step: duel.1\nanswer: 2\nstep: duel.9\nend\n", "expected the flow to end"),
    ("step: duel.1\nundo\nstop\n", "nothing to undo"),
    ("step: duel.1\nbranch: target A (1/1)\nstop\n", "expected branch"),
    ("step: duel.1\nstep: duel.2\nstop\n", "still at duel.1"),
])  # fmt: skip
def test_failures_name_the_line(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(testplan.PlanError, match=message) as info:
        run(tmp_path, body)
    assert ":" in str(info.value).split(" ")[0]


@pytest.mark.parametrize(("text", "message"), [
    ("step: duel.1\nstop\n", "needs a `flow:` line"),
    ("flow: x\nstep: duel.1\n", "ends with `end` or `stop`"),
    ("flow: x\nstep: duel.1\nseed: 3\nstop\n", "belongs before the first step"),
    ("flow: x\nwobble: 3\nstop\n", "unknown plan line"),
    ("flow: x\nwobble\nstop\n", "is not a plan line"),
    ("flow: x\nset: stunned\nstop\n", "FACT=VALUE"),
])  # fmt: skip
def test_bad_plans(text: str, message: str) -> None:
    with pytest.raises(testplan.PlanError, match=message):
        testplan.parse(text, Path("p.testplan"))


def test_main_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = plan(tmp_path, "step: duel.1\nstop\n")
    assert testplan.main([str(good)]) == 0
    bad = tmp_path / "bad.testplan"
    bad.write_text(f"flow: {DUEL}\nstep: duel.5\nstop\n", encoding="utf-8")
    assert testplan.main([str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "ok " in out and "FAIL " in out
