"""The session engine: a pure state machine over a loaded Program (no input(), no print()).

A State is immutable; every answer makes a new one and the Session keeps the list, so undo
is a pop (all the way back to the start).  A step's statements run in order from the
visit's resume point; when one needs a fact nobody knows yet, the state poses that question
and stops; when the step decides where to go without asking anything, it poses `continue`.

Facts are forgotten by three rules, heads, loops and splits (docs/run.md, "Scopes"; scopes.py); an
override (`o FACT`) of a fact read since the last answer runs that answer again with the new value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from checklist import model as m
from checklist.compute import evaluate
from checklist.engine import questions as q
from checklist.engine import state as st
from checklist.engine.owned import keeps, learnt
from checklist.engine.questions import CONTINUE, Answer, BadAnswer, Question, Value
from checklist.engine.reader import Reader
from checklist.engine.scopes import Scopes, forget, instance_starts, override_from, spared
from checklist.engine.state import CannotGoOn, Event, Finish, Known, Observer, SessionError, State, evolve
from checklist.engine.step import Going, evaluated, split_statement, step_move
from checklist.engine.trace import Decision, How, Trail, Visit
from checklist.graph.program import Program
from checklist.model import dice as dice_mod
from checklist.model.frozen import replacer
from checklist.model.jumps import resolve
from checklist.roster.combatants import Roster

ROLL_KEYS = ("r", "roll", "")  # Enter alone rolls too: the default of a roll


class Session:
    """A run of a program: a list of States (the last is current) and the Events between them."""

    def __init__(
        self,
        program: Program,
        *,
        at: str | None = None,
        facts: Mapping[str, str | int] | None = None,
        seed: int = 0,
        scopes: Scopes | None = None,
        roster: Roster | None = None,
        compute: bool = True,
        observers: Sequence[Observer] = (),
        pause: bool = True,
        assume: bool | None = None,
    ) -> None:
        self.program = program
        self.pause = pause  # False: a step that asks nothing passes by itself (no `continue`)
        self.assume = not pause if assume is None else assume  # take `assume VALUE` answers (the table view)
        self.observers = list(observers)  # told of every visit and decision, the first visit included
        self._copied = copied(self.observers)  # again at each answer: a fork has none
        self.roster = roster
        self.compute = compute  # False: computed facts are asked, as if the game master typed each
        self.seed = seed
        self.at = at
        self._preset: dict[str, Value] = {}  # an override that a re-run takes where the fact is read
        self._from: dict[str, tuple[int, int]] = {}  # where a re-run takes each preset (_rerun_from)
        start = at or program.start or program.first_step
        if start is None or start not in program.steps:
            raise SessionError(f"no step `{start}` to start at" if start else "the flow has no steps")
        self.scopes = scopes or Scopes.derive(program)
        self._going = Going(program)
        self.set_facts: dict[str, Value] = {}
        known: list[Known] = []
        for name, text in (facts or {}).items():
            fact = program.facts.get(name)
            if fact is None:
                raise SessionError(f"no fact `{name}` in this flow")
            value = text if isinstance(text, int) else q.parse_value(program, fact, str(text))
            self.set_facts[name] = value
            known.append(Known(name, value, fact.scope, "set", None, 0))
        spare = self.scopes.before(start) if known else frozenset()
        empty = State(start, facts=tuple(known), spare=spare, roster=roster)
        self._start = self._visit(empty, start, rules=False)
        self._start.trail.visit.shared = True  # type: ignore[union-attr]  # a re-run from the start runs it again
        self.history: list[State] = [self._settle(self._start)]
        self.events: list[Event] = []

    # ---- reading ---------------------------------------------------------

    @property
    def state(self) -> State:
        return self.history[-1]

    @property
    def question(self) -> Question | None:
        return self.state.question

    @property
    def finished(self) -> Finish | None:
        return self.state.finished

    @property
    def step(self) -> m.Step:
        return self.program.steps[self.state.step]

    def overridable(self) -> list[str]:
        """Known facts the current step has read: the ones the game master may want to correct."""
        known, facts = self.state.known(), self.program.facts
        nobody = {n for n, k in known.items() if k.value == "" and facts[n].kind in ("combatant", "weapon")}
        return [name for name in self.state.consulted if name in known and name not in nobody]

    # ---- acting ------------------------------------------------------------

    def answer(self, text: str) -> None:
        """Answer the pending question with what the game master typed (BadAnswer if it cannot)."""
        question = self._pending()
        if question.kind == "roll" and text.strip().lower() in ROLL_KEYS:
            self.roll()
            return
        self.give(q.parse_answer(question, text))

    def give(self, answer: Answer, rolled: bool = False) -> None:
        """Answer the pending question with a parsed value. A value the flow cannot work with (a table with
        no row for it, after an override) is refused with a SessionError that says why; the session stays."""
        try:
            self._give(answer, rolled)
        except evaluate.CannotCompute as exc:
            raise CannotGoOn(str(exc)) from None
        except evaluate.Need as exc:
            raise CannotGoOn(f"`{exc}` is not known", str(exc)) from None

    def _give(self, answer: Answer, rolled: bool) -> None:
        question, self._copied = self._pending(), copied(self.observers)
        if question.override and question.default is not None and str(answer) == question.default:
            self.history.pop()  # the value held, kept: nothing is pinned (a worked-out one goes on following
            self.events.pop()  # its inputs), and the run is back at the question the override came from
            return
        state = self.state
        if question.override and question.fact and isinstance(answer, (str, int)):
            rerun = self._rerun_from(question.fact)
            if rerun is not None:  # a step read the old value since the last answer: that answer runs again
                self.history.append(self._reroute(question.fact, answer, rerun))
                self.events.append(Event("answer", state.step, question.fact, answer))
                return
        if question.kind == "continue":
            assert state.decision is not None
            event = Event("continue", state.step)
            new = self._settle(self._apply(evolve(state, question=None), state.decision))
        elif question.kind == "split":
            names = tuple(answer) if isinstance(answer, tuple) else ()
            if not isinstance(answer, tuple):
                raise BadAnswer("a split needs a number of branches and their names")
            event = Event("split", state.step, names=names)
            statement = split_statement(self.program.steps[state.step], state.statement)
            decision = Decision("split", statement, names=names)
            new = self._settle(self._apply(evolve(state, question=None, answered=True), decision))
        else:
            if not isinstance(answer, (str, int)):
                raise BadAnswer("this question needs a value")
            assert question.fact is not None
            fact = self.program.facts[question.fact]
            how: How = "override" if question.override else ("rolled" if rolled else "asked")
            seq = state.seq + 1
            known = self._replaced(state, fact, answer, how, seq)
            event = Event("answer", state.step, fact.name, answer, rolled=rolled)
            rolls = state.rolls + (1 if rolled else 0)
            keep = keeps(self.program, fact)  # Grip Mastery, a shield: that combatant's; a target: the actor's habit
            roster = learnt(self._reader(state), fact, answer) if keep else state.roster
            spare = spared(self.scopes, state, fact.scope) if how == "override" else state.spare  # `o FACT` ahead
            new = self._settle(
                evolve(state, facts=known, question=None, decision=None, answered=True, seq=seq, rolls=rolls,
                       roster=roster, spare=spare)
            )  # fmt: skip
        self.history.append(new)
        self.events.append(event)

    def _replaced(self, state: State, fact: m.Fact, answer: Value, how: How, seq: int) -> tuple[Known, ...]:
        """The facts after an answer: an override also drops what was worked out from the old value."""
        stale = st.dependents(state.facts, fact.name) if how == "override" else set()
        old = st.by_name(state.facts).get(fact.name)
        gone = stale | {fact.name} if old is not None else stale
        kept = tuple(k for k in state.facts if k.fact not in gone) if gone else state.facts
        if fact.kind == "ledger" and old is not None and isinstance(answer, int):
            reader = Reader(self.program, kept + (evolve(old, adjust=0),), state.step, seq)
            adjust = answer - reader.ledger(fact.name)
            return kept + (evolve(old, value=answer, how="override", adjust=adjust),)
        return kept + (Known(fact.name, answer, fact.scope, how, state.step, seq),)

    def roll(self) -> int:
        """Roll the dice of the pending roll question with the session's seed, and answer it."""
        question = self._pending()
        if question.kind != "roll" or not question.dice:
            raise BadAnswer("there is nothing to roll here")
        value = dice_mod.roll(question.dice, self.seed, self.state.rolls)
        self.give(value, rolled=True)
        return value

    def override(self, fact: str) -> None:
        """Ask `fact` again (known or not): the answer replaces what is known, and the step re-runs."""
        self._pending()
        decl = self.program.facts.get(fact)
        if decl is None:
            raise SessionError(f"no fact `{fact}` in this flow")
        state = self.state
        reader = self._reader(state)
        evaluated(self.program, state, reader)  # the dice a roll rolls now, whom a combatant fact can name
        question = q.fact_question(
            self.program, decl, override=True, dice=reader.dice(decl), names=reader.names_for(decl)
        )
        question = evolve(question, unlisted=tuple(q.Option(n, n) for n in reader.unlisted_for(decl)))
        question = q.overriding(question, reader.read(fact))  # what is known now: Enter keeps it
        reader.release()
        self.history.append(evolve(state, question=question, decision=None))
        self.events.append(Event("override", state.step, fact))

    def rewind(self, state: State) -> None:
        """Carry on from `state` (of this program) as if the run had started there: no undo past it."""
        self.history = [state]
        self.events = []

    def undo(self) -> bool:
        """Go back one answer; False at the very start."""
        if len(self.history) == 1:
            return False
        self.history.pop()
        self.events.pop()
        return True

    def replay(self, event: Event) -> None:
        """Apply a journalled event; SessionError if it does not fit the pending question."""
        question = self.question
        if question is None:
            raise SessionError("the flow is already over")
        if event.step != self.state.step:
            raise SessionError(f"expected to be at {event.step}, the flow is at {self.state.step}")
        if event.kind == "override":
            assert event.fact is not None
            self.override(event.fact)
            return
        kinds = {"continue": ("continue",), "split": ("split",)}.get(event.kind)
        if kinds is not None and question.kind not in kinds:
            raise SessionError(f"journal says {event.kind} at {event.step}, the flow asks {question.kind}")
        if event.kind == "answer" and event.fact != question.fact:
            raise SessionError(f"journal answers `{event.fact}` at {event.step}, the flow asks `{question.fact}`")
        if event.kind == "split":
            self.give(event.names)
        elif event.kind == "continue":
            self.give(None)
        else:
            assert event.value is not None
            self._check_value(question, event.value)
            self.give(event.value, rolled=event.rolled)

    # ---- the machine ---------------------------------------------------------

    def _pending(self) -> Question:
        state = self.state
        if state.finished is not None or state.question is None:
            raise SessionError("the flow is over: nothing to answer")
        return state.question

    def _check_value(self, question: Question, value: Value) -> None:
        if question.options and str(value) not in {o.value for o in question.options + question.unlisted}:
            raise SessionError(f"`{value}` is not a value of `{question.fact}` any more")
        if not question.options and not isinstance(value, int):
            raise SessionError(f"`{question.fact}` needs a number, the journal has `{value}`")

    def _settle(self, state: State) -> State:
        """Run the current step until it asks something, or decides and must show it first."""
        for _ in range(10_000):  # a guard against flows whose splits finish without a visit
            if state.finished is not None:
                break
            decision = self._going.decision(state)
            if decision is None:
                reader = self._reader(state)
                try:  # `evaluated`, in this frame: at every visit
                    need, decision = step_move(self.program, state, reader)
                finally:
                    reader.release()
                consulted = tuple(reader.consulted)
                if reader.changed:
                    changed = tuple(reader.changed.values())
                    state = st.merged(state, changed, consulted, reader.roster, reader.acted, reader.seq)
                else:
                    state = state.evaluated(consulted, reader.roster, reader.acted)
                if need is not None:
                    state = evolve(state, question=need.question, decision=None)
                    break
                assert decision is not None
            shown = self.pause and (not state.answered or self.program.steps[state.step].cards)
            if shown and decision.kind != "stuck":
                state = evolve(state, question=CONTINUE, decision=decision)
                break
            state = self._apply(state, decision)
        else:
            raise SessionError("the flow runs in circles without a step to show")  # pragma: no cover
        if state.trail is not None:  # the state is given out: its visit is decided in a copy from now on
            state.trail.visit.shared = True
        return state

    def _reader(self, state: State) -> Reader:
        """`Reader.of(...)`, its arguments in order: a reader is made at every visit."""
        preset = self._preset and {f: v for f, v in self._preset.items() if self._reached(state, f)}
        return Reader(self.program, state.facts, state.step, state.seq, state.roster, state.frames, state.acted,
                      self.compute, self.assume, preset)  # fmt: skip

    def _rerun_from(self, fact: str) -> tuple[int, int] | None:
        """When a step read the overridden fact since the last answer (the run went on with the old value),
        where a re-run of that answer takes the new value: past how many heads of its scope, counted from
        which visit (scopes.override_from). None: no re-run."""
        if len(self.history) < 2 or len(self.history) > 2 and self.events[-2].kind == "override":
            return None
        anchor = st.went_on_from(self.history[:-1])  # the state the override's screen went on from
        since = anchor.visit_count - 1 if anchor is not None else 0
        visits = self.history[-2].trace_from(since)
        read, heads = override_from(self.scopes, visits, self.program.facts[fact].scope, fact)
        return (heads, since) if read else None

    def _reached(self, state: State, fact: str) -> bool:
        """Whether a re-run has come to where it takes the override of `fact` (_rerun_from)."""
        heads, since = self._from[fact]
        scope = self.program.facts[fact].scope
        return not heads or instance_starts(self.scopes, state.trace_from(since), scope)[1] >= heads

    def _reroute(self, fact: str, value: Value, rerun: tuple[int, int]) -> State:
        """The state the last answer leads to when `fact` is `value` from where `rerun` says (_rerun_from)."""
        history, events, preset, start = self.history, self.events, self._preset, self._from
        self._from = {**start, fact: rerun}
        self.history, self.events, self._preset = history[:-2], events[:-2], {**preset, fact: value}
        try:
            if len(history) == 2:  # the run's first question: from the start
                return self._settle(self._start)
            last = events[-2]
            self.give(last.names if last.kind == "split" else last.value, rolled=last.rolled)
            return self.state
        finally:
            self.history, self.events, self._preset, self._from = history, events, preset, start

    def _apply(self, state: State, decision: Decision) -> State:
        """Carry out a decision (the observers hear of it), recording it in the trace."""
        new = self._move(state, decision)
        for observer in self.observers:
            observer.decided(state, decision, new)
        return new

    def _move(self, state: State, decision: Decision) -> State:
        assert state.trail is not None
        last = state.trail.visit
        # by_name keeps the facts of the step just evaluated: no dict is made
        written = last.written(state.consulted, st.by_name(state.facts), decision)
        trail = state.trail if written is last else Trail(state.trail.prev, written)
        if decision.kind == "jump":
            assert decision.target is not None
            return self._arrive(state, decision.target, trail)
        state = evolve(state, trail=trail, question=None, decision=None)
        if decision.kind == "end":
            return evolve(state, finished=Finish("end", decision.label))
        if decision.kind == "stuck":
            return evolve(state, finished=Finish("stuck", decision.why))
        if decision.kind == "return":
            return self._branch_done(state)
        return self._split(state, decision)

    def _split(self, state: State, decision: Decision) -> State:
        step = self.program.steps[state.step]
        jump = step.jumps[decision.statement]
        assert isinstance(jump, m.Split)
        target = resolve(jump.target, step.checklist)
        until = resolve(jump.until, step.checklist) if jump.until is not None else None
        if target not in self.program.steps:
            why = f"step {step.key} splits to {jump.target}, which does not exist"
            return evolve(state, finished=Finish("stuck", why))
        assert target is not None
        frame = st.Frame(
            step.key, decision.statement, target, until, jump.returns, jump.item, decision.names, 0, state.facts
        )
        if not decision.names:  # nobody: the split is over before it began
            if frame.goes_on is not None:
                return self._arrive(state, frame.goes_on)
            return _NEXT_STATEMENT(state, decision.statement + 1)  # same visit, next statement
        return self._visit(_FRAMED(state, state.frames + (frame,)), target)

    def _arrive(self, state: State, key: str, trail: Trail | None = None) -> State:
        """Arrive at a step by a jump: a branch may end here; otherwise visit it. `trail`: the trace
        with the visit just left written up, when `state` does not hold it yet (one copy fewer)."""
        if trail is not None and (state.frames and state.frames[-1].until == key or key not in self.program.steps):
            state, trail = evolve(state, trail=trail, question=None, decision=None), None
        if state.frames and state.frames[-1].until == key:
            return self._branch_done(state)
        if key not in self.program.steps:  # e.g. a split's join that names no step
            return evolve(state, finished=Finish("stuck", f"the flow goes on at {key}, which does not exist"))
        return self._visit(state, key, after=trail)

    def _visit(self, state: State, key: str, rules: bool = True, after: Trail | None = None) -> State:
        """A new visit of `key`, after the visits of `after` (default: the state's)."""
        for observer in self.observers:
            observer.visited(key)
        facts, spare = forget(self.scopes, state.facts, state.spare, key) if rules else (state.facts, state.spare)
        branch = st.branch_label(state.frames)
        trail = Trail(after if after is not None else state.trail, Visit(key, branch, False, self._copied))
        return state.arriving(key, trail, facts, spare)

    def _branch_done(self, state: State) -> State:
        frame = state.frames[-1]
        facts = st.branch_facts(frame.saved, state.facts)
        if frame.index + 1 < len(frame.names):
            frames = state.frames[:-1] + (evolve(frame, index=frame.index + 1),)
            return self._visit(evolve(state, frames=frames, facts=facts), frame.target)
        state = evolve(state, frames=state.frames[:-1], facts=facts)
        if frame.goes_on is not None:
            return self._arrive(state, frame.goes_on)
        trail = Trail(state.trail, Visit(frame.step, st.branch_label(state.frames), True, self._copied))
        return state.visiting(frame.step, frame.statement + 1, trail)


def copied(observers: Sequence[Observer]) -> bool:
    """Whether the visits of a run are decided in copies: an observer keeps the states it is told of (Observer)."""
    return any([getattr(observer, "keeps_states", True) for observer in observers])


_NEXT_STATEMENT = replacer(State, "statement")  # a split with no branch: most of a duel's
_FRAMED = replacer(State, "frames")
