"""Scope: the whole program, one checklist, one section, or the steps around one step."""

from __future__ import annotations

import pytest

from checklist.render.select import RenderUsageError, select
from tests.render.conftest import program


def test_whole_program_keeps_program_order() -> None:
    p = program("ports.flow")
    sel = select(p)
    assert sel.scope == "program"
    assert sel.keys == ("first.1", "first.2", "first.3", "second.1", "second.2", "second.3")


def test_one_checklist_and_one_section() -> None:
    p = program("hardest")
    assert select(p, "combat").keys == tuple(p.steps)
    sel = select(p, section="start")
    assert sel.keys == ("combat.4", "combat.6")
    assert sel.slug == "combat-start" and sel.title.endswith("Start of the turn")


def test_around_counts_jumps_both_ways() -> None:
    p = program("hardest")
    assert select(p, around="combat.97", depth=0).keys == ("combat.97",)
    one = select(p, around="97", depth=1)
    assert set(one.keys) == {"combat.92", "combat.97", "combat.98", "combat.111"}
    assert one.focus == "combat.97"
    assert len(select(p, around="combat.97", depth=2).keys) > len(one.keys)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"checklist": "nope"}, ["--checklist nope: no such checklist", "combat", "pass one of them"]),
        ({"section": "nope"}, ["--section nope: no such section", "combat:start", "pass one of them"]),
        ({"around": "combat.999"}, ["--around combat.999: no such step", "e.g. combat."]),
        ({"around": "combat.4", "section": "start"}, ["cannot be combined"]),
        ({"around": "combat.4", "depth": -1}, ["--depth"]),
    ],
)
def test_unknown_names_are_usage_errors(kwargs: dict[str, object], words: list[str]) -> None:
    with pytest.raises(RenderUsageError) as err:
        select(program("hardest"), **kwargs)  # type: ignore[arg-type]
    for word in words:
        assert word in str(err.value)


def test_a_bare_number_in_two_checklists_is_ambiguous() -> None:
    with pytest.raises(RenderUsageError, match="several checklists"):
        select(program("ports.flow"), around="1")
    assert select(program("ports.flow"), "second", around="1").focus == "second.1"
