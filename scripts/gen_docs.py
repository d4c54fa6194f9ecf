"""Regenerate docs/checks.md and docs/errata.md from the check cases and the flows.

Run `python scripts/gen_docs.py`; tests/test_docs.py fails when either file is stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from checklist import check, load  # noqa: E402
from checklist.graph.program import Program  # noqa: E402
from checklist.model.diagnostics import CODES, EXPECTATION, Diagnostic  # noqa: E402

CASES = ROOT / "tests" / "checks" / "cases"

CHECKS_HEAD = """# Checks

`checklist check [PATHS] [--format text|json] [--werror]` runs every rule below. Each finding
is data: a stable code, a severity, a message, a primary span (file, line, column), notes and
help. Codes never change meaning; new checks get new codes.

Exit codes: 0 clean or warnings only; 1 errors (or warnings under `--werror`); 2 usage error or
unreadable input (a missing file, a folder with no flows, non-UTF-8, UTF-16 or binary input).
See [exit-codes.md](exit-codes.md).

## JSON format (`--format json`, version 1)

```json
{
  "version": 1,
  "summary": {"errors": 1, "warnings": 0},
  "diagnostics": [
    {
      "code": "E201", "name": "unknown-step", "severity": "error",
      "message": "jump from demo.1 goes to step 4, which `demo` does not have",
      "span": {"file": "demo.flow", "line": 5, "column": 15, "end_line": 5, "end_column": 16},
      "notes": [], "help": "did you mean step 3? `demo` has steps 1-3"
    }
  ]
}
```

Fields are only ever added, never renamed or removed, within a version. Lines and columns count
from 1; `end_column` is exclusive. Diagnostics are sorted by file, line, column, code.

At most 1000 findings of each code are listed (`MAX_LISTED_PER_CODE`, so that a flow with
100 000 broken steps is reported in bounded memory); the rest of that code become one more
diagnostic whose `"more": N` field counts them, and the summary counts them all. `"more"` is
present only on that line.

## One mistake, one error

A syntax error (E001) says what the author typed and what would do, in the words of the
language (`->`, `(`, a "quoted text"; never a name from inside the grammar), with the likely fix:
`go to 12` is `go 12`, `if lucky 3` lacks its `->`, `step 1 First` its quotes, a `(` is never
closed. The lines that would have nested under a broken line (a broken `step`'s jumps, a
misspelt `choose`'s `when` lines) and the tail of a broken statement (the lines it goes on
to) give no further error, and while a line does not parse the graph checks do not run. A jump
to a step that does not exist (E201) counts as a way out of the loop it leaves when its
checklist has a way to an end: the loop gets no E204 of its own.

## Codes

Each code below shows a wrong flow (from `tests/checks/cases/*.bad.flow`, where `# E:` comments mark
the expected findings) and a right one (`*.ok.flow`). The test suite checks both.
"""


def checks_md() -> str:
    parts = [CHECKS_HEAD]
    parts.append("| code | name | severity | what it finds |\n|---|---|---|---|")
    parts.extend(f"| {c.code} | {c.name} | {c.severity} | {c.summary} |" for c in CODES)
    for code in CODES:
        parts.append(f"\n### {code.code} {code.name} ({code.severity})\n\n{code.summary.capitalize()}.")
        bads = sorted(CASES.glob(f"{code.code}-*.bad.flow"))  # every wrong case, in a stable order
        ok = next(iter(sorted(CASES.glob(f"{code.code}-*.ok.flow"))), None)
        if not bads or ok is None:
            tests = "`tests/cli/test_main.py` and `tests/syntax/test_parse.py`"
            parts.append(f"\nReported by the loader; {tests} cover {code.code}.")
            continue
        for bad in bads:
            parts.append(f"\nWrong (`{bad.name}`):\n\n```\n{bad.read_text(encoding='utf-8').rstrip()}\n```")
        parts.append(f"\nRight (`{ok.name}`):\n\n```\n{ok.read_text(encoding='utf-8').rstrip()}\n```")
    return "\n".join(parts) + "\n"


def _owner(program: Program, d: Diagnostic) -> str | None:
    """The step a verbatim diagnostic is about: by line, or an assertion's source step."""
    if d.code is EXPECTATION:
        expect = next(e for e in program.expects if e.span.line == d.span.line and e.span.file == d.span.file)
        return program.resolve(expect.source, expect.checklist)
    best = None
    for step in program.steps.values():
        before = step.span.file == d.span.file and step.span.line <= d.span.line
        if before and (best is None or step.span.line > best.span.line):
            best = step
    return best.key if best else None


def errata_md() -> str:
    flow, verbatim = load(ROOT / "flow"), load(ROOT / "tests" / "fixtures" / "verbatim")
    found: dict[str, list[str]] = {}
    for d in check(verbatim):
        owner = _owner(verbatim, d)
        if owner:
            found.setdefault(owner, []).append(f"{d.code.code} {d.message}")
    rows = [
        "# Errata",
        "",
        "The printed checklists (seed 003) against the corrected flows in `flow/`. Each row is one",
        "`erratum` line in `flow/`. *Checker* is what `checklist check tests/fixtures/verbatim` (the",
        "printed text, jumps exactly as printed) reports on that step, or *found by reading* where the",
        "printed jump is structurally fine and only a rules reading shows it wrong. Generated by",
        "`python scripts/gen_docs.py`.",
        "",
        "| step | printed | checker (verbatim) | fix |",
        "|---|---|---|---|",
    ]
    order = {"pre-combat": 0, "combat": 1, "post-combat": 2}
    for key, step in sorted(flow.steps.items(), key=lambda kv: (order.get(kv[1].checklist, 3), kv[1].number)):
        for erratum in step.errata:
            said = "<br>".join(_cell(s) for s in found.get(key, [])) or "found by reading"
            rows.append(f'| {key} | "{_cell(erratum.printed)}" | {said} | {_cell(erratum.reason)} |')
    for table in flow.tables.values():
        for erratum in table.errata:
            said = (
                "<br>".join(
                    _cell(f"{d.code.code} {d.message}") for d in check(verbatim) if f"table `{table.name}`" in d.message
                )
                or "found by reading"
            )
            rows.append(f'| table {table.name} | "{_cell(erratum.printed)}" | {said} | {_cell(erratum.reason)} |')
    return "\n".join(rows) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


OUTPUTS = {"docs/checks.md": checks_md, "docs/errata.md": errata_md}

if __name__ == "__main__":
    for name, make in OUTPUTS.items():
        (ROOT / name).write_text(make(), encoding="utf-8")
        print(f"wrote {name}")
