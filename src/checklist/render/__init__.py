"""`checklist render`: flowchart pictures of a program, through Graphviz `dot`, or Mermaid text.

Stages, one module each:
  select  -- which steps (whole program, --checklist, --section, --around --depth)
  overlay -- what is drawn on top (--findings, --trace)
  build   -- program + selection + overlays -> Scene (nodes, edges, clusters)
  style   -- shapes, colours, wrapping, shortening
  dot / mermaid -- Scene -> text
  runner  -- text -> SVG/PNG/PDF with the real `dot`, under a time limit
  command -- the CLI subcommand; diagrams -- the committed diagrams/ folder

Importing this package is cheap: the stages are imported when used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from checklist.render.compose import scene
from checklist.render.dot import to_dot
from checklist.render.mermaid import to_mermaid
from checklist.render.overlay import findings as compute_findings
from checklist.render.select import select

if TYPE_CHECKING:
    from checklist.graph.program import Program
    from checklist.render.compose import Options
    from checklist.render.overlay import Findings, Trace
    from checklist.render.scene import Scene
    from checklist.render.select import Selection

__all__ = ["make_scene", "render_text"]


def make_scene(
    program: Program,
    selection: Selection | None = None,
    *,
    findings: bool | Findings = False,
    trace: Trace | None = None,
    options: Options | None = None,
) -> Scene:
    """What to draw: `selection` defaults to the whole program; findings=True runs the checker."""

    marks = compute_findings(program) if findings is True else findings or None
    return scene(program, selection or select(program), options, marks, trace)


def render_text(scene: Scene, fmt: str = "dot") -> str:
    """DOT or Mermaid source for a scene."""
    if fmt == "mermaid":
        return to_mermaid(scene)

    return to_dot(scene)
