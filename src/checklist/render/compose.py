"""Program + selection + overlays -> Scene: node kinds, clusters, merged and labelled edges."""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Literal

from checklist import model as m
from checklist.graph.flowgraph import Edge as FlowEdge
from checklist.graph.program import Program
from checklist.model.jumps import exits, resolve
from checklist.render import style
from checklist.render.overlay import Findings, Trace
from checklist.render.scene import Cluster, Edge, EdgeKind, Node, NodeKind, Scene
from checklist.render.select import Selection

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

CrossSection = Literal["edge", "loose", "ghost"]


@dataclass(frozen=True, slots=True)
class Options:
    # How a jump between two sections of one checklist is drawn: "edge" a normal edge (sections
    # stack into one tall column), "loose" an edge that does not pull ranks (sections stand side
    # by side), "ghost" a small "-> 54" node in the source section (sections stand apart).
    cross_section: CrossSection = "ghost"
    legend: bool = True


@dataclass
class _EdgeDraft:
    source: str
    target: str
    kind: EdgeKind
    labels: list[str]
    full: list[str]
    marks: set[str] = field(default_factory=set)
    order: list[int] = field(default_factory=list)
    constraint: bool = True


class _Builder:
    def __init__(
        self, program: Program, selection: Selection, options: Options, findings: Findings | None, trace: Trace | None
    ) -> None:
        self.program = program
        self.sel = selection
        self.options = options
        self.findings = findings
        self.trace = trace
        self.inside = set(selection.keys)
        self.nodes: dict[str, Node] = {}
        self.edges: dict[tuple[str, str, str, bool], _EdgeDraft] = {}
        self.clusters: dict[str, Cluster] = {}
        self.joins = _join_steps(program)

    # ---- clusters ---------------------------------------------------------

    def cluster_of(self, step: m.Step) -> str | None:
        """One cluster per section; not nested in a checklist cluster (dot then reverses their
        order), so with several checklists a section's title names its checklist."""
        if self.sel.scope == "section":
            return None
        checklist = self.program.checklists.get(step.checklist)
        several = (self.sel.scope == "program" and len(self.program.checklists) > 1) or (
            self.sel.scope == "around" and self._several_checklists()
        )
        owner = checklist.title if checklist is not None else step.checklist
        if step.section is None or checklist is None:
            if not several:
                return None
            cid = f"cl:{step.checklist}"
            self.clusters.setdefault(cid, Cluster(cid, owner))
            return cid
        cid = f"sec:{step.checklist}:{step.section}"
        if cid not in self.clusters:
            found = checklist.section_title(step.section)
            title = found if found is not None else step.section
            self.clusters[cid] = Cluster(cid, f"{owner}: {title}" if several else title)
        return cid

    def _several_checklists(self) -> bool:
        return len({self.program.steps[k].checklist for k in self.sel.keys}) > 1

    # ---- nodes ------------------------------------------------------------

    def step_node(self, step: m.Step) -> None:
        marks: set[str] = set()
        if step.key in self.joins:
            marks.add("join")
        if step.errata:
            marks.add("erratum")
        if step.key == self.sel.focus:
            marks.add("focus")
        notes = list(self.findings.by_step.get(step.key, ())) if self.findings else []
        if self.findings:
            f = self.findings
            marks |= {
                name
                for name, keys in (("unreachable", f.unreachable), ("trap", f.trapped), ("no-exit", f.no_exit))
                if step.key in keys
            }
            if notes:
                marks.add("finding")
        if self.trace and step.key in self.trace.path:
            marks.add("visited")
        if self.trace and step.key == self.trace.current:
            marks.add("current")
        refs = ", ".join(str(r) for r in step.refs)
        tooltip = _tooltip(step, refs, notes)
        self.nodes[step.key] = Node(
            step.key,
            _kind(step),
            str(step.number),
            step.title,
            refs,
            tooltip,
            self.cluster_of(step),
            frozenset(marks),
            tuple(notes),
        )

    def outside_node(self, key: str, near: m.Step, incoming: bool) -> str:
        """A small node for a step outside the drawing: a port (other checklist) or a ghost."""
        step = self.program.steps[key]
        cluster = self.cluster_of(near)
        node_id = f"{'from' if incoming else 'to'}:{cluster or ''}:{key}"
        if node_id not in self.nodes:
            port = step.checklist != near.checklist
            name = key if port else str(step.number)
            arrow = "from" if incoming else "\u2192"
            self.nodes[node_id] = Node(
                node_id,
                "port" if port else "ghost",
                f"{arrow} {name}",
                step.title,
                tooltip=f"{key} {step.title}",
                cluster=cluster,
            )
        return node_id

    def terminal(self, kind: NodeKind, step: m.Step) -> str:
        node_id = f"{kind}:{step.key}"
        if node_id not in self.nodes:
            text = {"end": "END", "return": "return", "start": "START"}[kind]
            self.nodes[node_id] = Node(node_id, kind, "", text, cluster=self.cluster_of(step))
        return node_id

    # ---- edges ------------------------------------------------------------

    def add_edge(
        self,
        source: str,
        target: str,
        kind: EdgeKind,
        label: str,
        *,
        erratum: bool = False,
        marks: tuple[str, ...] = (),
        constraint: bool = True,
        tip: str = "",
    ) -> None:
        key = (source, target, kind, erratum)
        draft = self.edges.get(key)
        if draft is None:
            draft = self.edges[key] = _EdgeDraft(source, target, kind, [], [], constraint=constraint)
        draft.labels.append(label)
        draft.full.append(tip or label)
        draft.marks.update(marks)
        if erratum:
            draft.marks.add("erratum")

    def step_edges(self, step: m.Step) -> None:
        flow = self.program.flow
        choice = _choice_fact(step)
        for e in flow.out[step.key]:
            assert e.target is not None  # FlowGraph keeps dangling jumps apart
            dest: str = e.target
            full = e.label
            short = full[len(choice) :] if choice and full.startswith(choice) else full  # `dodge`
            target = self.program.steps[dest]
            crosses = target.section != step.section and self.sel.scope in ("program", "checklist")
            if dest in self.inside and target.checklist == step.checklist:
                if crosses and self.options.cross_section == "ghost":
                    stand_in = self.outside_node(dest, step, False)
                    self.add_edge(step.key, stand_in, e.kind, short, erratum=e.erratum, marks=("outside",), tip=full)
                else:
                    loose = crosses and self.options.cross_section == "loose"
                    self.add_edge(step.key, dest, e.kind, short, erratum=e.erratum, constraint=not loose, tip=full)
            else:
                port = self.outside_node(dest, step, False)
                self.add_edge(step.key, port, e.kind, short, erratum=e.erratum, marks=("outside",), tip=full)
        for e in flow.into[step.key]:
            source = self.program.steps[e.source]
            crosses = source.section != step.section and self.sel.scope in ("program", "checklist")
            ghost = crosses and self.options.cross_section == "ghost"
            if e.source not in self.inside or source.checklist != step.checklist or ghost:
                self.add_edge(
                    self.outside_node(e.source, step, True),
                    step.key,
                    e.kind,
                    e.label,
                    erratum=e.erratum,
                    marks=("outside",),
                )
        for way in exits(step, self.program.tables):
            if way.ending is not None:
                self.add_edge(step.key, self.terminal(way.ending, step), "end", way.label, erratum=bool(step.errata))

    def dangling_edges(self, edges: list[FlowEdge]) -> None:
        for e in edges:
            if e.source not in self.inside:
                continue
            source = self.program.steps[e.source]
            node_id = f"stub:{e.source}:{e.written}"
            if node_id not in self.nodes:
                self.nodes[node_id] = Node(
                    node_id,
                    "stub",
                    f"\u2717 {e.written or '(empty)'}",
                    "no such step",
                    tooltip=f"{e.source} jumps to {e.written or '(empty cell)'}, which is not a step",
                    cluster=self.cluster_of(source),
                )
            self.add_edge(e.source, node_id, e.kind, e.label, erratum=e.erratum, marks=("dangling",))

    def trace_edges(self, trace: Trace) -> None:
        index: dict[tuple[str, str], list[_EdgeDraft]] = {}
        for d in self.edges.values():
            index.setdefault((d.source, d.target), []).append(d)
        for n, (a, b) in enumerate(zip(trace.path, trace.path[1:], strict=False), start=1):
            src, dst = self._trace_node(a, b, True), self._trace_node(b, a, False)
            if src is None or dst is None:
                continue
            found = index.get((src, dst))
            if found is None:
                self.add_edge(src, dst, "trace", "", constraint=False)
                found = index[(src, dst)] = [self.edges[(src, dst, "trace", False)]]
            found[0].order.append(n)
            found[0].marks.add("taken")

    def _trace_node(self, key: str, other: str, is_source: bool) -> str | None:
        if key in self.inside and key in self.nodes:
            return key
        if other not in self.inside:
            return None
        near = self.program.steps[other]
        node_id = f"{'from' if is_source else 'to'}:{self.cluster_of(near) or ''}:{key}"
        return node_id if node_id in self.nodes else None

    def trap_edges(self) -> None:
        if not self.findings:
            return
        for trap in self.findings.traps:
            for d in self.edges.values():
                if d.source in trap and d.target in trap:
                    d.marks.add("trap")

    # ---- assembly ---------------------------------------------------------

    def build(self) -> Scene:
        steps = [self.program.steps[k] for k in self.sel.keys]
        start = self.program.start
        for step in steps:
            if step.key == start:
                self.add_edge(self.terminal("start", step), step.key, "goto", "")
            self.step_node(step)
        for step in steps:
            self.step_edges(step)
        self.dangling_edges(self.program.flow.dangling)
        if self.trace:
            self.trace_edges(self.trace)
        self.trap_edges()
        legend = [style.LEGEND] if self.options.legend else []
        if self.findings:
            node = Node("findings", "note", "", "\n".join(self.findings.summary))
            self.nodes[node.id] = node
            legend.append(style.LEGEND_FINDINGS)
        if self.trace:
            legend.append(style.LEGEND_TRACE)
        edges = [_freeze(d) for d in self.edges.values()]
        row: list[str] = []
        if self.sel.scope in ("program", "checklist") and self.options.cross_section != "edge":
            heads: dict[str | None, str] = {}
            for step in steps:
                heads.setdefault(self.nodes[step.key].cluster, step.key)
            row = list(heads.values()) if len(heads) > 1 else []
        return Scene(
            self.sel.title,
            list(self.nodes.values()),
            edges,
            list(self.clusters.values()),
            "\n".join(legend) if self.options.legend else "",
            row,
        )


