"""Scene -> DOT text, written directly (fast, and every string escaped here and only here).

Two escapings, one per kind of DOT string:
- HTML-like labels (`label=<...>`, node labels and the title): XML text, so `&`, `<`, `>` become
  entities; quotes and braces need nothing inside `<...>`.
- quoted strings (`"..."`, edge labels, tooltips, cluster titles): backslash and double quote are
  backslash-escaped, a newline becomes `\\n`, and `&` becomes `&amp;` because Graphviz reads
  `&name;` in labels and tooltips as an entity.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from checklist.render import style
from checklist.render.scene import Cluster, Edge, Node, Scene

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\ufffe\uffff]")  # none of them is XML (the SVG)
NOTE_WIDTH = 64
LEGEND_WIDTH = 110


def quote(text: str, backslash: str = "\\\\") -> str:
    """A DOT double-quoted string that Graphviz shows exactly as `text`.

    `backslash` is what one backslash becomes: two for labels and edge tooltips; node tooltips
    are unescaped twice by Graphviz (2.43), so they need four (else `\\N` shows the node's name).
    """
    text = _CONTROL.sub(" ", style.clip(text, style.MAX_SHOWN))
    text = text.replace("\\", backslash).replace('"', '\\"').replace("&", "&amp;").replace("\n", "\\n")
    return f'"{text}"'


def quote_id(text: str) -> str:
    """A DOT identifier (never displayed)."""
    return '"' + _CONTROL.sub(" ", text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def html(text: str) -> str:
    """XML-escaped text for an HTML-like label."""
    text = _CONTROL.sub(" ", style.clip(text, style.MAX_SHOWN)).replace("\t", " ")
    text = text.replace("\\", "\\\\")  # else \\N shows the node's name
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    # Graphviz 2.43 cannot parse a label that is just `]`, nor an empty or tab-only <b></b>
    return text.replace("]", "&#93;") or " "


class Html(str):
    """An HTML-like label we made (every piece of flow text in it escaped by `html`).  Only
    these are written as `<...>`: any other string is quoted, whatever it starts with."""


def _attrs(pairs: dict[str, str], node: bool = False) -> str:
    parts = []
    for key, value in pairs.items():
        if isinstance(value, Html):
            rendered: str = value  # an HTML-like label, escaped by node_label
        elif key == "tooltip" and node:
            rendered = quote(value, "\\\\\\\\")
        else:
            rendered = quote(value)
        parts.append(f"{key}={rendered}")
    return "[" + ", ".join(parts) + "]"


def node_label(node: Node) -> Html:
    if node.kind == "note":
        lines = [ln for para in node.title.split("\n") for ln in style.wrap(para, NOTE_WIDTH)]
        return Html("<" + "".join(f'{html(ln)}<br align="left"/>' for ln in lines) + ">")
    if node.kind in ("start", "end", "return"):
        return Html(f"<{html(node.title)}>")
    if node.kind in ("port", "ghost", "stub"):
        lines = [f"<b>{html(node.number)}</b>"] + [html(ln) for ln in style.wrap(node.title)]
        return Html("<" + "<br/>".join(lines) + ">")
    first, *rest = style.wrap(f"{node.number} {node.title}", style.TITLE_WIDTH)
    number, _, tail = first.partition(" ")
    lines = [f"<b>{html(number)}</b> {html(tail)}".rstrip()] + [html(ln) for ln in rest]
    if node.refs:
        small = "<br/>".join(html(ln) for ln in style.wrap(node.refs, style.SMALL_WIDTH))
        lines.append(f'<font point-size="8" color="{style.COLOURS["muted"]}">{small}</font>')
    if "erratum" in node.marks:
        lines.append(f'<font point-size="8" color="{style.COLOURS["erratum"]}">\u270e erratum</font>')
    if "finding" in node.marks:
        codes = sorted({finding.split()[0] for finding in node.findings})
        lines.append(f'<font point-size="8" color="{style.COLOURS["error"]}">{html(" ".join(codes))}</font>')
    if "current" in node.marks:
        lines.insert(0, f'<font point-size="8" color="{style.COLOURS["trace"]}">\u25b6 current step</font>')
    return Html("<" + "<br/>".join(lines) + ">")


def node_attrs(node: Node) -> dict[str, str]:
    attrs = dict(style.NODE_KINDS[node.kind])
    for mark, extra in style.NODE_MARKS.items():
        if mark in node.marks:
            attrs.update(extra)
    attrs["label"] = node_label(node)
    attrs["tooltip"] = node.tooltip or node.title
    return attrs


def edge_attrs(edge: Edge) -> dict[str, str]:
    attrs = dict(style.EDGE_KINDS[edge.kind])
    for mark, extra in style.EDGE_MARKS.items():
        if mark in edge.marks:
            attrs.update(extra)
    if edge.label:
        attrs["label"] = edge.label
    if edge.tooltip:
        attrs["tooltip"] = edge.tooltip
    if not edge.constraint:
        attrs["constraint"] = "false"
    return attrs


def _title(scene: Scene) -> str:
    title = f'<font point-size="18"><b>{html(scene.title)}</b></font>'
    if scene.legend:
        lines = [ln for para in scene.legend.split("\n") for ln in style.wrap(para, LEGEND_WIDTH)]
        legend = "<br/>".join(html(ln) for ln in lines)
        title += f'<br/><font point-size="9" color="{style.COLOURS["muted"]}">{legend}</font>'
    return f'<{title}<br/><font point-size="8"> </font>>'  # a blank line: dot under-measures the title


def _cluster_lines(
    cluster: Cluster,
    scene: Scene,
    children: dict[str | None, list[Cluster]],
    members: dict[str | None, list[Node]],
    indent: str,
) -> Iterator[str]:
    top = cluster.parent is None and any(c.parent == cluster.id for c in scene.clusters)
    yield f"{indent}subgraph {quote_id('cluster_' + cluster.id)} {{"
    inner = indent + "  "
    yield (
        f'{inner}label={quote(cluster.title)}; labeljust=l; style="rounded,filled"; '
        f'fillcolor="{"#f5f5f5" if top else "#fbfbfb"}"; color="#9e9e9e"; '
        f'fontsize={"16" if top else "13"}; fontname="{style.FONT} Bold";'
    )
    for child in children.get(cluster.id, []):
        yield from _cluster_lines(child, scene, children, members, inner)
    for node in members.get(cluster.id, []):
        yield f"{inner}{quote_id(node.id)} {_attrs(node_attrs(node), node=True)};"
    yield f"{indent}}}"


def to_dot(scene: Scene) -> str:
    """The whole DOT source; the same scene always gives the same text."""
    out = [
        f"digraph {quote(scene.title)} {{",  # quoted as shown: the SVG title shows it
        f'  graph [rankdir=TB, newrank=true, label={_title(scene)}, labelloc=t, fontname="{style.FONT}", '
        f"nodesep=0.25, ranksep=0.3, pad=0.2, remincross=true];",
        f'  node [fontname="{style.FONT}", fontsize=11, fontcolor="{style.COLOURS["ink"]}", '
        f'color="{style.COLOURS["ink"]}", margin="0.1,0.04", height=0.4];',
        f'  edge [fontname="{style.FONT}", fontsize=9, arrowsize=0.7, color="#424242"];',
    ]
    children, members = scene.nesting()
    for cluster in children.get(None, []):
        out.extend(_cluster_lines(cluster, scene, children, members, "  "))
    for node in members.get(None, []):
        out.append(f"  {quote_id(node.id)} {_attrs(node_attrs(node), node=True)};")
    if scene.row:  # sections side by side, in reading order: flat invisible edges on one rank
        out.append("  {rank=same; " + "; ".join(quote_id(n) for n in scene.row) + "}")
        pairs = zip(scene.row, scene.row[1:], strict=False)
        out += [f"  {quote_id(a)} -> {quote_id(b)} [style=invis];" for a, b in pairs]
    for edge in scene.edges:
        attrs = edge_attrs(edge)
        suffix = f" {_attrs(attrs)}" if attrs else ""
        out.append(f"  {quote_id(edge.source)} -> {quote_id(edge.target)}{suffix};")
    out.append("}")
    return "\n".join(out) + "\n"
