"""What a step does next: its actions, then its jumps in order, until one needs a fact or decides.

The session asks the question a `Need` names, or carries out the `Decision`; the jumps'
jumps are taken as model/jumps.py says (`take`), with conditions read as model/conditions.py says.
"""

from __future__ import annotations

from collections.abc import Callable

from checklist import model as m
from checklist.compute import evaluate
from checklist.engine import questions as q
from checklist.engine.defaults import default_for, whose
from checklist.engine.questions import Question
from checklist.engine.reader import ROSTER_ITEM, Reader
from checklist.engine.state import SessionError, State, nothing
from checklist.engine.trace import Decision
from checklist.graph.program import Program
from checklist.model.conditions import Value
from checklist.model.frozen import evolve, replacer
from checklist.model.jumps import Ask, Exit, resolve, take
from checklist.model.kept import Kept
from checklist.roster.combatants import RosterError


class Need:
    """A question the step cannot go on without."""

    __slots__ = ("question",)

    def __init__(self, question: Question) -> None:
        self.question = question


def evaluated(program: Program, state: State, reader: Reader) -> tuple[Need | None, Decision | None]:
    """Run the step's statements on `state`: what it must ask, or where it goes. The reader then holds what
    they read (`consulted`), worked out or added to a ledger (`changed`), and the roster after its records."""
    try:
        return step_move(program, state, reader)
    finally:
        reader.release()


def step_move(program: Program, state: State, reader: Reader) -> tuple[Need | None, Decision | None]:
    """Run the current step's statements from the visit's resume point: what it must ask, or where it goes."""
    step = program.steps[state.step]
    read = reader.read

    if state.statement == 0:
        for action in step.actions[reader.acted :]:
            if isinstance(action, m.Record):
                missing = recorded(reader, action)
                if missing is not None:
                    return _ask(program, step, reader, missing), None
            elif isinstance(action, m.NextTurn):
                reader.next_turn()
            elif read(action.fact) is None:
                return _ask(program, step, reader, action.fact), None
            elif isinstance(action, m.Add):
                try:  # the sum reads every line: one whose inputs were forgotten (an override) is asked again
                    reader.add_line(action.fact, action.ledger)
                except evaluate.Need as need:
                    return _ask(program, step, reader, need.fact), None
            reader.acted += 1
    for index in range(state.statement, len(step.jumps)):
        jump = step.jumps[index]
        if type(jump) is m.Go:  # most steps end with one
            return None, go_decision(program, step, index, jump, state)
        if isinstance(jump, m.Split):
            return _split(program, step, index, jump, state, reader)
        if isinstance(jump, m.Branch) and jump.target.special == "return" and not state.frames:
            continue  # `if X -> return` outside any split cannot apply: X is not asked
        way = take(step, index, jump, read, program.tables, program.steps)
        if isinstance(way, Ask):
            return _ask(program, step, reader, way.fact), None
        if way is not None:
            return None, _decided(program, step, jump, way, state, read)
    return None, Decision("stuck", len(step.jumps), why=f"step {step.key} has no way on")


def _question(
    program: Program, decl: m.Fact, dice: str | None, names: tuple[str, ...], unlisted: tuple[str, ...]
) -> Question:
    """The question that asks `decl` (q.fact_question), with the names it takes though it does not list
    them; made once for each (fact, dice, names): a fight asks the same few questions again and again."""
    made = _QUESTIONS.made(program, lambda _: {})
    key = (decl.name, dice, names, unlisted)
    question = made.get(key)
    if question is None:
        if len(made) > 10_000:  # names come from rosters: bounded in a fight, not in a server's life
            made.clear()
        question = q.fact_question(program, decl, dice=dice, names=names)
        question = made[key] = evolve(question, unlisted=tuple(q.Option(n, n) for n in unlisted))
    return question


_QUESTIONS: Kept[Program, dict[tuple[str, str | None, tuple[str, ...], tuple[str, ...]], Question]] = Kept(100)


_WHOSE = replacer(Question, "default", "npc", "who")  # made at every question a fight asks


