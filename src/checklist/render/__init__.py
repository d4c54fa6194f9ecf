"""`checklist render`: flowchart pictures of a program, through Graphviz `dot`, or Mermaid text.

Stages, one module each:
  select  -- which steps (whole program, --checklist, --section, --around --depth)
  overlay -- what is drawn on top (--findings, --trace)
  build   -- program + selection + overlays -> Scene (nodes, edges, clusters)
  style   -- shapes, colours, wrapping, shortening
  dot / mermaid -- Scene -> text
  runner  -- text -> SVG/PNG/PDF with the real `dot`, under a time limit
  command -- the CLI subcommand; diagrams -- the committed diagrams/ folder

Importing this package is cheap: the stages are imported when used (a drawing the cache holds
is handed to `dot` by the runner alone, without the model or the stages).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (5 ms): `checklist render` needs none of it

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
    from checklist.render.compose import scene  # deferred: see above
    from checklist.render.overlay import findings as compute_findings  # deferred: see above
    from checklist.render.select import select  # deferred: see above

    marks = compute_findings(program) if findings is True else findings or None
    return scene(program, selection or select(program), options, marks, trace)


def render_text(scene: Scene, fmt: str = "dot") -> str:
    """DOT or Mermaid source for a scene."""
    if fmt == "mermaid":
        from checklist.render.mermaid import to_mermaid  # deferred: see above

        return to_mermaid(scene)
    from checklist.render.dot import to_dot  # deferred: see above

    return to_dot(scene)
