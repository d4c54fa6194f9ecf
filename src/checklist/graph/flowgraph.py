"""The flow graph: steps as nodes, jumps as typed edges.

Checks run on plain adjacency lists (fast to build, no import cost); `to_networkx`
gives the same graph as a networkx MultiDiGraph for the public API and the renderer.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Protocol

from checklist import model as m
from checklist.graph.memory import gc_paused
from checklist.model.jumps import EdgeKind, exits

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

if TYPE_CHECKING:
    import networkx as nx


class Source(Protocol):
    """What the graph is built from (a Program)."""

    @property
    def steps(self) -> dict[str, m.Step]: ...
    @property
    def tables(self) -> dict[str, m.Table]: ...
    @property
    def start(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Edge:
    source: str
    target: str | None  # None: the jump names no step that exists
    kind: EdgeKind
    label: str
    written: str  # the target as the author wrote it
    span: m.Span
    erratum: bool = False
    jump: int = 0  # the position of the statement it comes from, in its step's jumps


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
    def build(cls, program: Source) -> FlowGraph:
        """Each step's exits (model/jumps.py) as edges; endings mark the steps that can end."""
        with gc_paused():
            steps, tables = program.steps, program.tables
            out: dict[str, list[Edge]] = {key: [] for key in steps}
            into: dict[str, list[Edge]] = {key: [] for key in steps}
            dangling: list[Edge] = []
            ends: set[str] = set()
            returns: set[str] = set()
            for key, step in steps.items():
                erratum = bool(step.errata)
                for way in exits(step, tables):
                    if way.ending is not None:
                        (ends if way.ending == "end" else returns).add(key)
                        continue
                    found = way.key if way.key in steps else None
                    edge = Edge(key, found, way.kind, way.label, way.written, way.span, erratum, way.index)
                    if found is None:
                        dangling.append(edge)
                    else:
                        out[key].append(edge)
                        into[found].append(edge)
            return cls(steps, out, into, dangling, ends, returns, program.start)

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
                key,
                step=step,
                checklist=step.checklist,
                number=step.number,
                title=step.title,
                section=step.section,
                end=key in self.ends,
                start=key == self.start,
            )
        for edges in self.out.values():
            for e in edges:
                if e.target is not None:  # dangling jumps live in self.dangling, not in out
                    graph.add_edge(e.source, e.target, kind=e.kind, condition=e.label, erratum=e.erratum, span=e.span)
        return graph
