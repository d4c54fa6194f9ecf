"""E501: a path assertion (`expect A reaches B before C`) that does not hold."""

from __future__ import annotations

from collections.abc import Iterator

from checklist.checks.util import step_list
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import EXPECTATION, Diagnostic, diag


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    for expect in program.expects:
        source = program.resolve(expect.source, expect.checklist)
        target = program.resolve(expect.target, expect.checklist)
        avoid = [program.resolve(t, expect.checklist) for t in expect.avoiding]
        if source not in graph.steps or target not in graph.steps or any(a not in graph.steps for a in avoid):
            continue  # unknown-step reports it
        assert source is not None and target is not None
        blocked = frozenset(a for a in avoid if a is not None) - {source}
        if graph.shortest_path(source, target, blocked) is not None:
            continue
        wording = f"{expect.source} reaches {expect.target}"
        if expect.avoiding:
            wording += " before " + ", ".join(str(t) for t in expect.avoiding)
        notes = []
        detour = graph.shortest_path(source, target)
        if detour is None:
            notes.append(f"no path at all leads from {source} to {target}")
        else:
            notes.append(
                "the shortest path passes through a step it must avoid: "
                + " → ".join(detour[:12])
                + (" → …" if len(detour) > 12 else "")
            )
        first = graph.reachable([source], blocked)
        notes.append(f"before that, {source} reaches only: {step_list(first)}")
        yield diag(
            EXPECTATION,
            f"expectation failed: {wording}",
            expect.span,
            *notes,
            help="fix the jump that leaves the path, or the assertion",
        )