def _ask(program: Program, step: m.Step, reader: Reader, fact: str) -> Need:
    """The question to ask so that the step can read `fact`: the fact itself, or an input it lacks."""
    if fact not in program.facts:
        raise SessionError(f"step {step.key} reads `{fact}`, which the flow does not declare")
    leaf, why = reader.ask(fact)
    decl = program.facts[leaf]
    names = reader.names_for(decl)
    question = _question(program, decl, reader.dice(decl), names, reader.unlisted_for(decl))
    default = default_for(reader, decl, names)
    who, npc = whose(reader, decl)
    question = _WHOSE(question, default, npc, who)
    return Need(evolve(question, text=f"{question.text} ({why})") if why else question)


def _split(
    program: Program, step: m.Step, index: int, jump: m.Split, state: State, reader: Reader
) -> tuple[Need | None, Decision | None]:
    """A split's branches: counted by a fact, the roster's combatants, the table view's assumption, or asked."""
    if jump.count is not None:
        count = reader.read(jump.count)
        if count is None:
            return _ask(program, step, reader, jump.count), None
        return None, Decision("split", index, names=counted_names(jump, count), why=f"{jump.count} = {count}")
    if jump.item == ROSTER_ITEM and reader.roster is not None:
        everybody = tuple(sheet.name for sheet in reader.roster.sheets)  # in turn order; each branch's target
        return None, Decision("split", index, names=everybody, why="every combatant of the roster")
    names = _assumed_names(jump, reader) if reader.assume else None
    if isinstance(names, str):
        return _ask(program, step, reader, names), None
    if names is not None:
        return None, Decision("split", index, names=names, why="assumed")
    return Need(q.split_question(jump.item, split_where(step, jump), jump.asks)), None


def recorded(reader: Reader, action: m.Record) -> str | None:
    """Change a combatant's state in the reader's roster, or name the fact to ask first.  Without a roster
    (or that combatant), or when the value cannot be worked out, the roster keeps the old value and the
    flow runs on (docs/roster.md)."""
    try:
        who = reader.combatant(action.role)
        constant = evaluate.constant(reader.program, action.expr)  # `record actor.parries = 0`: a turn has six
        value = reader.recorded_value(action.expr) if constant is None else constant
        if isinstance(value, evaluate.Lacking):
            return reader.ask(value.fact)[0]
        key: Value | evaluate.Lacking | None = None
        if action.key is not None:  # `habit[maneuver]` names the fact; `wounds[wound-location]` is worked out
            key = evaluate.key_named(action.attr, action.key) or reader.recorded_value(action.key)
            if isinstance(key, evaluate.Lacking):
                return reader.ask(key.fact)[0]
    except evaluate.Need as need:
        return reader.ask(need.fact)[0]
    except evaluate.CannotCompute:  # NoRoster included
        return None
    assert reader.roster is not None
    try:  # not `with suppress(...)`: a fight records three hundred times
        reader.roster = reader.roster.record(who, action.attr, value, None if key is None else str(key))
    except RosterError:  # a state the roster cannot hold: E315 reports it in the flow
        return None
    return None


class Going:
    """The decisions of a program's steps that only go on (no action; first, `go` to a step), made once:
    a fifth of a fight's visits, decided without reading anything (as step_move decides them)."""

    __slots__ = ("program", "_made")

    def __init__(self, program: Program) -> None:
        self.program = program
        self._made: dict[str, Decision | None] = {}

    def decision(self, state: State) -> Decision | None:
        """The decision at `state` if its step only goes on and its visit has done nothing yet."""
        if state.statement or state.acted or state.consulted:
            return None
        made = self._made.get(state.step, _UNMADE)
        if made is _UNMADE:
            made = self._made[state.step] = self._only_goes(state)
        return made

    def _only_goes(self, state: State) -> Decision | None:
        step = self.program.steps[state.step]
        if step.actions or not step.jumps or not isinstance(step.jumps[0], m.Go):
            return None
        decision = go_decision(self.program, step, 0, step.jumps[0], state)
        return decision if decision.kind == "jump" else None  # an end or a return: as step_move says


_UNMADE = Decision("stuck", -1)


