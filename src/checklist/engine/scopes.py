"""When remembered facts are forgotten: derived from the flow, not written in Python.

Scopes nest: combat > turn > attack > defender.  The *head* of a scope, in each checklist,
is the first step in printed order that asks a fact of that scope.  In the combat
checklist the turn's head is combat.1, the attack's head is combat.28 (the first attack
question, right after 27 "First unresolved attack") and the defender's head is combat.60
(the first step of each defender's branch).

Arriving at a head of scope S starts a new S: every fact of scope S or narrower is
forgotten.  docs/run.md gives the other two rules (loops, split branches).
"""

from __future__ import annotations

from collections.abc import Iterator

from checklist import model as m
from checklist.engine.state import Frame, Known, State, branch_label, drop_stale, learnt_at
from checklist.engine.trace import Visit
from checklist.graph.program import Program
from checklist.model.jumps import reads

RANK: dict[m.Scope, int] = {"combat": 0, "turn": 1, "attack": 2, "defender": 3}
NESTED: tuple[m.Scope, ...] = ("turn", "attack", "defender")


def asked_facts(step: m.Step) -> Iterator[str]:
    """The facts a step's actions and jumps read (`options` are shown, not asked)."""
    for action in step.actions:
        if isinstance(action, (m.Add, m.Find)):
            yield action.fact
    for jump in step.jumps:
        yield from reads(jump)


class Scopes:
    """The heads of each nested scope (step keys)."""

    __slots__ = ("heads", "_widest")

    def __init__(self, heads: dict[m.Scope, frozenset[str]]) -> None:
        self.heads = heads
        self._widest: dict[str, m.Scope] = {}  # each head's widest scope: looked up at every arrival
        for scope in reversed(NESTED):
            self._widest |= dict.fromkeys(heads.get(scope, ()), scope)

    def __repr__(self) -> str:
        return f"Scopes({self.heads!r})"

    @classmethod
    def derive(cls, program: Program) -> Scopes:
        heads: dict[m.Scope, set[str]] = {scope: set() for scope in NESTED}
        for checklist in program.checklists.values():
            for scope in NESTED:
                for step in sorted(checklist.steps, key=lambda s: s.number):
                    facts = (program.facts.get(name) for name in asked_facts(step))
                    if any(f is not None and f.scope == scope for f in facts):
                        heads[scope].add(step.key)
                        break
        return cls({scope: frozenset(keys) for scope, keys in heads.items()})

    def starts_at(self, key: str) -> m.Scope | None:
        """The widest scope that arriving at `key` starts anew, if any."""
        return self._widest.get(key)

    def before(self, start: str) -> frozenset[m.Scope]:
        """Scopes whose heads come after `start` in printed order (or in another checklist).

        A run that starts there has not entered those scopes yet, so facts set on the command
        line belong to the scope it is about to enter: its first head keeps them.
        """
        checklist, _, number = start.rpartition(".")
        out: set[m.Scope] = set()
        for scope in NESTED:
            for head in self.heads[scope]:
                head_checklist, _, head_number = head.rpartition(".")
                if head_checklist != checklist or int(head_number) > int(number):
                    out.add(scope)
        return frozenset(out)

    def describe(self) -> list[str]:
        return [f"{scope}: {', '.join(sorted(self.heads[scope])) or '-'}" for scope in NESTED]


def forget(
    scopes: Scopes, facts: tuple[Known, ...], spare: frozenset[m.Scope], key: str
) -> tuple[tuple[Known, ...], frozenset[m.Scope]]:
    """What is still known on arrival at `key`: the module docstring's rule, and docs/run.md's two others."""
    scope = scopes._widest.get(key)  # `starts_at`, in this module: at every arrival
    looped = key in learnt_at(facts)
    if scope is None and not looped:  # most arrivals: nothing to forget
        return facts, spare
    head, keep_set = (RANK[scope], scope in spare) if scope is not None else (len(RANK), False)
    asked = [a for a in facts if a.step == key and a.how != "set" and a.scope != "combat"] if looped else None
    if not asked:  # the head rule alone
        kept = [k for k in facts if RANK[k.scope] < head or keep_set and k.how in _GIVEN_AHEAD]
    else:  # and the loop rule: for each rank, the seq of the first fact asked here of that rank or a wider one
        after = [_NO_SEQ] * len(RANK)
        for known in asked:
            for rank in range(RANK[known.scope], len(RANK)):
                after[rank] = min(after[rank], known.seq)
        again = {id(known) for known in asked}
        kept = [
            k
            for k in facts
            if ((rank := RANK[k.scope]) < head or keep_set and k.how in _GIVEN_AHEAD)
            and (k.seq <= after[rank] or k.how == "override" and k.scope in spare)  # given ahead of this instance
            and id(k) not in again
        ]
    if scope is not None:
        spare = spare - {scope}
    if len(kept) < len(facts):
        facts = drop_stale(tuple(kept))
    return facts, spare


_NO_SEQ = 1 << 62  # after every fact's
# given before their scope began (on the command line, `o FACT`): a spare head keeps them
_GIVEN_AHEAD = ("set", "override")


def spared(scopes: Scopes, state: State, scope: m.Scope) -> frozenset[m.Scope]:
    """The state's spared scopes, and `scope` when a fact of it is given before its scope begins (`o FACT`, `ahead`):
    its first head keeps the answer, as it keeps facts set on the command line (forget)."""
    if scope != "combat" and ahead(scopes, state.trace, scope, state.frames):
        return state.spare | {scope}
    return state.spare


def ahead(scopes: Scopes, visits: tuple[Visit, ...], scope: m.Scope, frames: tuple[Frame, ...]) -> bool:
    """Whether a fact of `scope` given now, inside `frames`, is given before its scope begins: the last head passed
    of its scope or a wider one, in this branch or around it (a finished branch's are its own), is a wider one's (a
    turn's, for an attack's fact); with none passed, whether the run started before its scope's head."""
    branch = branch_label(frames)
    for visit in reversed(visits):
        if visit.resumed or not branch.startswith(visit.branch):
            continue
        head = scopes.starts_at(visit.step)
        if head is not None and RANK[head] <= RANK[scope]:
            return head != scope
    return not visits or scope in scopes.before(visits[0].step)


def instance_starts(scopes: Scopes, visits: tuple[Visit, ...], scope: m.Scope) -> tuple[int, int]:
    """Where, in `visits` (the first arrived before them), a fact of `scope` last began anew, and how many
    times it did: the index of the last arrival at a head of its scope or a wider one (the head rule; 0 if
    none), and their count. What the visits before it read of the fact was another turn's, attack's ..."""
    start = count = 0
    for index, visit in enumerate(visits[1:], 1):
        head = scopes.starts_at(visit.step)
        if head is not None and not visit.resumed and RANK[head] <= RANK[scope]:
            start, count = index, count + 1
    return start, count


def override_from(scopes: Scopes, visits: tuple[Visit, ...], scope: m.Scope, fact: str) -> tuple[bool, int]:
    """Whether `visits` (since the last answer, the override's screen last) read `fact`, and how many heads of
    its scope a re-run passes before it takes the new value: those before this instance, when it read this
    one; none when only an earlier instance was read (the override corrects that one)."""
    start, heads = instance_starts(scopes, visits, scope)
    read = [any(name == fact for name, _, _ in visit.used) for visit in visits[:-1]]
    return any(read), heads if start and any(read[start:]) else 0
