"""`checklist paths [FLOW] [--cover steps|edges] [-o DIR] [--budget N]`.

Exit codes (checklist.cli.exitcodes): 0 every target is covered; 1 some step or edge could not
be covered (the report says which and why), the engine failed on the flow (it has check
errors), or the flow has no steps; 2 bad
command line, unreadable flow, or DIR cannot be written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from checklist.checks import check
from checklist.cli import exitcodes
from checklist.cli.data import default_flow
from checklist.paths.plan import cover
from checklist.paths.scripts import names, report_text, script_text
from checklist.program.load import load


def run(args: argparse.Namespace) -> int:

    if args.budget < 1:
        print(
            f"checklist paths: --budget {args.budget}: give 1 or more engine states, e.g. --budget 6000",
            file=sys.stderr,
        )
        return exitcodes.USAGE
    flow: Path = args.flow or default_flow()
    program = load(flow)
    errors = sum(1 for d in check(program) if d.severity == "error")
    if not program.steps:
        print(
            f"checklist paths: {flow}: the flow has no steps; add a checklist with steps (docs/language.md)",
            file=sys.stderr,
        )
        return exitcodes.FINDINGS
    coverage = cover(program, args.cover, budget=args.budget)
    files = names(coverage)
    texts = [script_text(coverage, i, name) for i, name in enumerate(files)]
    if args.output is not None:
        try:
            _write(args.output, files, texts)
        except OSError as exc:
            print(
                f"checklist paths: -o {args.output}: cannot write there: {exc.strerror or exc}; "
                "pick a folder you can write with -o DIR",
                file=sys.stderr,
            )
            return exitcodes.USAGE
    out = sys.stdout
    if errors:
        out.write(
            f"note: `checklist check` finds {errors} error(s) in this flow; `checklist run` refuses it "
            "until they are fixed\n"
        )
    out.write(report_text(program, coverage, files, str(flow)))
    if args.output is not None:
        out.write(f"wrote {len(files)} scripts to {args.output}\n")
    else:
        for name, text in zip(files, texts, strict=True):
            out.write(f"\n# ---- {name} ----\n{text}")
    return exitcodes.FINDINGS if coverage.missed or coverage.failures else exitcodes.OK


def _write(folder: Path, files: list[str], texts: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in zip(files, texts, strict=True):
        (folder / name).write_text(text, encoding="utf-8")
