"""The drawing as data: nodes, edges and clusters, before any output syntax.

`build.scene` turns a program into a Scene; `dot.to_dot` and `mermaid.to_mermaid`
write it out. Every list here is in a stable order, so the output is deterministic.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

NodeKind = Literal[
    "action",  # a step that does something and goes on
    "decision",  # a step with conditions or a `choose`
    "split",  # a step that runs branches (for each defender, once)
    "dispatch",  # a step that looks its next step up in a table
    "return",  # terminal: a split branch returns here
    "start",  # terminal: the program starts
    "end",  # terminal: the flow ends
    "port",  # a step in another checklist, outside the drawing
    "ghost",  # a step of the same checklist, outside the drawing
    "stub",  # a jump to a step that does not exist
    "note",  # a box of text (the findings summary)
]

NodeMark = Literal[
    "join",  # split branches rejoin here (`until` target)
    "erratum",  # the step's jumps were corrected from the printed text
    "unreachable",  # --findings: no path from the start
    "trap",  # --findings: a loop with no way out
    "no-exit",  # --findings: no path to an end
    "finding",  # --findings: the checker reported something on this step
    "visited",  # --trace: the session passed here
    "current",  # --trace: the session stands here
    "focus",  # --around: the step the drawing is centred on
]

EdgeKind = Literal["goto", "branch", "split", "return", "dispatch", "end", "trace"]

EdgeMark = Literal["erratum", "trap", "taken", "dangling", "outside"]


@dataclass(frozen=True, slots=True)
class Node:
    id: str
    kind: NodeKind
    number: str  # "54", or "" for terminals
    title: str
    refs: str = ""  # "B407, B556"
    tooltip: str = ""
    cluster: str | None = None  # Cluster.id
    marks: frozenset[str] = field(default_factory=frozenset)
    findings: tuple[str, ...] = ()  # "E201 message", the checker's lines about this step


@dataclass(frozen=True, slots=True)
class Edge:
    source: str
    target: str
    kind: EdgeKind
    label: str  # short, already shortened for the picture
    tooltip: str = ""
    marks: frozenset[str] = field(default_factory=frozenset)
    order: tuple[int, ...] = ()  # --trace: positions of this edge in the session's path
    constraint: bool = True  # False: do not let this edge pull ranks (long jumps)


@dataclass(frozen=True, slots=True)
class Cluster:
    id: str
    title: str
    parent: str | None = None


@dataclass
class Scene:
    title: str
    nodes: list[Node] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    clusters: list[Cluster] = field(default_factory=list)
    legend: str = ""
    row: list[str] = field(default_factory=list)  # node ids kept on one rank, left to right, in order

    def node(self, node_id: str) -> Node | None:
        for node in self.nodes:
            if node.id == node_id:
                return node
        return None

    @property
    def size(self) -> tuple[int, int]:
        return len(self.nodes), len(self.edges)

    def nesting(self) -> tuple[dict[str | None, list[Cluster]], dict[str | None, list[Node]]]:
        """Clusters by parent and nodes by cluster (None: the top level), in scene order."""
        children: dict[str | None, list[Cluster]] = {}
        for cluster in self.clusters:
            children.setdefault(cluster.parent, []).append(cluster)
        members: dict[str | None, list[Node]] = {}
        for node in self.nodes:
            members.setdefault(node.cluster, []).append(node)
        return children, members
