"""What is drawn: node kinds and shapes, edge labels, ports, ghosts, terminals, errata."""

from __future__ import annotations

import re

from checklist.render import make_scene, render_text
from checklist.render.dot import node_attrs
from checklist.render.select import select
from tests.render.conftest import program


def kinds(name: str, **scope: str) -> dict[str, str]:
    p = program(name)
    return {n.id: n.kind for n in make_scene(p, select(p, **scope)).nodes}  # type: ignore[arg-type]


def test_node_kinds_and_shapes_follow_the_jumps() -> None:
    p = program("hardest")
    scene = make_scene(p)
    by_id = {n.id: n for n in scene.nodes}
    expected = {"combat.11": ("dispatch", "tab"), "combat.38": ("split", "trapezium"),
                "combat.54": ("decision", "diamond"), "combat.12": ("action", "box"),
                "start:combat.4": ("start", "oval"), "end:combat.135": ("end", "oval"),
                "return:combat.135": ("return", "invhouse")}  # fmt: skip
    for node_id, (kind, shape) in expected.items():
        assert by_id[node_id].kind == kind
        assert node_attrs(by_id[node_id])["shape"] == shape
    assert "join" in by_id["combat.128"].marks  # `split 62 for each defender until 128`
    assert node_attrs(by_id["combat.128"])["peripheries"] == "2"
    assert by_id["combat.54"].refs == "B407, B556, B414"
    assert "Refs: B407, B556, B414" in by_id["combat.54"].tooltip


def test_labels_number_and_title_wrapped() -> None:
    dot = render_text(make_scene(program("hardest")))
    assert re.search(r'"combat\.28" \[.*label=<<b>28</b> Grappling or<br/>unarmed\?', dot)


def test_parallel_jumps_merge_into_one_short_label() -> None:
    p = program("hardest")
    edges = {(e.source, e.target): e for e in make_scene(p).edges}
    choose = edges[("combat.62", "combat.69")]  # `choose defense`: the fact goes, the values stay
    assert choose.label == "dodge / block /\nparry"
    assert "defense = dodge" in choose.tooltip
    assert edges[("combat.97", "combat.98")].label == "Limb"  # dispatch: the row key
    assert edges[("combat.4", "combat.6")].label == "holding-weapon"
    assert all(len(line) <= 24 for e in edges.values() for line in e.label.split("\n"))


def test_erratum_edges_are_marked() -> None:
    p = program("hardest")
    edges = [e for e in make_scene(p).edges if e.source == "combat.92"]
    assert edges and all("erratum" in e.marks for e in edges)
    assert all("erratum" in e.tooltip for e in edges)
    assert 'color="#d95f02"' in render_text(make_scene(p)).split('"combat.92" -> ')[1].split("\n")[0]


def test_cross_checklist_jumps_go_to_ports() -> None:
    got = kinds("ports.flow")
    assert got["to:sec:first:open:second.1"] == "port"
    assert got["from:sec:second:close:first.3"] == "port"
    assert got["return:second.2"] == "return"


def test_a_section_gets_ghosts_for_steps_outside_it() -> None:
    got = kinds("hardest", section="choose-maneuver")
    assert got["to::combat.4"] == "ghost"  # 135 -> 4 leaves the section
    assert "combat.4" not in got
    assert got["from::combat.4"] == "ghost"  # 4 -> 11 comes in from outside


def test_rendering_is_deterministic() -> None:
    texts = {render_text(make_scene(program("hardest"), findings=True)) for _ in range(3)}
    assert len(texts) == 1
