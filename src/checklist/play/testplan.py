"""Test plans: a scripted run with the steps it must visit, like Yarn Spinner's .testplan.

    # A full melee turn
    flow: ../../flow            # relative to the plan file
    seed: 7                     # optional: the seed for `answer: r`
    at: combat.54               # optional: start here
    set: stunned=no             # optional, repeatable: facts known from the start

    step: combat.1              # the run arrives at combat.1 (every visit must be listed, in order)
    ask: failed-consciousness   # optional: the question now pending (a fact, `split` or `continue`)
    answer: no                  # what the game master types: number, name, `r`; empty = Enter
    continue                    # same as `answer:` with nothing after it
    known: stunned=no           # the fact is known now, with this value
    unknown: stunned            # the fact is not known now
    branch: defender Bob (1/2)  # the current visit runs in this split branch (innermost last)
    undo                        # b: back one answer
    override: stunned           # o stunned: ask a known fact again
    end                         # the flow has ended here (`end: LABEL` checks the label too)
    stop                        # the plan stops here; the flow need not be over

A plan fails at the first line that does not hold, and if the run visits a step the plan
does not list.  `python -m checklist.play.testplan PLAN...` runs plans from the shell.
"""

from __future__ import annotations

import sys
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING

from checklist.engine.questions import BadAnswer
from checklist.engine.session import Session
from checklist.engine.state import SessionError
from checklist.model.limits import MAX_INPUT_BYTES
from checklist.play.programs import load_clean
from checklist.program.files import LoadError, read_file

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

_HEADER = ("flow", "seed", "at", "set")
_BARE = ("continue", "undo", "end", "stop")
_KEYED = ("step", "ask", "answer", "known", "unknown", "branch", "override", "end")


class PlanError(Exception):
    """A plan that does not hold, or cannot be read: `file:line: message`."""


@dataclass(frozen=True, slots=True)
class Line:
    number: int
    key: str
    value: str


@dataclass
class Plan:
    path: Path
    flow: Path | None = None
    seed: int = 0
    at: str | None = None
    facts: dict[str, str] = field(default_factory=dict)
    lines: list[Line] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Result:
    plan: Path
    steps: tuple[str, ...]
    answers: int
    ended: bool


