"""The flow graph: steps as nodes, jumps as typed edges.

Checks run on plain adjacency lists (fast to build, no import cost); `to_networkx`
gives the same graph as a networkx MultiDiGraph for the public API and the renderer.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from checklist import model as m
from checklist.program import gc_paused

if TYPE_CHECKING:
    import networkx as nx

    from checklist.program import Program

EdgeKind = Literal["goto", "branch", "split", "return", "dispatch"]


@dataclass(frozen=True, slots=True)
class Edge:
    source: str
    target: str | None  # None: the jump names no step that exists
    kind: EdgeKind
    label: str
    written: str  # the target as the author wrote it
    span: m.Span
    erratum: bool = False


@dataclass
class FlowGraph:
    steps: dict[str, m.Step]
    out: dict[str, list[Edge]]
    into: dict[str, list[Edge]]
    dangling: list[Edge]
    ends: set[str]  # steps that can end the flow
    returns: set[str]  # steps that can end a split branch
    start: str | None

    @classmethod
    def build(cls, program: Program) -> FlowGraph:
        with gc_paused():
            return cls._build(program)

    @classmethod
    def _build(cls, program: Program) -> FlowGraph:
        """`_edges` and `_mark_exits` for every step, inlined for the common jumps (a flow of
        100k steps has a quarter of a million edges); same edges, in the same order."""
        steps = program.steps
        out: dict[str, list[Edge]] = {key: [] for key in steps}
        into: dict[str, list[Edge]] = {key: [] for key in steps}
        dangling: list[Edge] = []
        ends: set[str] = set()
        returns: set[str] = set()
        Go, Branch, Otherwise, Choose = m.Go, m.Branch, m.Otherwise, m.Choose
        describe = m.describe
        # Each edge's target key and written target as one shared string per step, not one
        # per edge (a flow of 100k steps has a quarter of a million edges).
        canonical = {key: key for key in steps}
        written_as: dict[object, str] = {}  # str(target) by number, or by (checklist, number)

        def add(key: str, source: str, checklist: str, target: m.Target, kind: EdgeKind, label: str,
                erratum: bool) -> None:  # fmt: skip
            special = target.special
            if special is not None:  # `_edge` makes no edge for end or return; `_mark_exits` notes it
                if special == "end":
                    ends.add(key)
                elif special == "return":
                    returns.add(key)
                return
            number = target.number  # Program.resolve, inlined
            owner = target.checklist or checklist
            found = None if number is None or owner is None else canonical.get(f"{owner}.{number}")
            written_key = number if target.checklist is None else (target.checklist, number)
            written = written_as.get(written_key)
            if written is None:  # str(target) depends on checklist and number alone (special is None)
                written = written_as[written_key] = str(target)
            if found is None:
                dangling.append(Edge(source, None, kind, label, written, target.span, erratum))
                return
            edge = Edge(source, found, kind, label, written, target.span, erratum)
            out[key].append(edge)
            into[found].append(edge)

        for key, step in steps.items():
            erratum = bool(step.errata)
            source, checklist = step.key, step.checklist
            if source == key:
                source = key  # the dict's own string, shared
            for jump in step.jumps:
                if isinstance(jump, Otherwise):
                    add(key, source, checklist, jump.target, "branch", "otherwise", erratum)
                elif isinstance(jump, Branch):
                    add(key, source, checklist, jump.target, "branch", describe(jump.condition), erratum)
                elif isinstance(jump, Go):
                    add(key, source, checklist, jump.target, "goto", "", erratum)
                elif isinstance(jump, Choose):
                    for when in jump.whens:
                        label = f"{jump.fact} = {when.value}"
                        add(key, source, checklist, when.target, "branch", label, erratum)
                else:  # split, dispatch, end, return: as `_raw_edges` and `_mark_exits` have them
                    for edge in _raw_edges(program, step, (jump,)):
                        if edge is None:
                            continue
                        if edge.target is None:
                            dangling.append(edge)
                        else:
                            out[key].append(edge)
                            into[edge.target].append(edge)
                    graph_exits(key, jump, ends, returns)
        return cls(steps, out, into, dangling, ends, returns, program.start)

    def _mark_exits(self, key: str, jump: m.Jump) -> None:
        graph_exits(key, jump, self.ends, self.returns)

    def successors(self, key: str) -> Iterator[str]:
        return (edge.target for edge in self.out[key] if edge.target is not None)

    def reachable(self, sources: Iterable[str], avoid: frozenset[str] = frozenset()) -> set[str]:
        """Every step reachable from `sources` without passing through `avoid`."""
        seen = {s for s in sources if s in self.out}
        queue = deque(seen)
        while queue:
            for edge in self.out[queue.popleft()]:
                nxt = edge.target
                if nxt is not None and nxt not in seen and nxt not in avoid:
                    seen.add(nxt)
                    queue.append(nxt)
        return seen

    def coreachable(self, targets: Iterable[str]) -> set[str]:
        """Every step from which one of `targets` can be reached."""
        seen = {t for t in targets if t in self.into}
        queue = deque(seen)
        while queue:
            for edge in self.into[queue.popleft()]:
                if edge.source not in seen:
                    seen.add(edge.source)
                    queue.append(edge.source)
        return seen

    def shortest_path(self, source: str, target: str, avoid: frozenset[str] = frozenset()) -> list[str] | None:
        parent: dict[str, str | None] = {source: None}
        queue = deque([source])
        while queue:
            node = queue.popleft()
            if node == target:
                path = [node]
                while (prev := parent[path[-1]]) is not None:
                    path.append(prev)
                return path[::-1]
            for edge in self.out[node]:  # successors(node), without a generator per node
                nxt = edge.target
                if nxt is not None and nxt not in parent and (nxt not in avoid or nxt == target):
                    parent[nxt] = node
                    queue.append(nxt)
        return None

    def strongly_connected(self) -> list[list[str]]:
        """Tarjan's algorithm, iterative (flows of 100k steps overflow recursion)."""
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        on_stack: set[str] = set()
        stack: list[str] = []
        components: list[list[str]] = []
        counter = 0
        for root in self.out:
            if root in index:
                continue
            work: list[tuple[str, Iterator[str]]] = [(root, self.successors(root))]
            index[root] = low[root] = counter
            counter += 1
            stack.append(root)
            on_stack.add(root)
            while work:
                node, children = work[-1]
                advanced = False
                for child in children:
                    if child not in index:
                        index[child] = low[child] = counter
                        counter += 1
                        stack.append(child)
                        on_stack.add(child)
                        work.append((child, self.successors(child)))
                        advanced = True
                        break
                    if child in on_stack:
                        low[node] = min(low[node], index[child])
                if advanced:
                    continue
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component: list[str] = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    components.append(component)
        return components

    def to_networkx(self) -> nx.MultiDiGraph[str]:
        import networkx as nx

        graph: nx.MultiDiGraph[str] = nx.MultiDiGraph()
        for key, step in self.steps.items():
            graph.add_node(
                key, step=step, checklist=step.checklist, number=step.number, title=step.title,
                section=step.section, end=key in self.ends, start=key == self.start,
            )  # fmt: skip
        for edges in self.out.values():
            for e in edges:
                if e.target is not None:  # dangling jumps live in self.dangling, not in out
                    graph.add_edge(e.source, e.target, kind=e.kind, condition=e.label, erratum=e.erratum, span=e.span)
        return graph