def scene(
    program: Program,
    selection: Selection,
    options: Options | None = None,
    findings: Findings | None = None,
    trace: Trace | None = None,
) -> Scene:
    return _Builder(program, selection, options or Options(), findings, trace).build()


def _freeze(d: _EdgeDraft) -> Edge:
    label = style.edge_label(d.labels, d.kind)
    if d.order:
        numbers = " ".join(f"({n})" for n in d.order[:4]) + (" \u2026" if len(d.order) > 4 else "")
        label = f"{numbers}\n{label}" if label else numbers
    tips = [t for t in dict.fromkeys(d.full) if t]
    tooltip = "\n".join(tips)
    if "erratum" in d.marks:
        tooltip = (tooltip + "\n" if tooltip else "") + "erratum: this jump corrects the printed text"
    if d.order:
        tooltip = (tooltip + "\n" if tooltip else "") + "taken: " + ", ".join(map(str, d.order))
    return Edge(d.source, d.target, d.kind, label, tooltip, frozenset(d.marks), tuple(d.order), d.constraint)


def _kind(step: m.Step) -> NodeKind:
    kinds = {type(j) for j in step.jumps}
    if m.Dispatch in kinds:
        return "dispatch"
    if m.Split in kinds:
        return "split"
    if kinds & {m.Branch, m.Choose, m.Otherwise}:
        return "decision"
    return "action"


