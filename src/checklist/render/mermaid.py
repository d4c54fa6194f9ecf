"""Scene -> Mermaid flowchart text, for GitHub Markdown (```mermaid blocks).

Every label is double-quoted, and each character Mermaid or HTML could read as syntax is
written as a Mermaid entity code (`#34;` for `"`, `#60;` for `<`, ...), so text shows literally.
Tooltips are left out: GitHub does not show them.
"""

from __future__ import annotations

import re

from checklist.render import style
from checklist.render.scene import Cluster, Edge, Node, Scene

_SPECIAL = re.compile(r'["#<>&{}\[\]|`\\]')
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ufffe\uffff]")

SHAPES: dict[str, tuple[str, str]] = {
    "action": ("(", ")"),
    "decision": ("{", "}"),
    "split": ("[/", "\\]"),
    "dispatch": ("[[", "]]"),
    "return": ("[\\", "/]"),
    "start": ("([", "])"),
    "end": ("([", "])"),
    "port": (">", "]"),
    "ghost": ("[", "]"),
    "stub": ("[", "]"),
    "note": ("[", "]"),
}

CLASSES: dict[str, str] = {
    "ghost": "fill:#fff,stroke:#757575,stroke-dasharray:4 3,color:#757575",
    "stub": "fill:#ffcdd2,stroke:#c62828,stroke-dasharray:4 3,color:#c62828",
    "port": "fill:#f3e5f5,stroke:#6a1b9a",
    "decision": "fill:#e3f2fd,stroke:#222",
    "split": "fill:#e8eaf6,stroke:#1565c0",
    "dispatch": "fill:#fff8e1,stroke:#8d6e00",
    "start": "fill:#2e7d32,color:#fff,stroke:#2e7d32",
    "end": "fill:#424242,color:#fff,stroke:#424242",
    "note": "fill:#fff3e0,stroke:#ef6c00,text-align:left",
    "join": "stroke-width:4px",
    "erratum": "stroke:#d95f02,stroke-width:2px",
    "unreachable": "fill:#eeeeee,color:#9e9e9e,stroke:#bdbdbd",
    "no-exit": "stroke:#ef6c00,stroke-width:3px",
    "trap": "stroke:#c62828,stroke-width:4px",
    "visited": "fill:#fce4ec,stroke:#ad1457,stroke-width:2px",
    "current": "fill:#f8bbd0,stroke:#ad1457,stroke-width:5px",
    "focus": "stroke-width:4px",
}

LINK_STYLES: dict[str, str] = {
    "split": "stroke:#1565c0,stroke-width:2px",
    "dispatch": "stroke:#8d6e00",
    "outside": "stroke:#757575",
    "erratum": "stroke:#d95f02,stroke-width:2px",
    "dangling": "stroke:#c62828,stroke-dasharray:4 3",
    "trap": "stroke:#c62828,stroke-width:3px",
    "taken": "stroke:#ad1457,stroke-width:3px",
}


def text(value: str) -> str:
    """Label text with every syntax character as an entity code; newlines become <br>."""
    value = _CONTROL.sub(lambda m: "\n" if m.group() == "\n" else " ", style.clip(value, style.MAX_SHOWN))
    value = _SPECIAL.sub(lambda m: f"#{ord(m.group())};", value)
    return value.replace("\n", "<br>")


class _Ids:
    def __init__(self) -> None:
        self.ids: dict[str, str] = {}
        self.used: set[str] = set()

    def __call__(self, key: str) -> str:
        found = self.ids.get(key)
        if found is None:
            base = "n_" + re.sub(r"[^A-Za-z0-9]", "_", key)
            found, n = base, 2
            while found in self.used:
                found, n = f"{base}_{n}", n + 1
            self.ids[key] = found
            self.used.add(found)
        return found


def _label(node: Node) -> str:
    if node.kind in ("start", "end", "return"):
        return node.title
    if node.kind in ("port", "ghost", "stub"):
        return "\n".join([node.number, *style.wrap(node.title)])
    if node.kind == "note":
        return node.title
    lines = style.wrap(f"{node.number} {node.title}")
    if node.refs:
        lines.append(node.refs)
    if "erratum" in node.marks:
        lines.append("\u270e erratum")
    if node.findings:
        lines.append(" ".join(sorted({f.split()[0] for f in node.findings})))
    if "current" in node.marks:
        lines.insert(0, "\u25b6 current step")
    return "\n".join(lines)


def _node(node: Node, ids: _Ids) -> str:
    open_, close = SHAPES[node.kind]
    return f'{ids(node.id)}{open_}"{text(_label(node))}"{close}'


def _edge(edge: Edge, ids: _Ids) -> str:
    arrow = "-.->" if edge.kind in ("return", "trace") or "dangling" in edge.marks else "-->"
    if "taken" in edge.marks or "trap" in edge.marks:
        arrow = "==>"
    label = edge.label.replace("\n", " ")
    middle = f'{arrow}|"{text(label)}"|' if label else arrow
    return f"{ids(edge.source)} {middle} {ids(edge.target)}"


def _cluster(
    cluster: Cluster,
    children: dict[str | None, list[Cluster]],
    members: dict[str | None, list[Node]],
    ids: _Ids,
    indent: str,
) -> list[str]:
    lines = [f'{indent}subgraph {ids("cluster:" + cluster.id)}["{text(cluster.title)}"]']
    for child in children.get(cluster.id, []):
        lines += _cluster(child, children, members, ids, indent + "  ")
    lines += [indent + "  " + _node(n, ids) for n in members.get(cluster.id, [])]
    lines.append(f"{indent}end")
    return lines


def to_mermaid(scene: Scene) -> str:
    ids = _Ids()
    title = scene.title.replace("\\", "\\\\").replace('"', '\\"')
    out = ["---", f'title: "{_CONTROL.sub(" ", style.clip(title, style.MAX_SHOWN))}"', "---", "flowchart TB"]
    children, members = scene.nesting()
    for cluster in children.get(None, []):
        out += _cluster(cluster, children, members, ids, "  ")
    out += ["  " + _node(n, ids) for n in members.get(None, [])]
    out += ["  " + _edge(e, ids) for e in scene.edges]
    for name, css in CLASSES.items():
        tagged = [ids(n.id) for n in scene.nodes if n.kind == name or name in n.marks]
        if tagged:
            out.append(f"  classDef {_class(name)} {css}")
            out.append(f"  class {','.join(tagged)} {_class(name)}")
    for name, css in LINK_STYLES.items():
        indexes = [str(i) for i, e in enumerate(scene.edges) if e.kind == name or name in e.marks]
        if indexes:
            out.append(f"  linkStyle {','.join(indexes)} {css}")
    return "\n".join(out) + "\n"


def _class(name: str) -> str:
    return "k_" + name.replace("-", "_")
