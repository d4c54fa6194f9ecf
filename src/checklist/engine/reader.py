"""What a step reads: known facts, computed facts (with their work) and ledgers.

A computed fact is worked out the first time something reads it, once its inputs are
known; reading it before then names the input to ask.  A ledger's value is the sum of its
lines (facts added at steps, `add FACT to LEDGER`) plus any correction the game master
typed over it (engine/ledgers.py).  Nothing here asks or prints: the session turns a missing fact
into a question.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from types import MappingProxyType

from checklist import model as m
from checklist.compute.evaluate import (
    CannotCompute,
    Evaluator,
    Lacking,
    Need,
    NoRoster,
    Read,
    Undecided,
    Worked,
    as_value,
    show,
)
from checklist.compute.recall import Asks, Done, Recall, recall_for
from checklist.engine.fits import fits
from checklist.engine.ledgers import Ledgers
from checklist.engine.questions import Value
from checklist.engine.roles import Roles
from checklist.engine.state import Frame, Known, State, by_name
from checklist.engine.trace import How
from checklist.graph.program import Program
from checklist.model.conditions import decide
from checklist.model.dice import Dice, DiceError
from checklist.model.vocabulary import BODY_TABLE
from checklist.roster.combatants import Roster

ROSTER_ITEM = "combatant"  # `split T for each combatant`: a branch for every combatant of the roster, not asked


Preset = dict[str, Value] | None  # an override given later, taken where the fact is first read


def aside(program: Program, frames: tuple[Frame, ...]) -> Container[str]:
    """The facts a reader does not take as known as they are (Reader.value's first test): the ledgers (their
    lines are summed) and the items the running splits count (`split ... for each hit of hits-landing`: a
    number fact `hit` is the branch's number). Kept for the last frames: a visit's are its state's."""
    ledgers = program.ledgers
    if not frames:
        return ledgers
    last, of, made = _aside[0]
    if last is not frames or of is not ledgers:
        made = ledgers | {frame.item for frame in frames if frame.item is not None}
        _aside[0] = (frames, ledgers, made)
    return made


class _Every:
    """Every fact: with an override to take where it is first read, none is read as known as it is."""

    def __contains__(self, fact: object) -> bool:
        return True


_EVERY = _Every()
_NO_PRESET: Mapping[str, Value] = MappingProxyType({})
_aside: list[tuple[tuple[Frame, ...], frozenset[str], frozenset[str]]] = [((), frozenset(), frozenset())]


class Reader(Ledgers, Roles):
    """The facts of one evaluation of a step; `changed` holds what it computed or added."""

    __slots__ = (
        "program", "roster", "frames", "_aside", "_base", "step", "seq", "changed", "consulted", "failed", "acted",
        "compute", "assume", "preset", "_busy", "_made", "_recall", "_needed", "_summed",
    )  # fmt: skip

    @classmethod
    def of(
        cls, program: Program, state: State, compute: bool = True, assume: bool = False, preset: Preset = None
    ) -> Reader:
        """What a step reads in `state`: its facts, its roster, its splits and the actions done."""
        where = (state.step, state.seq, state.roster, state.frames, state.acted)
        return cls(program, state.facts, *where, compute=compute, assume=assume, preset=preset)

    def __init__(
        self,
        program: Program,
        facts: tuple[Known, ...],
        step: str,
        seq: int,
        roster: Roster | None = None,
        frames: tuple[Frame, ...] = (),
        acted: int = 0,
        compute: bool = True,
        assume: bool = False,
        preset: Preset = None,
    ) -> None:
        self.program = program
        self.roster = roster
        self.frames = frames
        self._aside = aside(program, frames) if not preset else _EVERY
        self._base = by_name(facts)  # shared, never changed: what this reader works out goes to `changed`
        self.step = step
        self.seq = seq
        self.changed: dict[str, Known] = {}
        self.consulted: dict[str, None] = {}  # in the order read
        self.failed: dict[str, str] = {}  # computed facts that have no answer here, and why
        self.acted = acted  # actions of this visit carried out so far
        self.compute = compute  # False: a computed fact is asked like any other
        self.assume = assume  # True (the table view): a fact with `assume VALUE` is taken, not asked
        self.preset: Mapping[str, Value] = preset or _NO_PRESET  # an override given later, taken where first read
        self._busy: set[str] = set()
        self._made: Evaluator | None = None
        self._recall: Recall | None = None  # the program's, taken when a fact is first worked out
        self._summed: dict[str, tuple[tuple[tuple[str, str], ...], int, int]] = {}  # each ledger's last sum here
        self._needed: tuple[str, str, int, int, Roster | None] | None = None  # read's last Need: (fact, input, ...)

    @property
    def known(self) -> dict[str, Known]:
        """The facts as this reader knows them now, by name (a new dict)."""
        return {**self._base, **self.changed}

    def read(self, fact: str) -> Value | None:
        """The fact's value, computing it if it can; None if it is not known yet."""
        try:
            got = self.got(fact)
        except Need as need:
            got = Lacking(need.fact)
        except CannotCompute:
            return None
        if type(got) is Lacking:  # kept for `ask`, which the step calls next to name what to ask
            self._needed = (fact, got.fact, len(self.changed), self.seq, self.roster)
            return None
        return got  # type: ignore[return-value]

    def value(self, fact: str) -> Value:
        """The fact's value, computing it if it can; Need names the fact to ask first."""
        got = self.got(fact)
        if type(got) is Lacking:
            raise Need(got.fact)
        return got  # type: ignore[return-value]

    def got(self, fact: str) -> Value | Lacking:
        """`value`, but a fact not known (or an input it lacks) is given back as Lacking, not raised as Need."""
        known = self.changed.get(fact) or self._base.get(fact)
        if known is not None and fact not in self._aside:
            self.consulted[fact] = None  # most reads: a fact known as it is (the engine's most frequent call)
            return known.value
        program = self.program
        decl = program.facts.get(fact)
        if decl is not None and (known is None or known.how != "override"):
            if self.preset and fact in self.preset:
                return self._take(decl, self.preset[fact], "override", "")
            if decl.kind == "number" and self.frames:
                frame = None
                for each in self.frames:  # the innermost split counting it
                    frame = each if each.item == fact else frame
                if frame is not None and (known is None or known.value != frame.index + 1):
                    work = f"branch {frame.index + 1} of {len(frame.names)} of the split at {frame.step}"
                    return self._take(decl, frame.index + 1, "computed", work)
        if decl is not None and decl.kind == "ledger":
            total = self.ledger(fact)
            self.consulted[fact] = None
            return total
        if known is not None:
            self.consulted[fact] = None
            return known.value
        if decl is None:
            return Lacking(fact)
        if decl.kind in ("combatant", "weapon") and decl.expr is None:  # `= actor.aiming-at` is worked out
            return self._choose(decl)
        if decl.kind == "roll" and decl.dice_expr is not None and self.dice(decl) is None:
            raise CannotCompute(self.failed[decl.name])  # no dice to roll: whoever reads it is asked
        if decl.expr is not None and self.compute:
            try:
                return self._compute(decl)
            except CannotCompute:
                if not self._assumes(decl):
                    raise
        if self._assumes(decl):
            return self._take(decl, decl.assumed, "assumed", "")
        return Lacking(fact)

    def dice(self, decl: m.Fact) -> str | None:
        """The dice a roll fact rolls: fixed, or worked out (`roll of actor.weapon-damage`)."""
        if decl.dice_expr is None:
            return decl.dice
        try:
            worked = self.evaluator().run_unnoted(decl.dice_expr)  # a roll a fact being worked out reads
            return str(Dice.parse(str(worked.value)))
        except (Need, CannotCompute, DiceError) as why:
            self.failed[decl.name] = f"`{why}` is not known" if isinstance(why, Need) else str(why)
            return None

    def names_for(self, decl: m.Fact) -> tuple[str, ...]:
        """What a combatant fact can name (Roster.targets); a weapon fact: the actor's weapons (the
        readied one first); a choice: those whose `if FACT` is not no."""
        if decl.kind == "choice" and decl.guards:
            barred = {name for name, guard in decl.guards if self.read(guard) == "no"}
            return tuple(c for c in decl.choices if c not in barred)
        if decl.kind == "table" and decl.table == BODY_TABLE:
            return self.body()
        if self.roster is None or decl.kind not in ("combatant", "weapon"):
            return ()
        if decl.kind == "weapon":
            readied = self.roster.get(self.roster.current, "weapon-name")
            weapons = self.roster.actor.weapons
            names = [w.name for w in weapons if not (decl.item and w.unarmed)] or [w.name for w in weapons]
            return tuple(sorted(names, key=lambda n: n != readied))
        return self.roster.targets()

    def unlisted_for(self, decl: m.Fact) -> tuple[str, ...]:
        """Whom a combatant fact takes when named, though its menu does not list them (Roster.unlisted)."""
        return self.roster.unlisted() if self.roster is not None and decl.kind == "combatant" else ()

    def body(self) -> tuple[str, ...]:
        """What a hit location fact can name against the target: their body's (Roster.locations)."""
        try:
            return self.roster.locations(self.combatant("target")) if self.roster is not None else ()
        except NoRoster:
            return ()

    def _choose(self, decl: m.Fact) -> Value:
        """Without a roster there is nobody to choose (the value is empty); one choice is taken, and so
        is the only foe standing when the roster gives sides (`o target` names another)."""
        names = self.names_for(decl)
        if self.roster is None or not names:
            return self._take(decl, "", "computed", "nobody to choose")
        foe = self.roster.only_foe() if decl.kind == "combatant" else None
        allies = bool(self.unlisted_for(decl))  # the menu lists the foes only: say so when one is taken
        if foe is not None and allies:
            return self._take(decl, foe, "computed", f"the only foe standing is {foe}")
        if len(names) == 1:
            only = "weapon" if decl.kind == "weapon" else "foe" if allies else "other combatant"
            return self._take(decl, names[0], "computed", f"the only {only} is {names[0]}")
        if decl.kind == "weapon" and self._assumes(decl):  # `assume readied`: a switch is a Ready (B366)
            return self._take(decl, names[0], "assumed", f"the readied weapon is {names[0]}")
        if foe is not None:
            return self._take(decl, foe, "computed", f"the only foe standing is {foe}")
        raise Need(decl.name)

    def _assumes(self, decl: m.Fact) -> bool:
        """The table view takes `assume VALUE`, unless the fact named after `unless` holds (then it asks)."""
        return self.assume and decl.assumed is not None and not self.unless(decl.assumed_unless)

    def unless(self, fact: str | None) -> bool:
        """`assume ... unless FACT`: True when FACT holds (ask after all); Need to ask FACT first."""
        if fact is None:
            return False
        holds = self.read(fact)
        if holds is None:
            raise Need(fact)
        return holds == "yes"

    def _take(self, decl: m.Fact, value: Value | None, how: How, work: str) -> Value:
        assert value is not None
        self.seq += 1
        known = Known(decl.name, value, decl.scope, how, self.step, self.seq, work)
        self.changed[decl.name] = known
        self.consulted[decl.name] = None
        return value

    def ask(self, fact: str) -> tuple[str, str]:
        """The fact to ask so that `fact` can be known: an input it lacks, or itself (and why)."""
        for _ in range(len(self.program.facts) + 1):
            needed = self._needed  # `read(fact)` just named the input: with nothing learnt since, it names it again
            if needed is not None and needed[0] == fact and needed[2:] == (len(self.changed), self.seq, self.roster):
                lacking = needed[1]
            else:
                try:
                    got = self.got(fact)
                except Need as need:
                    got = Lacking(need.fact)
                except CannotCompute:
                    return fact, self.failed.get(fact, "")
                if type(got) is not Lacking:
                    return fact, ""  # known after all (nothing to ask)
                lacking = got.fact
            if lacking == fact:
                return fact, self.failed.get(fact, "")
            fact = lacking
        return fact, ""  # pragma: no cover - the checker refuses cycles

    def next_turn(self) -> None:
        if self.roster is not None:
            self.roster = self.roster.next_turn()

    def evaluator(self) -> Evaluator:
        """One evaluator for every expression this reader works out (each run keeps its own facts)."""
        if self._made is None:
            self._made = self._evaluator_made()
        return self._made

    def _evaluator_made(self) -> Evaluator:
        def read(fact: str) -> Value | None:  # the evaluator's own `read` notes its reads; this one, a condition's
            made = self._made
            reads = made.reads if made is not None else None
            if reads is not None:
                reads.append(("read", fact))
            value = self.read(fact)
            if reads is not None:
                reads.append(value)
            if value is not None and made is not None:  # a fact a condition read is one the result depends on
                made.facts.append(fact)
            return value

        def holds(cond: m.Condition) -> bool:
            result = decide(cond, read)
            if isinstance(result, str):
                raise Undecided(self.ask(result)[0], result)
            return result

        return Evaluator(self.program, self._input, holds, self.attribute)

    def _read_again(self, read: Read) -> Value | Lacking | None:
        """A read an evaluation made, made again with the same call (Recall); an input not known is Lacking."""
        kind = read[0]
        if kind == "input":  # `_input`, in this frame: a recalled fact's reads are mostly its inputs
            try:
                return self.got(read[1])
            except CannotCompute as exc:
                raise self._refused(read[1], exc) from None
        if kind == "read":
            return self.read(read[1])
        return self.attribute(read[1], read[2], read[3])  # type: ignore[misc]  # ("attr", role, name, key)

    def release(self) -> None:
        """Let go of the evaluator, which refers back to this reader: without the cycle, the reader is
        freed when the last state that holds it is (the collector need not find it)."""
        self._made = None

    def _input(self, fact: str) -> Value:
        """A fact an expression reads: one that cannot be worked out here is asked instead
        (but a roll with no dice to roll makes the fact that reads it asked)."""
        try:
            return self.value(fact)
        except CannotCompute as exc:
            raise self._refused(fact, exc) from None

    def _refused(self, fact: str, exc: CannotCompute) -> Exception:
        """What an input that cannot be worked out raises: Need (ask it), or `exc` for a roll without dice."""
        decl = self.program.facts.get(fact)
        return exc if decl is not None and decl.dice_expr is not None and fact in self.failed else Need(fact)

    def _compute(self, decl: m.Fact) -> Value | Lacking:
        name, busy = decl.name, self._busy
        if name in busy:
            raise CannotCompute(f"`{name}` depends on itself")
        busy.add(name)
        try:
            if decl.table == BODY_TABLE:  # whether it fits reads the target's body: not a read Recall keeps
                value, work, deps = self._worked_out(decl, self.evaluator().run_unnoted)
            else:  # what it came to the last time what it reads read the same (Recall), else its work
                done = self._recalled(name, decl)
                if type(done) is Lacking:
                    return done
                value, work, deps = done  # type: ignore[misc]
        except CannotCompute as why:
            self.failed[name] = str(why)
            raise
        finally:
            busy.discard(name)
        self.seq = seq = self.seq + 1
        self.changed[name] = Known(name, value, decl.scope, "computed", self.step, seq, work, deps)  # no keywords
        self.consulted[name] = None
        return value

    def recorded_value(self, expr: m.Expr) -> Value | Lacking:
        """What a `record`'s expression (or key) comes to, recalled as a computed fact's work is."""
        done = self._recalled(id(expr), expr)  # the program keeps its expressions: their ids stay theirs
        return done if type(done) is Lacking else done[0]  # type: ignore[index]

    def _recalled(self, key: str | int, of: m.Fact | m.Expr) -> Done | Lacking:
        """What a fact (or a record's expression) came to the last time its reads read the same (Recall), else
        its work, its reads noted and kept under `key` with what it came to."""
        recall = self._recall = self._recall or recall_for(self.program)
        done = recall.recalled(key, self._read_again)
        if type(done) is tuple or type(done) is Lacking:
            return done
        if type(done) is Asks:  # a condition it reads lacks a fact, as the evaluator would find
            return Lacking(self.ask(done.fact)[0])
        evaluator = self.evaluator()
        reads, evaluator.reads = evaluator.reads, []
        try:
            if isinstance(of, m.Fact):
                return recall.kept(key, evaluator.reads, lambda: self._worked_out(of, evaluator.run))
            return recall.kept(key, evaluator.reads, lambda: (as_value(evaluator.value_of(of))[0], "", ()))
        finally:
            evaluator.reads = reads

    def _worked_out(self, decl: m.Fact, run: Callable[[m.Expr], Worked]) -> Done:
        """The fact's value, its work and the facts it read, by the evaluator's `run` (its reads noted for
        Recall) or `run_unnoted` (a hit location, which Recall does not keep)."""
        assert decl.expr is not None
        worked = run(decl.expr)
        value, rounded = as_value(worked.value)
        if not fits(decl, value, self.program.tables) and not (decl.table == BODY_TABLE and value in self.body()):
            raise CannotCompute(f"worked out `{show(worked.value)}`, which is not a value of `{decl.name}`")
        return value, f"{worked.work} = {value}" + (" (rounded down)" if rounded else ""), worked.facts
