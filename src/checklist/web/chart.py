"""The flowchart on the page: each section laid out once by Graphviz, then lit by classes alone.

A section's SVG is drawn with the real `dot` the first time it is needed (or by `warm()` in
the background at start-up) and kept as a template: the markup with a slot for the class of
each step and each edge, and for the number of each step on this turn's path. Lighting a
step fills the slots, so moving on never changes the layout. Graphviz's SVG of a flow is
inert (render/dot.py escapes every text); the template drops any link or event attribute
all the same, so nothing in the page can run or lead away.
"""

from __future__ import annotations

import re
import threading
import xml.etree.ElementTree as ET
from html import escape
from typing import TYPE_CHECKING

from checklist.graph.program import Program
from checklist.present.chart import ChartView
from checklist.render.compose import scene  # the stages, imported with the page: its first view draws a section
from checklist.render.dot import to_dot
from checklist.render.runner import DotFailed, NoGraphviz, run_dot
from checklist.render.select import RenderUsageError, select

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG)
ET.register_namespace("xlink", XLINK)
SLOT = re.compile(r"@@([a-z])(\d+)@@")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
Key = tuple[str, str | None]  # (checklist, section)


@dataclass(frozen=True, slots=True)
class Layout:
    """A section's SVG cut at its slots: parts[0], slot 0, parts[1], slot 1, ..."""

    parts: tuple[str, ...]
    slots: tuple[tuple[str, int], ...]  # ("n", i): node i's class, ("b", i): its number, ("e", i): edge i's class
    nodes: tuple[str, ...]  # node i's step key
    edges: tuple[tuple[str, str], ...]  # edge i's (source, target) step keys

    def lit(self, view: ChartView) -> str:
        numbers: dict[str, int] = {}
        for n, key in enumerate(view.path, 1):
            numbers[key] = n  # a step visited twice this turn shows its last number
        taken = set(zip(view.path, view.path[1:], strict=False))
        out = [self.parts[0]]
        for (kind, i), part in zip(self.slots, self.parts[1:], strict=True):
            if kind == "n":
                key = self.nodes[i]
                out.append("current" if key == view.current else "visited" if key in numbers else "")
            elif kind == "b":
                out.append(str(numbers.get(self.nodes[i], "")))
            else:
                out.append("taken" if self.edges[i] in taken else "")
            out.append(part)
        return "".join(out)


class Charts:
    """The laid-out sections of one program, drawn once each (thread-safe)."""

    def __init__(self, program: Program, timeout: float = 20.0) -> None:
        self.program = program
        self.timeout = timeout
        self._done: dict[Key, Layout] = {}
        self._lock = threading.Lock()

    def lit(self, view: ChartView) -> str:
        """The SVG of the view's section with its step lit, or a paragraph saying why there is none."""
        layout = self.layout((view.checklist, view.section))
        if isinstance(layout, str):
            return f'<p class="chart-missing">{escape(layout)}</p>'
        return layout.lit(view)

    def layout(self, key: Key) -> Layout | str:
        with self._lock:  # one dot at a time: a second request for the section waits for the first
            done = self._done.get(key)
            if done is not None:
                return done
            drawn = self._draw(key)
            if not isinstance(drawn, str):  # a failure (dot timed out on a loaded machine) is tried again
                self._done[key] = drawn
            return drawn

    def warm(self) -> None:
        """Lay out every section now (a background thread at start-up), so no answer waits for dot."""
        for checklist in self.program.checklists.values():
            names: list[str | None] = [s.name for s in checklist.sections]
            if any(step.section is None for step in checklist.steps):
                names.append(None)
            for name in names:
                self.layout((checklist.id, name))

    def _draw(self, key: Key) -> Layout | str:
        checklist, section = key
        try:
            selection = select(self.program, checklist, section)
            svg = run_dot(to_dot(scene(self.program, selection)), "svg", self.timeout)
        except NoGraphviz:
            return "The flowchart needs Graphviz's dot: sudo apt install graphviz (or brew install graphviz)."
        except (DotFailed, RenderUsageError) as exc:
            return f"No flowchart for this section: {exc}"
        return template(svg.decode("utf-8"), set(selection.keys), selection.title)


