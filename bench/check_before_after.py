"""`checklist check flow/` of two source trees side by side, alternating, CPU time of the child
beside the wall time: `python bench/check_before_after.py BEFORE AFTER [RUNS]`, each a folder
holding `src/` and `flow/` (make one with `git archive REV src flow | tar -x -C DIR`)."""

import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import timed  # noqa: E402

before, after = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
res: dict[str, list[tuple[float, float, int]]] = {"before": [], "after": []}
for _ in range(runs):
    for name, root in (("before", before), ("after", after)):
        env = {**os.environ, "PYTHONPATH": root + "/src"}
        res[name].append(timed([sys.executable, "-m", "checklist", "check", root + "/flow"], env))
for name, v in res.items():
    walls = sorted(w for w, _, _ in v)
    cpus = sorted(c for _, c, _ in v)
    print(
        f"{name}: cpu min {cpus[0] * 1000:.0f} median {statistics.median(cpus) * 1000:.0f} ms; "
        f"wall min {walls[0] * 1000:.0f} median {statistics.median(walls) * 1000:.0f} ms; "
        f"exit {sorted(set(r for *_, r in v))}"
    )
b = statistics.median(c for _, c, _ in res["before"])
a = statistics.median(c for _, c, _ in res["after"])
lo = min(c for _, c, _ in res["after"]) / min(c for _, c, _ in res["before"])
print(f"after/before CPU: median {a / b:.3f}, min {lo:.3f}")
