"""A Program: every module of a flow folder, joined and indexed by step key."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from checklist import model as m
from checklist.graph.flowgraph import FlowGraph
from checklist.model.diagnostics import Diagnostic
from checklist.model.jumps import resolve

if TYPE_CHECKING:  # networkx is imported lazily: `checklist check` must start fast
    import networkx as nx


@dataclass
class Program:
    modules: tuple[m.Module, ...]
    checklists: dict[str, m.Checklist]
    steps: dict[str, m.Step]
    facts: dict[str, m.Fact]
    tables: dict[str, m.Table]
    starts: tuple[m.StartDecl, ...]
    expects: tuple[m.Expect, ...]
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    decks: dict[str, m.Deck] = field(default_factory=dict)

    @property
    def start(self) -> str | None:
        """The key of the single start step, if the program declares exactly one."""
        if len(self.starts) != 1:
            return None
        decl = self.starts[0]
        return self.resolve(decl.target, decl.checklist)

    @property
    def first_step(self) -> str | None:
        """Where a run starts without `start`: the first step of the first checklist that has one."""
        return next((c.steps[0].key for c in self.checklists.values() if c.steps), None)

    def resolve(self, target: m.Target, checklist: str | None) -> str | None:
        """The step key a target names, or None for end/return or a missing checklist."""
        return resolve(target, checklist)

    def default_fact(self, fact: m.Fact) -> str | None:
        """The fact a `default NAME` names (`default npc-maneuver`: an NPC's tactic), or None."""
        return fact.default if isinstance(fact.default, str) and fact.default in self.facts else None

    def default_value(self, fact: m.Fact) -> str | int | None:
        """A `default VALUE` that is a value (`default no`), not a fact; None if there is none."""
        return None if self.default_fact(fact) is not None else fact.default

    def habitual(self, fact: m.Fact) -> bool:
        """Whether the actor's last answer is their next default: a target (while they stand), a number
        with a `default` (the range to the foe), and a choice of their turn whose `default` names a fact
        (the maneuver: an NPC's tactic proposes it, a player's last one stays, as on a Foundry token). Not a
        choice or a yes/no with a value for default: its question names what Enter takes (`(torso if none)`)."""
        if fact.kind in ("choice", "table"):
            return fact.scope == "turn" and self.default_fact(fact) is not None
        return fact.kind == "combatant" or (fact.kind == "number" and self.default_value(fact) is not None)

    @cached_property
    def ledgers(self) -> frozenset[str]:
        """The ledger facts (a ledger's value is the sum of its lines, worked out when read)."""
        return frozenset(name for name, fact in self.facts.items() if fact.kind == "ledger")

    @cached_property
    def numbers(self) -> frozenset[str]:
        """The number facts (one may be the branch number of a split running)."""
        return frozenset(name for name, fact in self.facts.items() if fact.kind == "number")

    @cached_property
    def rolled_against(self) -> dict[str, tuple[tuple[str, m.Call], ...]]:
        """Each roll fact's `success(TABLE, ROLL, SKILL)` calls, with the fact each is in, in the
        facts' order: worked out once, as the screen and the defaults ask it at every answer."""
        out: dict[str, list[tuple[str, m.Call]]] = {}
        for fact in self.facts.values():
            for call in m.success_calls(fact.expr):
                roll = call.args[1]
                if isinstance(roll, m.Name):
                    out.setdefault(roll.name, []).append((fact.name, call))
        return {roll: tuple(calls) for roll, calls in out.items()}

    @cached_property
    def picks_score(self) -> dict[str, tuple[str, str]]:
        """The choices that pick the ledger a roll is made against, each with that roll and its
        skill: `defense-score = if defense = dodge then dodge-score else if defense = block then
        block-score else parry-score`, which defense-dice is rolled against, makes `defense` one
        (`{"defense": ("defense-dice", "defense-score")}`): its menu can show each option's score. So do the
        choices of the roll's scope that a line of the skill's ledger reads (`aimed-location`, `_line_choices`)."""
        out: dict[str, tuple[str, str]] = {}
        for roll, calls in self.rolled_against.items():
            for _, call in calls:
                skill = call.args[2]
                decl = self.facts.get(skill.name) if isinstance(skill, m.Name) else None
                choice = self._picker(decl.expr) if decl is not None and decl.expr is not None else None
                if choice is not None and isinstance(skill, m.Name):
                    out.setdefault(choice, (roll, skill.name))
                if decl is not None:
                    for line_choice in self._line_choices(decl, self.facts[roll].scope):
                        out.setdefault(line_choice, (roll, decl.name))
        return out

    def _line_choices(self, skill: m.Fact, scope: m.Scope) -> list[str]:
        """The choices of the roll's own scope that a line of the skill's ledger reads (`add location-penalty
        to effective-skill`, and location-penalty reads `aimed-location`): each option comes to its own score. Only
        those with a `default`: Enter keeps taking it, where a choice without one would take the best score, and a
        question of fact (`retreat-style`: which skill parries) is not a choice of the best number."""
        ledgers = {skill.name} if skill.kind == "ledger" else set()
        ledgers |= {n.name for n in m.expr_names(skill.expr) if self._is_ledger(n)} if skill.expr else set()
        lines = [
            a.fact for step in self.steps.values() for a in step.actions if isinstance(a, m.Add) and a.ledger in ledgers
        ]
        read = [n.name for f in dict.fromkeys(lines) if (e := self.facts[f].expr) is not None for n in m.expr_names(e)]
        asked = (self.facts.get(name) for name in dict.fromkeys(read))
        return [
            c.name
            for c in asked
            if c is not None and c.kind in ("choice", "table") and c.expr is None and c.scope == scope and c.default
        ]

    def _picker(self, expr: m.Expr) -> str | None:
        """The choice fact an if-chain of ledgers tests, `if F = v then LEDGER else ... else LEDGER`,
        when every test is of that one fact; None for any other expression."""
        tested: set[str] = set()
        while isinstance(expr, m.IfElse):
            cond = expr.condition
            if not isinstance(cond, m.Equals) or cond.negated or not self._is_ledger(expr.then):
                return None
            tested.add(cond.fact)
            expr = expr.other
        if len(tested) != 1 or not self._is_ledger(expr):
            return None
        choice = self.facts.get(next(iter(tested)))
        return choice.name if choice is not None and choice.kind == "choice" else None

    def _is_ledger(self, expr: m.Expr) -> bool:
        decl = self.facts.get(expr.name) if isinstance(expr, m.Name) else None
        return decl is not None and decl.kind == "ledger"

    @cached_property
    def added_to(self) -> dict[str, tuple[tuple[int, str], ...]]:
        """Each roll a sum adds to (`basic-damage = damage-roll + strong-damage + effort-damage`):
        the sum's other facts with their signs, for the screen before the roll."""
        out: dict[str, tuple[tuple[int, str], ...]] = {}
        for fact in self.facts.values():
            if not isinstance(fact.expr, m.BinOp) or fact.expr.op != "+":
                continue
            terms = m.sum_terms(fact.expr)
            names = [(sign, t.name) for sign, t in terms if isinstance(t, m.Name)]
            for sign, name in names:
                if sign > 0 and name in self.facts and self.facts[name].kind == "roll" and name not in out:
                    out[name] = tuple(n for n in names if n[1] != name)  # a margin (`skill - roll`) is not one
        return out

    @cached_property
    def turn_loop(self) -> frozenset[str]:
        """The checklists that pass the turn on (`next turn`): while the run is in one, it is
        someone's turn; before (pre-combat) and after (post-combat) it is no one's."""
        return frozenset(s.checklist for s in self.steps.values() if any(isinstance(a, m.NextTurn) for a in s.actions))

    @cached_property
    def flow(self) -> FlowGraph:
        return FlowGraph.build(self)

    @cached_property
    def graph(self) -> nx.MultiDiGraph[str]:
        """The flow as a networkx MultiDiGraph; node keys like `combat.54`."""
        return self.flow.to_networkx()