def template(svg: str, steps: set[str], title: str) -> Layout:
    """Cut Graphviz's SVG into a template: a class slot on each step and edge, a number badge on each step."""
    root = ET.fromstring(svg)
    _inert(root)
    for element in root.iter():  # dot numbers every section's nodes from node1: htmx would settle the
        element.attrib.pop("id", None)  # old page's classes onto same-id nodes, lighting the old step for a moment
    for side in ("width", "height"):  # dot's points drawn as pixels: three quarters of print size, readable
        size = NUMBER.match(root.get(side, ""))
        if size is None:
            root.attrib.pop(side, None)
        else:
            root.set(side, size.group(0))
    root.set("class", "chart")
    root.set("aria-label", f"Flowchart: {title}")
    root.set("role", "group")
    nodes: list[str] = []
    edges: list[tuple[str, str]] = []
    for group in root.iter(f"{{{SVG}}}g"):
        kind = group.get("class")
        name = group.findtext(f"{{{SVG}}}title") or ""
        if kind == "node" and name in steps:
            group.set("class", f"node step @@n{len(nodes)}@@")
            group.set("data-step", name)
            _badge(group, len(nodes))
            nodes.append(name)
        elif kind == "edge" and "->" in name:
            source, _, target = name.partition("->")
            group.set("class", f"edge @@e{len(edges)}@@")
            edges.append((_step_of(source), _step_of(target)))
    text = ET.tostring(root, encoding="unicode")
    pieces = SLOT.split(text)  # text, kind, index, text, kind, index, ..., text
    parts = tuple(pieces[0::3])
    slots = tuple((kind, int(index)) for kind, index in zip(pieces[1::3], pieces[2::3], strict=True))
    return Layout(parts, slots, tuple(nodes), tuple(edges))


def _step_of(node_id: str) -> str:
    """The step a node stands for: a step's own node, or a port or ghost (`to:CLUSTER:combat.90`)."""
    return node_id.rpartition(":")[2]


def _inert(root: ET.Element) -> None:
    """No script, no foreign HTML, no link, no event handler: whatever the SVG holds."""
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag in (f"{{{SVG}}}script", f"{{{SVG}}}foreignObject"):
                parent.remove(child)
    for element in root.iter():
        for name in list(element.attrib):
            local = name.rpartition("}")[2].lower()
            if local.startswith("on") or local == "href":
                del element.attrib[name]


def _badge(group: ET.Element, index: int) -> None:
    """A small numbered disc at the node's top left corner, shown when the step is on the path."""
    xs: list[float] = []
    ys: list[float] = []
    for shape in group.iter():
        tag = shape.tag.rpartition("}")[2]
        if tag in ("polygon", "path", "polyline"):
            numbers = [float(n) for n in NUMBER.findall(shape.get("points") or shape.get("d") or "")]
            xs += numbers[0::2]
            ys += numbers[1::2]
        elif tag == "ellipse":
            cx, cy = float(shape.get("cx", 0)), float(shape.get("cy", 0))
            xs.append(cx - float(shape.get("rx", 0)))
            ys.append(cy - float(shape.get("ry", 0)))
    if not xs or not ys:
        return
    x, y = min(xs), min(ys)
    badge = ET.SubElement(group, f"{{{SVG}}}g", {"class": "badge"})
    ET.SubElement(badge, f"{{{SVG}}}circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": "9"})
    number = ET.SubElement(badge, f"{{{SVG}}}text", {"x": f"{x:.1f}", "y": f"{y + 3.5:.1f}", "text-anchor": "middle"})
    number.text = f"@@b{index}@@"