def parse(text: str, path: Path) -> Plan:
    plan = Plan(path)
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.split(" #", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
        if not line:
            continue
        key, colon, value = line.partition(":")
        key, value = key.strip(), value.strip()
        where = f"{path}:{number}"
        if not colon:
            if key not in _BARE:
                raise PlanError(f"{where}: `{line}` is not a plan line (see checklist.play.testplan)")
            plan.lines.append(Line(number, "answer" if key == "continue" else key, ""))
            continue
        if key in _HEADER:
            if plan.lines:
                raise PlanError(f"{where}: `{key}:` belongs before the first step")
            _header(plan, key, value, where)
        elif key in _KEYED:
            plan.lines.append(Line(number, key, value))
        else:
            raise PlanError(f"{where}: unknown plan line `{key}:`")
    if plan.flow is None:
        raise PlanError(f"{path}: a plan needs a `flow:` line")
    if not plan.lines or plan.lines[-1].key not in ("end", "stop"):
        raise PlanError(f"{path}: a plan ends with `end` or `stop`")
    return plan


def _header(plan: Plan, key: str, value: str, where: str) -> None:
    if key == "flow":
        plan.flow = (plan.path.parent / value).resolve()
    elif key == "seed":
        if not value.lstrip("-").isdigit():
            raise PlanError(f"{where}: seed must be a whole number")
        plan.seed = int(value)
    elif key == "at":
        plan.at = value
    else:
        name, equals, fact_value = value.partition("=")
        if not equals:
            raise PlanError(f"{where}: write `set: FACT=VALUE`")
        plan.facts[name.strip()] = fact_value.strip()


def read(path: Path) -> Plan:
    try:
        raw = read_file(path, "a test plan", MAX_INPUT_BYTES)
    except LoadError as exc:
        raise PlanError(str(exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PlanError(f"{path}: not UTF-8 text; save it as UTF-8") from None
    return parse(text, path)


def run(plan: Plan, session: Session | None = None) -> Result:
    """Play the plan; PlanError at the first line that does not hold."""
    if session is None:
        assert plan.flow is not None
        try:
            program, problems = load_clean([plan.flow])
        except LoadError as exc:
            raise PlanError(f"{plan.path}: {exc}") from None
        if problems is not None:
            raise PlanError(f"{plan.path}: the flow has errors:\n{problems}")
        try:
            session = Session(program, at=plan.at, facts=plan.facts, seed=plan.seed)
        except (SessionError, BadAnswer) as exc:
            raise PlanError(f"{plan.path}: cannot start: {exc}") from None
    return _Runner(plan, session).play()


class _Runner:
    def __init__(self, plan: Plan, session: Session) -> None:
        self.plan = plan
        self.session = session
        self.seen = 0  # trace entries the plan has listed so far
        self.answers = 0

    def fail(self, line: Line, message: str) -> PlanError:
        return PlanError(f"{self.plan.path}:{line.number}: {message}")

    def play(self) -> Result:
        for line in self.plan.lines:
            getattr(self, f"_{line.key}")(line)
            if line.key in ("end", "stop"):
                break
        state = self.session.state
        return Result(self.plan.path, tuple(v.step for v in state.trace), self.answers, state.finished is not None)

    def _all_listed(self, line: Line) -> None:
        trace = self.session.state.trace
        if self.seen < len(trace):
            unlisted = ", ".join(v.step for v in trace[self.seen :])
            raise self.fail(line, f"the run visited {unlisted}, which the plan does not list before this line")

    def _step(self, line: Line) -> None:
        trace = self.session.state.trace
        if self.seen >= len(trace):
            here = self.session.state.step
            raise self.fail(line, f"expected to arrive at {line.value}; the run is still at {here} ({self._asks()})")
        visit = trace[self.seen]
        if visit.step != line.value:
            raise self.fail(
                line,
                f"expected step {line.value}, the run went to {visit.step} "
                f"(from {trace[self.seen - 1].outcome if self.seen else 'the start'})",
            )
        self.seen += 1

    def _asks(self) -> str:
        question = self.session.question
        if self.session.finished is not None:
            return f"the flow is over: {self.session.finished.label}"
        if question is None:
            return "nothing asked"
        return f"asking {question.fact or question.kind}"

    def _ask(self, line: Line) -> None:
        self._all_listed(line)
        question = self.session.question
        actual = None if question is None else (question.fact or question.kind)
        if actual != line.value:
            raise self.fail(line, f"expected the question `{line.value}`, the run is {self._asks()}")

    def _answer(self, line: Line) -> None:
        self._all_listed(line)
        try:
            self.session.answer(line.value)
        except (BadAnswer, SessionError) as exc:
            raise self.fail(line, f"answer `{line.value}` refused at {self.session.state.step}: {exc}") from None
        self.answers += 1

    def _override(self, line: Line) -> None:
        self._all_listed(line)
        try:
            self.session.override(line.value)
        except SessionError as exc:
            raise self.fail(line, str(exc)) from None

    def _undo(self, line: Line) -> None:
        self._all_listed(line)
        if not self.session.undo():
            raise self.fail(line, "nothing to undo")
        trail = self.session.state.trail
        self.seen = min(self.seen, trail.length if trail is not None else 0)

    def _known(self, line: Line) -> None:
        name, _, value = line.value.partition("=")
        known = self.session.state.known().get(name.strip())
        if known is None or str(known.value) != value.strip():
            shown = "unknown" if known is None else f"`{known.value}`"
            raise self.fail(line, f"expected {name.strip()} = {value.strip()}, it is {shown}")

    def _unknown(self, line: Line) -> None:
        known = self.session.state.known().get(line.value)
        if known is not None:
            raise self.fail(line, f"expected {line.value} unknown, it is `{known.value}` ({known.how})")

    def _branch(self, line: Line) -> None:
        frames = self.session.state.frames
        label = frames[-1].label if frames else ""
        if label != line.value:
            raise self.fail(line, f"expected branch `{line.value}`, the run is in `{label or 'no split'}`")

    def _end(self, line: Line) -> None:
        self._all_listed(line)
        finished = self.session.finished
        if finished is None or finished.kind != "end":
            raise self.fail(line, f"expected the flow to end; {self._asks()} at {self.session.state.step}")
        if line.value and finished.label != line.value:
            raise self.fail(line, f"expected the end `{line.value}`, it ended with `{finished.label}`")

    def _stop(self, line: Line) -> None:
        self._all_listed(line)


def main(argv: list[str] | None = None) -> int:
    failed = 0
    for name in argv if argv is not None else sys.argv[1:]:
        try:
            result = run(read(Path(name)))
        except PlanError as exc:
            print(f"FAIL {exc}")
            failed += 1
            continue
        print(f"ok   {name}: {len(result.steps)} steps, {result.answers} answers")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