def _tooltip(step: m.Step, refs: str, findings: list[str]) -> str:
    parts = [f"{step.key} {step.title}"]
    if step.prose:
        parts.append(" ".join(line.strip() for line in step.prose))
    if refs:
        parts.append(f"Refs: {refs}")
    parts += [f"Note: {n.text.strip()}" for n in step.notes]
    parts += [f"Erratum: printed \u201c{e.printed}\u201d: {e.reason.lstrip(':').strip()}" for e in step.errata]
    parts += [f"Finding: {f}" for f in findings]
    return "\n\n".join(parts)


def _join_steps(program: Program) -> set[str]:
    """Steps where split branches rejoin: the `until` of a split (with or without `then return`)."""
    joins = (
        resolve(j.until, s.checklist)
        for s in program.steps.values()
        for j in s.jumps
        if isinstance(j, m.Split) and j.until is not None
    )
    return {key for key in joins if key is not None}


def _choice_fact(step: m.Step) -> str | None:
    """`defense = ` when the step's edges are a multi-way choice on one fact, else None."""
    chooses = [j for j in step.jumps if isinstance(j, m.Choose)]
    if len(chooses) == 1 and not any(isinstance(j, m.Branch) for j in step.jumps):
        return f"{chooses[0].fact} = "
    return None
