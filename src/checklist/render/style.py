"""How things look: label wrapping and shortening, shapes and colours by kind and mark.

Shared by the DOT and the Mermaid writers, so both pictures say the same thing.
"""

from __future__ import annotations

import textwrap

TITLE_WIDTH = 22  # characters per line of a node label
SMALL_WIDTH = 28  # characters per line of the small print (refs, findings)
EDGE_WIDTH = 20  # characters per line of an edge label
EDGE_LINES = 3  # lines of an edge label before it is cut with "…"
ROW_KEY_WIDTH = 16  # a dispatch row key is cut to this many characters

FONT = "Helvetica"

COLOURS = {
    "ink": "#222222",
    "muted": "#757575",
    "split": "#1565c0",
    "dispatch": "#8d6e00",
    "erratum": "#d95f02",
    "error": "#c62828",
    "trap": "#c62828",
    "no-exit": "#ef6c00",
    "trace": "#ad1457",
    "port": "#6a1b9a",
}

# Graphviz attributes of each node kind.
NODE_KINDS: dict[str, dict[str, str]] = {
    "action": {"shape": "box", "style": "rounded,filled", "fillcolor": "#ffffff"},
    "decision": {"shape": "diamond", "style": "filled", "fillcolor": "#e3f2fd", "margin": "0.02,0.02"},
    "split": {"shape": "trapezium", "style": "filled", "fillcolor": "#e8eaf6", "color": COLOURS["split"]},
    "dispatch": {"shape": "tab", "style": "filled", "fillcolor": "#fff8e1", "color": COLOURS["dispatch"]},
    "return": {
        "shape": "invhouse",
        "style": "filled",
        "fillcolor": "#e8eaf6",
        "fontsize": "9",
        "color": COLOURS["split"],
        "height": "0.3",
        "margin": "0.04,0.02",
    },
    "start": {
        "shape": "oval",
        "style": "filled",
        "fillcolor": "#2e7d32",
        "fontcolor": "#ffffff",
        "fontsize": "10",
        "height": "0.3",
    },
    "end": {
        "shape": "oval",
        "style": "filled",
        "fillcolor": "#424242",
        "fontcolor": "#ffffff",
        "fontsize": "10",
        "height": "0.3",
    },
    "port": {
        "shape": "cds",
        "style": "filled",
        "fillcolor": "#f3e5f5",
        "color": COLOURS["port"],
        "fontsize": "9",
        "margin": "0.16,0.08",
    },
    "ghost": {
        "shape": "box",
        "style": "dashed,rounded",
        "color": COLOURS["muted"],
        "fontcolor": COLOURS["muted"],
        "fontsize": "9",
        "margin": "0.08,0.05",
    },
    "stub": {
        "shape": "box",
        "style": "filled,dashed",
        "fillcolor": "#ffcdd2",
        "color": COLOURS["error"],
        "fontcolor": COLOURS["error"],
        "fontsize": "9",
        "margin": "0.08,0.05",
    },
    "note": {"shape": "note", "style": "filled", "fillcolor": "#fff3e0", "fontsize": "9"},
}

# Attributes that a mark adds to (or overrides on) a node, applied in this order.
NODE_MARKS: dict[str, dict[str, str]] = {
    "join": {"peripheries": "2"},
    "erratum": {"color": COLOURS["erratum"]},
    "unreachable": {"fillcolor": "#eeeeee", "fontcolor": "#9e9e9e", "color": "#bdbdbd"},
    "no-exit": {"color": COLOURS["no-exit"], "penwidth": "2.5"},
    "trap": {"color": COLOURS["trap"], "penwidth": "3"},
    "visited": {"fillcolor": "#fce4ec", "color": COLOURS["trace"], "penwidth": "2"},
    "current": {"fillcolor": "#f8bbd0", "color": COLOURS["trace"], "penwidth": "4"},
    "focus": {"penwidth": "3"},
}

EDGE_KINDS: dict[str, dict[str, str]] = {
    "goto": {},
    "branch": {},
    "split": {"color": COLOURS["split"], "fontcolor": COLOURS["split"], "penwidth": "1.8"},
    "return": {"color": COLOURS["split"], "fontcolor": COLOURS["split"], "style": "dashed"},
    "dispatch": {"color": COLOURS["dispatch"], "fontcolor": COLOURS["dispatch"]},
    "end": {},
    "trace": {"color": COLOURS["trace"], "fontcolor": COLOURS["trace"], "style": "dotted", "penwidth": "2"},
}

EDGE_MARKS: dict[str, dict[str, str]] = {
    "outside": {"color": COLOURS["muted"]},
    "erratum": {"color": COLOURS["erratum"], "fontcolor": COLOURS["erratum"], "penwidth": "2"},
    "dangling": {"color": COLOURS["error"], "fontcolor": COLOURS["error"], "style": "dashed"},
    "trap": {"color": COLOURS["trap"], "fontcolor": COLOURS["trap"], "penwidth": "2.5"},
    "taken": {"color": COLOURS["trace"], "fontcolor": COLOURS["trace"], "penwidth": "3"},
}

LEGEND = (
    "box: action \u00b7 diamond: question \u00b7 trapezium: split \u00b7 double border: branches rejoin "
    "\u00b7 tab: table lookup \u00b7 arrow box: other checklist \u00b7 dashed: outside this drawing "
    "\u00b7 orange: erratum (corrected jump)"
)
LEGEND_FINDINGS = (
    "red stub: no such step \u00b7 grey: unreachable \u00b7 red outline: loop with no way out "
    "\u00b7 orange outline: no path to an end"
)
LEGEND_TRACE = "pink: visited \u00b7 thick pink border: current step \u00b7 (n): order of the jumps taken"


def wrap(text: str, width: int = TITLE_WIDTH) -> list[str]:
    """Word-wrap; a word longer than a line is broken (fact names, long row keys).  Text past
    MAX_SHOWN characters is clipped first: no picture shows it, and textwrap would take minutes."""
    lines = textwrap.wrap(clip(text, MAX_SHOWN), width, break_on_hyphens=True, break_long_words=True)
    return lines or [""]


MAX_SHOWN = 4000  # characters of one text (a title, prose, a tooltip) a picture shows


def clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1].rstrip() + "\u2026"


def edge_label(labels: list[str], kind: str) -> str:
    """One short label for one or more parallel jumps: conditions, or dispatch row keys."""
    labels = [lb for lb in dict.fromkeys(labels) if lb]
    if not labels:
        return ""
    keys = ", ".join(clip(lb, ROW_KEY_WIDTH) for lb in labels)
    text = keys if kind == "dispatch" else _merge_choices(labels)
    lines = wrap(text, EDGE_WIDTH)
    if len(lines) > EDGE_LINES:
        lines = lines[:EDGE_LINES]
        lines[-1] = clip(lines[-1] + " \u2026", EDGE_WIDTH + 2)
    return "\n".join(lines)


def _merge_choices(labels: list[str]) -> str:
    """`defense = dodge`, `defense = block` -> `defense = dodge / block`."""
    heads = {lb.partition(" = ")[0] for lb in labels}
    if len(labels) > 1 and len(heads) == 1 and all(" = " in lb for lb in labels):
        head = heads.pop()
        return f"{head} = " + " / ".join(lb.partition(" = ")[2] for lb in labels)
    return " / ".join(labels)
