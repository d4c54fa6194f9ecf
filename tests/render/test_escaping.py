"""Text shows literally: quotes, <, >, &, braces, `"];`, backslashes, entities, in every output."""

from __future__ import annotations

import json
import re

from checklist.render import make_scene, render_text
from checklist.render.dot import quote
from checklist.render.runner import run_dot
from tests.render.conftest import needs_dot, program, svg_groups

TITLE = "Tom & Jerry <b>not bold</b> {x} ];"
PROSE = 'He said "stop"]; then <i>left</i> & {went} \\n home &amp; &lt; #quot; %% end'
NOTE = 'Note: a note with "quotes" & <angle> \\N'


@needs_dot
def test_svg_shows_every_label_and_tooltip_literally() -> None:
    svg = run_dot(render_text(make_scene(program("escaping.flow"))), "svg")
    groups = svg_groups(svg)
    text, tip = groups["esc.1"]
    assert text == "1 " + TITLE + " B100"
    assert tip.startswith("esc.1 " + TITLE + "\n\n" + PROSE + "\n\nRefs: B100\n\n" + NOTE)
    text, tip = groups["esc.2"]
    assert text == "2 Back\\slash \\N \\G &lt; literal"
    assert tip == "esc.2 Back\\slash \\N \\G &lt; literal"
    edges = [groups[k] for k in groups if k.startswith("esc.1->")]
    assert ('"q"]; <&> {}', '"q"]; <&> {}') in edges
    assert ("&amp; ;", "&amp; ;") in edges
    clusters = [text for key, (text, _) in groups.items() if key.startswith("cluster")]
    assert clusters == ["Section <one> & {two} ];"]
    assert b"<title>Checklist &lt;esc&gt; &amp; {braces} ];</title>" in svg


@needs_dot
def test_dot_text_cannot_be_broken_out_of() -> None:
    """Graphviz reads exactly the nodes and edges of the scene: no text became a statement."""
    scene = make_scene(program("escaping.flow"))
    laid = json.loads(run_dot(render_text(scene), "json"))
    nodes = [o for o in laid["objects"] if "nodes" not in o]  # clusters list their nodes
    assert sorted(o["name"] for o in nodes) == sorted(n.id for n in scene.nodes)
    assert len(laid["edges"]) == len(scene.edges)
    assert quote('a"];\\N&') == '"a\\"];\\\\N&amp;"'


def test_mermaid_encodes_syntax_characters() -> None:
    text = render_text(make_scene(program("escaping.flow")), "mermaid")
    line = next(ln for ln in text.splitlines() if "n_esc_1" in ln and "Tom" in ln)
    assert "#38;" in line and "#60;b#62;" in line and "#123;x#125;" in line
    edge = next(ln.strip() for ln in text.splitlines() if "-->" in ln and "#34;q#34;" in ln)
    assert edge == 'n_esc_1 -->|"#34;q#34;#93;; #60;#38;#62; #123;#125;"| n_esc_2'
    body = text.split("---\n", 2)[2]
    assert '"' not in "".join(re.sub(r'"[^"]*"', "", ln) for ln in body.splitlines())
