"""Render benchmark: `python bench/bench_render.py` (docs/benchmarks.md, "Render").

Reports the median of several runs, split into the two stages of `checklist render`:

* scene + DOT text: choosing the steps, building the scene and writing DOT (Python);
* dot -Tsvg: Graphviz laying out and drawing it (subprocess);

for the whole combat checklist of flow/, each of its sections, and the whole program; then the
command-line wall time of `checklist render flow --checklist combat -o X.svg` (Python start-up and
loading the flow included); then synthetic programs of 50 to 300 steps (bench/generate.py,
no sections) to show how dot's time grows, each run under --dot-timeout. Options: --runs, --json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402
from checklist.graph.program import Program  # noqa: E402
from checklist.program.load import load  # noqa: E402
from checklist.render import make_scene, render_text  # noqa: E402
from checklist.render.runner import DotFailed, run_dot  # noqa: E402
from checklist.render.select import Selection, select  # noqa: E402

TARGETS = {"combat_svg_s": 1.0, "section_svg_s": 0.3}
SYNTHETIC = (50, 100, 150, 300)
TIMEOUT = 20.0  # the default --dot-timeout


def median(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def stages(program: Program, selection: Selection, runs: int) -> dict[str, Any]:
    source = render_text(make_scene(program, selection))
    scene = make_scene(program, selection)
    text_s = median(lambda: render_text(make_scene(program, selection)), runs)
    try:
        dot_s: float | None = median(lambda: run_dot(source, "svg", TIMEOUT), runs)
    except DotFailed:
        dot_s = None
    nodes, edges = scene.size
    total = None if dot_s is None else text_s + dot_s
    return {"title": selection.title, "nodes": nodes, "edges": edges, "text_s": text_s, "dot_s": dot_s,
            "total_s": total}  # fmt: skip


def cli_time(args: list[str], runs: int) -> float:
    exe = Path(sys.executable).with_name("checklist")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "checklist"]
    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / "x.svg")
        return median(lambda: subprocess.run([*cmd, "render", *args, "-o", out], check=True,
                                             capture_output=True), runs)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    flow = load(ROOT / "flow")
    if "combat" in flow.checklists:
        rows.append({"case": "combat checklist", **stages(flow, select(flow, "combat"), args.runs)})
        for section in flow.checklists["combat"].sections:
            sel = select(flow, "combat", section.name)
            rows.append({"case": f"section {section.name}", **stages(flow, sel, args.runs)})
        rows.append({"case": "whole program", **stages(flow, select(flow), args.runs)})
        cli = cli_time([str(ROOT / "flow"), "--checklist", "combat"], args.runs)
        rows.append({"case": "CLI: render flow --checklist combat -o x.svg", "total_s": cli})
    with tempfile.TemporaryDirectory() as tmp:
        for steps in SYNTHETIC:
            program = load(generate.write(steps, Path(tmp) / f"steps-{steps}.flow"))
            rows.append({"case": f"synthetic {steps} steps", **stages(program, select(program), 1)})
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("| case | nodes | edges | scene + DOT text | dot -Tsvg | total |")
    print("|---|---:|---:|---:|---:|---:|")
    for r in rows:
        cells = [_s(r[k]) if k in r else "" for k in ("text_s", "dot_s", "total_s")]
        print(f"| {r['case']} | {r.get('nodes', '')} | {r.get('edges', '')} | " + " | ".join(cells) + " |")


def _s(value: float | None) -> str:
    if value is None:
        return f"> {TIMEOUT:g} s (stopped)"
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


if __name__ == "__main__":
    main()
