"""Rendered output is inert (issue 17, class 6): hostile text in every slot of a flow gives SVG,
DOT and Mermaid that parse in their own format, hold no script, link or event attribute we did
not make, and draw the same graph as the same flow with plain words in those slots."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from checklist.program.load import load
from checklist.render import make_scene, render_text
from checklist.render.runner import run_dot
from tests.render.conftest import needs_dot

PAYLOADS = (
    '" href="javascript:alert(1)" onload="alert(2)',
    "<tr><td href='javascript:alert(3)'>x</td></tr>",
    '<TABLE HREF="javascript:alert(4)"><TR><TD>x</TD></TR></TABLE>',
    "<script>alert(5)</script> <a xlink:href='javascript:x'>y</a>",
    "javascript:alert(6) data:text/html,<b>x</b> &amp; &lt; &#60; & < >",
    '\\N \\G \\L \\" \\\\ ]; x -> y [URL="javascript:z"]; node [href="javascript:w"] {',
    '"]; click n_t_1 href "javascript:alert(7)" %% --> |x| end subgraph ]] [[ (( )) #34; `x`',
    "\uffff \ufffe \u202e bidi \u200f ;;; \t tab",
)
SLOTS = ("TITLE", "SECTION", "STEP", "PROSE", "ROW", "END", "QUESTION", "NOTE")


def flow_text(fill: dict[str, str]) -> str:
    """A flow whose text slots hold `fill[SLOT]` (quoted slots lose their double quotes: a flow
    string cannot hold one; row cells lose `|` and `#`, which end a cell or start a comment)."""
    q = {k: v.replace('"', "'") for k, v in fill.items()}
    row = re.sub(r"[|#]", "/", fill["ROW"]).strip() or "row"
    return (
        f'checklist t "{q["TITLE"]}"\n'
        "start 1\n"
        f'fact k : choice from tb per turn "{q["QUESTION"]}"\n'
        f'table tb "{q["TITLE"]}"\n'
        "  columns key | step\n"
        f"  row {row} | 2\n"
        "  row plain | 3\n"
        f'section s "{q["SECTION"]}"\n'
        f'step 1 "{q["STEP"]}"\n'
        f"  | {fill['PROSE']}\n"
        f"  note: {fill['NOTE']}\n"
        "  dispatch tb.step by k\n"
        f'step 2 "{q["STEP"]}"\n'
        f'  end "{q["END"]}"\n'
        'step 3 "Three"\n'
        f'  end "{q["END"]}"\n'
    )


def outputs(text: str, tmp_path: Path) -> tuple[str, str, object]:
    path = tmp_path / "hostile.flow"
    path.write_text(text, encoding="utf-8")
    scene = make_scene(load(path))
    return render_text(scene, "dot"), render_text(scene, "mermaid"), scene


PLAIN = flow_text(dict.fromkeys(SLOTS, "plain words"))


def assert_svg_inert(svg: bytes) -> tuple[int, int]:
    root = ET.fromstring(svg)  # well-formed XML, or this raises
    nodes = edges = 0
    for element in root.iter():
        tag = element.tag.rsplit("}", 1)[-1]
        assert tag not in ("script", "foreignObject", "iframe", "object", "embed"), tag
        for name in element.attrib:
            local = name.rsplit("}", 1)[-1].lower()
            assert local != "href" and not local.startswith("on"), (name, element.attrib[name])
        if tag == "g" and element.get("class") in ("node", "edge"):
            nodes += element.get("class") == "node"
            edges += element.get("class") == "edge"
    return nodes, edges


def dot_graph(source: str) -> tuple[list[str], int]:
    """The nodes and the number of edges Graphviz reads from `source` (it must parse, and its
    SVG must be inert: a link inside an HTML-like label shows only there)."""
    canon = subprocess.run(["dot", "-Tcanon"], input=source.encode(), capture_output=True, timeout=60)
    assert canon.returncode == 0, canon.stderr
    assert_svg_inert(run_dot(source, "svg"))
    laid = json.loads(run_dot(source, "json"))
    names = sorted(o["name"] for o in laid["objects"] if "nodes" not in o)
    for obj in [*laid["objects"], *laid.get("edges", [])]:
        assert not {"href", "URL", "url", "target"} & set(obj), obj
    return names, len(laid.get("edges", []))


_MERMAID_TEXT = r'"[^"\n]*"'
_MERMAID_LINE = re.compile(
    "|".join(
        [
            r"flowchart TB",
            rf"subgraph n_[A-Za-z0-9_]+\[{_MERMAID_TEXT}\]",
            r"end",
            rf"n_[A-Za-z0-9_]+(\(|\{{|\[/|\[\[|\[\\|\(\[|>|\[){_MERMAID_TEXT}(\)|\}}|\\\]|\]\]|/\]|\]\)|\])",
            rf"n_[A-Za-z0-9_]+ (-->|-\.->|==>)(\|{_MERMAID_TEXT}\|)? n_[A-Za-z0-9_]+",
            r"classDef k_[a-z_]+ [a-z0-9:#,.\- ]+",
            r"class n_[A-Za-z0-9_,]+ k_[a-z_]+",
            r"linkStyle [0-9,]+ [a-z0-9:#,.\- ]+",
        ]
    )
)


def mermaid_shape(text: str) -> tuple[int, int]:
    """Check every line against the little grammar we write; (node lines, edge lines)."""
    head, title, rest = text.split("\n", 2)
    assert head == "---" and re.fullmatch(r'title: "([^"\\\n]|\\.)*"', title), title
    meta_end, body = rest.split("\n", 1)
    assert meta_end == "---"
    nodes = edges = 0
    for line in body.splitlines():
        stripped = line.strip()
        assert _MERMAID_LINE.fullmatch(stripped), stripped
        assert "click" not in re.sub(_MERMAID_TEXT, "", stripped)  # no statement hides outside a label
        edges += bool(re.search(r" (-->|-\.->|==>)", stripped))
        nodes += bool(re.fullmatch(r"n_[A-Za-z0-9_]+[(\[{>].*", stripped))
    return nodes, edges


@needs_dot
@pytest.mark.parametrize("payload", PAYLOADS, ids=range(len(PAYLOADS)))
def test_hostile_text_in_every_slot_renders_inert_and_the_same_graph(payload: str, tmp_path: Path) -> None:
    dot, mermaid, _ = outputs(flow_text(dict.fromkeys(SLOTS, payload)), tmp_path)
    plain_dot, plain_mermaid, _ = outputs(PLAIN, tmp_path)
    assert dot_graph(dot) == dot_graph(plain_dot)
    assert assert_svg_inert(run_dot(dot, "svg")) == assert_svg_inert(run_dot(plain_dot, "svg")) == (6, 5)
    assert mermaid_shape(mermaid) == mermaid_shape(plain_mermaid)


_HOSTILE_CHARS = st.sampled_from(list("\"'<>&;:/\\[]{}()|#%`-=*!\n\t \ufffe\uffff\u202e") + ["javascript:", "href"])


@needs_dot
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(st.lists(_HOSTILE_CHARS, min_size=1, max_size=12).map("".join), min_size=len(SLOTS),
                max_size=len(SLOTS)))  # fmt: skip
@example(texts=["&;", *['"'] * (len(SLOTS) - 1)])  # a title `&;`: Graphviz 2.43 copied it raw into <title>
def test_random_hostile_text_renders_inert(texts: list[str], tmp_path: Path) -> None:
    fill = {slot: " ".join(t.split("\n")) or "x" for slot, t in zip(SLOTS, texts, strict=True)}
    fill["PROSE"] = fill["PROSE"].replace("\n", " ")
    dot, mermaid, _ = outputs(flow_text(fill), tmp_path)
    assert dot_graph(dot) == dot_graph(outputs(PLAIN, tmp_path)[0])
    assert mermaid_shape(mermaid) == mermaid_shape(outputs(PLAIN, tmp_path)[1])


def test_the_checks_can_fail() -> None:
    """The inertness checks are not vacuous: a link, a script and a broken label are caught."""
    bad = b'<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:x"><text>y</text></a></svg>'
    with pytest.raises(AssertionError):
        assert_svg_inert(bad)
    with pytest.raises(AssertionError):
        assert_svg_inert(b'<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>')
    with pytest.raises(ET.ParseError):
        assert_svg_inert(b'<svg xmlns="http://www.w3.org/2000/svg"><text>\xef\xbf\xbf</text></svg>')
    with pytest.raises(AssertionError):
        mermaid_shape('---\ntitle: "t"\n---\nflowchart TB\n  n_a["x"]\n  click n_a href "javascript:x"\n')
    if shutil.which("dot"):
        with pytest.raises(AssertionError):
            dot_graph('digraph { a [label=<<table href="javascript:x"><tr><td>x</td></tr></table>>]; }')
