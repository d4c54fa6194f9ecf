from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from checklist.graph.program import Program
from checklist.program.load import load

DATA = Path(__file__).resolve().parent / "data"
ROOT = Path(__file__).resolve().parents[2]
HARDEST = ROOT / "tests" / "data" / "design" / "hardest.flow"
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz `dot` is not installed")


def program(name: str) -> Program:
    return load(HARDEST if name == "hardest" else DATA / name)


def svg_groups(svg: bytes) -> dict[str, tuple[str, str]]:
    """SVG <g class=node|edge|cluster> -> (its texts joined by spaces, its tooltip)."""
    root = ET.fromstring(svg)
    found: dict[str, tuple[str, str]] = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class") not in ("node", "edge", "cluster"):
            continue
        title = g.find(f"{SVG}title")
        texts = " ".join(" ".join((t.text or "").split()) for t in g.iter(f"{SVG}text"))
        tips = [a.get(f"{XLINK}title", "") for a in g.iter(f"{SVG}a")]
        found[title.text if title is not None and title.text else ""] = (texts, tips[0] if tips else "")
    return found