def split_statement(step: m.Step, start: int) -> int:
    """The statement of the split a `split` question asks about: the first from `start`."""
    for index in range(start, len(step.jumps)):
        if isinstance(step.jumps[index], m.Split):
            return index
    raise SessionError("no split here")  # pragma: no cover - the question came from one


def counted_names(jump: m.Split, count: object) -> tuple[str, ...]:
    """The branches of `split ... for each hit of hits-landing`: `hit 1`, `hit 2`, ... (none for 0)."""
    number = count if isinstance(count, int) else 0
    return q.numbered(jump.item or "branch", min(max(number, 0), q.MAX_ITEMS))


def _assumed_names(jump: m.Split, reader: Reader) -> tuple[str, ...] | str | None:
    """The table view's branches for `split ... assume none|FACT`: none, the one combatant the
    fact names, the fact to ask first (a str), or None to ask the split itself."""
    if jump.assumed is None:
        return None
    try:
        if reader.unless(jump.assumed_unless):  # `assume none unless anyone-waiting`: someone could trigger it
            return None
    except evaluate.Need as need:  # the `unless` fact is not known yet: ask it first
        return need.fact
    if jump.assumed == "none":
        return ()
    value = reader.read(jump.assumed)
    if value is None:
        return jump.assumed
    return (str(value),) if value != "" else None


def _decided(
    program: Program, step: m.Step, jump: m.Jump, way: Exit, state: State, read: Callable[[str], Value | None]
) -> Decision:
    """The decision a jump's exit makes; `why` is what the trace says of it."""
    kept = _JUMPS.get(way)  # a jump to a step decides the same each time: made once (by a go, an if, otherwise)
    if kept is not None and kept[0] is program.steps:
        return kept[1]
    if isinstance(jump, m.End):
        return Decision("end", way.index, label=jump.label or "")
    if isinstance(jump, m.Return):
        return _return(way.index, state)
    if isinstance(jump, (m.Choose, m.Dispatch)):
        return _to(program, step, way, state, f"{jump.fact} = {read(jump.fact)}")
    if isinstance(jump, (m.Go, m.Otherwise)):
        decision = _to(program, step, way, state, "go" if isinstance(jump, m.Go) else "otherwise")
    else:
        decision = _to(program, step, way, state)
    if decision.kind == "jump":
        _JUMPS.put(way, (program.steps, decision))
    return decision


_JUMPS: Kept[Exit, tuple[dict[str, m.Step], Decision]] = Kept(100_000)


def go_decision(program: Program, step: m.Step, index: int, jump: m.Go, state: State) -> Decision:
    """What a `go` decides (it reads nothing), made once for each Go jump that goes to a step: step_move's last
    statement at most steps, and Going's whole step."""
    gone = _GONE.get(jump)
    if gone is not None and gone[0] is program.steps:
        return gone[1]
    way = take(step, index, jump, nothing, program.tables, program.steps)
    assert isinstance(way, Exit)
    decision = _decided(program, step, jump, way, state, nothing)
    if decision.kind == "jump":
        _GONE.put(jump, (program.steps, decision))
    return decision


_GONE: Kept[m.Go, tuple[dict[str, m.Step], Decision]] = Kept(100_000)


def _to(program: Program, step: m.Step, way: Exit, state: State, why: str | None = None) -> Decision:
    why = way.label if why is None else why
    if way.ending == "end":
        return Decision("end", way.index, why=why)
    if way.ending == "return":
        return _return(way.index, state, why)
    if way.key not in program.steps:
        return Decision("stuck", way.index, why=f"step {step.key} jumps to {way.written}, which does not exist")
    return Decision("jump", way.index, way.key, why)


def _return(index: int, state: State, why: str = "") -> Decision:
    if not state.frames:
        return Decision("stuck", index, why="the flow says `return` but no split is running")
    return Decision("return", index, why=why)


def split_where(step: m.Step, jump: m.Split) -> str:
    where = f"from {resolve(jump.target, step.checklist)}"
    if jump.until is not None:
        where += f" until {resolve(jump.until, step.checklist)}"
    return where + (f" then back to {step.key}" if jump.returns or jump.until is None else "")
