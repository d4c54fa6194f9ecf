"""The text of `checklist paths`: the answer scripts and the coverage report.

Flow text (conditions, table cells, end labels) is shown with its control characters
escaped: a `#` line of a script must stay one line, and nothing from a flow may reach the
terminal as an escape sequence.
"""

from __future__ import annotations

import re

from checklist.graph.flowgraph import Edge
from checklist.graph.program import Program
from checklist.paths.plan import Coverage, Script, Target, describe


def names(coverage: Coverage) -> list[str]:
    """`script-01.answers`, ... (wider numbers when there are 100 or more)."""
    width = max(2, len(str(len(coverage.scripts))))
    return [f"script-{i:0{width}d}.answers" for i in range(1, len(coverage.scripts) + 1)]


def script_text(coverage: Coverage, index: int, name: str) -> str:
    """An `--answers` file: a header, then for each prompt a `#` line saying which step asks
    what, and the answer.  No blank line stands anywhere but as an answer (Enter)."""
    script = coverage.scripts[index]
    what = "edges" if coverage.mode == "edges" else "steps"
    first = f", from {safe(describe(script.covers[0]))} on" if script.covers else ""
    lines = [
        f"# checklist paths --cover {coverage.mode}: script {index + 1} of {len(coverage.scripts)}, "
        f"{len(script.answers)} answers, {script.visits} steps visited, {_ending(script)}.",
        f"# It covers {len(script.covers)} new {what}{first}.",
        f"# Replay: checklist run FLOW --learn --ask-computed --answers {name} --session FILE",
        "# (--ask-computed: computed facts are answered here, as a game master overriding them would)",
        "# One line per prompt, exactly as typed; an empty line is Enter; `#` lines are comments.",
    ]
    for prompt, answer in zip(script.prompts, script.answers, strict=True):
        lines.append(f"# {safe(prompt)}")
        lines.append(answer)
    return "\n".join(lines) + "\n"


def report_text(program: Program, coverage: Coverage, files: list[str], flow: str) -> str:
    what = "edges" if coverage.mode == "edges" else "steps"
    total = len(coverage.targets)
    lines = [
        f"{what} of {flow}: {coverage.covered} of {total} covered by {len(coverage.scripts)} scripts "
        f"({coverage.answers} answers, {coverage.visits} steps visited)",
    ]
    width = max((len(f) for f in files), default=0)
    for name, script in zip(files, coverage.scripts, strict=True):
        lines.append(
            f"  {name:<{width}}  {len(script.answers):>4} answers  {script.visits:>4} steps  "
            f"{len(script.covers):>4} new  {_ending(script)}"
        )
    stopped = [(n, s) for n, s in zip(files, coverage.scripts, strict=True) if not s.ended]
    if stopped:
        lines.append(f"scripts that stop before an end ({len(stopped)}):")
        lines.extend(f"  {name}: stops at {s.stop}: {safe(s.why)}" for name, s in stopped)
    if coverage.failures:
        lines.append(
            f"the engine failed {len(coverage.failures)} times (the search went round; `checklist check` finds why):"
        )
        lines.extend(f"  {safe(failure)}" for failure in coverage.failures[:20])
    if coverage.missed:
        lines.append(f"not covered ({len(coverage.missed)} {what}):")
        for target, why in coverage.missed.items():
            lines.append(f"  {safe(_where(program, target))}: {safe(describe(target))}")
            lines.append(f"    {safe(why)}")
    else:
        lines.append(f"every {what[:-1]} is covered")
    return "\n".join(lines) + "\n"


def _ending(script: Script) -> str:
    return f"ends at {script.stop}" if script.ended else f"stops at {script.stop}"


def _where(program: Program, target: Target) -> str:
    if isinstance(target, Edge):
        return str(target.span)
    return str(program.steps[target].span)


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def safe(text: str) -> str:
    """`text` on one line, with control characters (and bidi overrides) written as escapes."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