def graph_exits(key: str, jump: m.Jump, ends: set[str], returns: set[str]) -> None:
    """Note in `ends` / `returns` that step `key` can end the flow / a split branch."""
    target = getattr(jump, "target", None)
    if isinstance(jump, m.End) or (isinstance(target, m.Target) and target.special == "end"):
        ends.add(key)
    if isinstance(jump, m.Return) or (isinstance(target, m.Target) and target.special == "return"):
        returns.add(key)
    if isinstance(jump, m.Choose):
        for when in jump.whens:
            graph_exits(key, m.Go(when.target, when.span), ends, returns)


def _edges(program: Program, step: m.Step) -> Iterator[Edge]:
    return (e for e in _raw_edges(program, step) if e is not None)


def _raw_edges(program: Program, step: m.Step, jumps: Iterable[m.Jump] | None = None) -> Iterator[Edge | None]:
    erratum = bool(step.errata)
    for jump in step.jumps if jumps is None else jumps:
        if isinstance(jump, m.Go):
            yield _edge(program, step, jump.target, "goto", "", erratum)
        elif isinstance(jump, m.Branch):
            yield _edge(program, step, jump.target, "branch", m.describe(jump.condition), erratum)
        elif isinstance(jump, m.Otherwise):
            yield _edge(program, step, jump.target, "branch", "otherwise", erratum)
        elif isinstance(jump, m.Choose):
            for when in jump.whens:
                yield _edge(program, step, when.target, "branch", f"{jump.fact} = {when.value}", erratum)
        elif isinstance(jump, m.Split):
            each = f"for each {jump.item}" if jump.item else "once"
            yield _edge(program, step, jump.target, "split", each, erratum)
            if jump.until is not None and not jump.returns:
                yield _edge(program, step, jump.until, "return", "after split", erratum)
        elif isinstance(jump, m.Dispatch):
            yield from _dispatch_edges(program, step, jump, erratum)


def _edge(
    program: Program, step: m.Step, target: m.Target, kind: EdgeKind, label: str, erratum: bool
) -> Edge | None:
    if target.special is not None:
        return None
    key = program.resolve(target, step.checklist)
    known = key if key in program.steps else None
    return Edge(step.key, known, kind, label, str(target), target.span, erratum)


def _dispatch_edges(
    program: Program, step: m.Step, jump: m.Dispatch, erratum: bool
) -> Iterator[Edge | None]:
    table = program.tables.get(jump.table)
    column = table.column(jump.column) if table else None
    if table is None or column is None:
        return
    for row in table.rows:
        cell = row.cells[column] if column < len(row.cells) else ""
        key = f"{step.checklist}.{cell}" if cell.isdigit() else None
        known = key if key in program.steps else None
        yield Edge(step.key, known, "dispatch", row.cells[0], cell, row.span, erratum)
