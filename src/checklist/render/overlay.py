"""What is drawn on top of the flow: the checker's findings (--findings) and a session's path (--trace)."""

from __future__ import annotations

import json
from bisect import bisect_right
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING

from checklist import model as m
from checklist.checks import check, no_exit
from checklist.graph.program import Program
from checklist.model.diagnostics import SYNTAX, Diagnostic
from checklist.model.limits import MAX_INPUT_BYTES
from checklist.program.files import LoadError, read_file
from checklist.render.select import RenderUsageError

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

MAX_SUMMARY = 12  # lines of the findings note before "… and N more"


@dataclass(frozen=True, slots=True)
class Findings:
    unreachable: frozenset[str] = frozenset()
    traps: tuple[frozenset[str], ...] = ()
    no_exit: frozenset[str] = frozenset()
    by_step: dict[str, tuple[str, ...]] = field(default_factory=dict)
    summary: tuple[str, ...] = ()

    @property
    def trapped(self) -> frozenset[str]:
        return frozenset().union(*self.traps)


@dataclass(frozen=True, slots=True)
class Trace:
    path: tuple[str, ...]
    current: str | None = None


def findings(program: Program) -> Findings:
    """Run the checker and recompute its graph findings from program.flow, step by step."""

    found = check(program)
    by_step = _attach(program, found)
    errors = sum(d.severity == "error" for d in found)
    summary = [f"checklist check: {errors} errors, {len(found) - errors} warnings"]
    summary += [f"{d.code.code} {d.message}" for d in found[:MAX_SUMMARY]]
    if len(found) > MAX_SUMMARY:
        summary.append(f"\u2026 and {len(found) - MAX_SUMMARY} more (run `checklist check`)")
    if any(d.code is SYNTAX for d in found):
        summary.append("a line does not parse: reachability and loops are not drawn")
        return Findings(by_step=by_step, summary=tuple(summary))
    flow = program.flow
    reached = flow.reachable([flow.start]) if flow.start in flow.steps else set(flow.steps)
    exits = no_exit.exits(program, flow)  # the checker's own rule: a `return` counts only via its split
    stuck = {key for key in flow.steps if key not in exits}
    traps = [frozenset(c) for c in flow.strongly_connected() if c[0] in stuck and _is_loop(program, c)]
    traps.sort(key=lambda c: min(_order(program, k) for k in c))
    trapped = frozenset().union(*traps)
    return Findings(
        unreachable=frozenset(k for k in flow.steps if k not in reached),
        traps=tuple(traps),
        no_exit=frozenset(k for k in stuck if k not in trapped and k in reached),
        by_step=by_step,
        summary=tuple(summary),
    )


def _is_loop(program: Program, component: list[str]) -> bool:
    if len(component) > 1:
        return True
    key = component[0]
    return key in set(program.flow.successors(key))


def _order(program: Program, key: str) -> int:
    return list(program.steps).index(key)


def _attach(program: Program, found: list[Diagnostic]) -> dict[str, tuple[str, ...]]:
    """Each diagnostic that points inside a step (its own line up to its last statement)."""
    starts: dict[str, list[tuple[int, int, str]]] = {}
    for key, step in program.steps.items():
        starts.setdefault(step.span.file, []).append((step.span.line, _last_line(step), key))
    for rows in starts.values():
        rows.sort()
    attached: dict[str, list[str]] = {}
    for d in found:
        rows = starts.get(d.span.file, [])
        i = bisect_right(rows, (d.span.line, 1 << 30, "")) - 1
        if i >= 0 and rows[i][0] <= d.span.line <= rows[i][1]:
            attached.setdefault(rows[i][2], []).append(f"{d.code.code} {d.message}")
    return {key: tuple(lines) for key, lines in attached.items()}


def _last_line(step: m.Step) -> int:
    parts: list[m.Span] = [step.span]
    parts += [r.span for r in step.refs] + [j.span for j in step.jumps] + [e.span for e in step.errata]
    parts += [n.span for n in step.notes] + [o.span for o in step.options] + [u.span for u in step.uses]
    for jump in step.jumps:
        if isinstance(jump, m.Choose):
            parts += [w.span for w in jump.whens]
    return max(p.end_line for p in parts)


def read_trace(path: Path, program: Program) -> tuple[Trace, list[str]]:
    """Read {"trace": [step keys in order], "current": key?}; unknown keys become warnings."""
    try:
        data = json.loads(read_file(path, "a session file", MAX_INPUT_BYTES).decode("utf-8"))
    except LoadError as exc:
        raise RenderUsageError(f"--trace {exc}") from None
    except UnicodeDecodeError:
        raise RenderUsageError(
            f"--trace {path}: not UTF-8 text; pass a session file (checklist run --session)"
        ) from None
    except json.JSONDecodeError as exc:
        raise RenderUsageError(
            f"--trace {path}:{exc.lineno}: not JSON: {exc.msg}; pass a session file (checklist run --session)"
        ) from None
    except (ValueError, RecursionError) as exc:  # 4300+ digit numbers, deep nesting
        raise RenderUsageError(
            f"--trace {path}: not a session file ({exc}); pass one that checklist run --session wrote"
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("trace"), list):
        raise RenderUsageError(
            f'--trace {path}: expected a JSON object with "trace": [step keys in order]; pass a '
            "session file (checklist run --session)"
        )
    raw = data["trace"]
    current = data.get("current")
    if not all(isinstance(k, str) for k in raw) or not (current is None or isinstance(current, str)):
        raise RenderUsageError(
            f'--trace {path}: "trace" must list step keys such as "combat.54", "current" must be one key'
        )
    warnings = [
        f"{path}: step {k} is not in this flow; left out of the trace"
        for k in dict.fromkeys(raw)
        if k not in program.steps
    ]
    if current is not None and current not in program.steps:
        warnings.append(f"{path}: current step {current} is not in this flow")
        current = None
    path_keys = tuple(k for k in raw if k in program.steps)
    return Trace(path_keys, current if current is not None else None), warnings
