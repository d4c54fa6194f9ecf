"""Which steps to draw: the whole program, one checklist, one section, or a neighbourhood."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Literal

from checklist.graph.program import Program
from checklist.render.errors import RenderUsageError as RenderUsageError  # also imported from here

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

Scope = Literal["program", "checklist", "section", "around"]


@dataclass(frozen=True, slots=True)
class Selection:
    scope: Scope
    keys: tuple[str, ...]  # the steps drawn, in program order
    title: str
    slug: str  # a file name stem: `combat`, `combat-damage`, `combat.54-around-2`
    focus: str | None = None  # --around: the centre step


def select(
    program: Program,
    checklist: str | None = None,
    section: str | None = None,
    around: str | None = None,
    depth: int = 2,
) -> Selection:
    if checklist is not None and checklist not in program.checklists:
        known = _listing(program.checklists)
        raise RenderUsageError(f"--checklist {checklist}: no such checklist; the flow has: {known}; pass one of them")
    if around is not None:
        if section is not None:
            raise RenderUsageError("--around and --section cannot be combined; pick one")
        return _around(program, _step_key(program, around, checklist), depth)
    if section is not None:
        return _section(program, section, checklist)
    if checklist is not None:
        owned = program.checklists[checklist]
        keys = tuple(s.key for s in owned.steps if program.steps.get(s.key) is s)
        return Selection("checklist", keys, owned.title, checklist)
    order = _reading_order(program)
    ordered = sorted(program.steps, key=lambda k: order[program.steps[k].checklist])  # stable sort
    return Selection("program", tuple(ordered), _program_title(program, order), "flow")


def _reading_order(program: Program) -> dict[str, int]:
    """Checklists in the order a session meets them: the start's first, then where jumps lead."""
    start = program.start
    seeds = ([program.steps[start].checklist] if start in program.steps else []) + list(program.checklists)
    order: dict[str, int] = {}
    for seed in seeds:
        queue = deque([seed])
        while queue:
            checklist = queue.popleft()
            if checklist in order or checklist not in program.checklists:
                continue
            order[checklist] = len(order)
            for step in program.checklists[checklist].steps:
                queue.extend(
                    program.steps[e.target].checklist
                    for e in program.flow.out.get(step.key, [])
                    if e.target is not None
                )
    return order


def _program_title(program: Program, order: dict[str, int]) -> str:
    titles = [program.checklists[c].title for c in sorted(order, key=order.__getitem__)]
    return " · ".join(titles) if titles else "(empty flow)"


def _section(program: Program, name: str, checklist: str | None) -> Selection:
    owners = [
        c
        for c in program.checklists.values()
        if (checklist is None or c.id == checklist) and any(s.name == name for s in c.sections)
    ]
    if not owners:
        known = sorted(
            {
                f"{c.id}:{s.name}"
                for c in program.checklists.values()
                for s in c.sections
                if checklist is None or c.id == checklist
            }
        )
        where = f" in checklist `{checklist}`" if checklist else ""
        raise RenderUsageError(
            f"--section {name}: no such section{where}; sections: {', '.join(known) or '(none)'}; pass one of them"
        )
    if len(owners) > 1:
        ids = ", ".join(c.id for c in owners)
        raise RenderUsageError(f"section `{name}` is in several checklists ({ids}); add --checklist")
    owner = owners[0]
    declared = next(s for s in owner.sections if s.name == name)
    keys = tuple(s.key for s in owner.steps if s.section == name and program.steps.get(s.key) is s)
    return Selection("section", keys, f"{owner.title}: {declared.title}", f"{owner.id}-{name}")


def _step_key(program: Program, text: str, checklist: str | None) -> str:
    if "." in text:
        key = text
    elif text.isdigit():
        owners = [checklist] if checklist else [c for c in program.checklists if f"{c}.{int(text)}" in program.steps]
        if len(owners) > 1:
            raise RenderUsageError(
                f"step {text} is in several checklists ({', '.join(owners)}); "
                f"write it as CHECKLIST.{text} or add --checklist"
            )
        key = f"{owners[0]}.{int(text)}" if owners else text
    else:
        key = text
    if key not in program.steps:
        raise RenderUsageError(
            f"--around {text}: no such step; write a step as CHECKLIST.NUMBER, e.g. "
            f"{next(iter(program.steps), 'combat.54')}"
        )
    return key


def _around(program: Program, centre: str, depth: int) -> Selection:
    if depth < 0:
        raise RenderUsageError("--depth: give 0 or more jumps, e.g. --depth 2")
    flow = program.flow
    distance = {centre: 0}
    queue = deque([centre])
    while queue:
        key = queue.popleft()
        if distance[key] == depth:
            continue
        neighbours = [e.target for e in flow.out[key]] + [e.source for e in flow.into[key]]
        for other in neighbours:
            if other is not None and other not in distance:
                distance[other] = distance[key] + 1
                queue.append(other)
    keys = tuple(k for k in program.steps if k in distance)
    step = program.steps[centre]
    title = f"Around {centre} \u201c{step.title}\u201d (depth {depth})"
    return Selection("around", keys, title, f"{centre}-around-{depth}", focus=centre)


def _listing(names: object) -> str:
    return ", ".join(sorted(names)) or "(none)"  # type: ignore[call-overload]
