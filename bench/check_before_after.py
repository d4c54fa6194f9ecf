"""`checklist check flow/` of two source trees side by side, alternating, CPU time of the child
beside the wall time: `python bench/check_before_after.py BEFORE AFTER [RUNS]`, each a folder
holding `src/` and `flow/` (make one with `git archive REV src flow | tar -x -C DIR`)."""

import os
import resource
import statistics
import subprocess
import sys
import time

py = sys.executable
before, after = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
res: dict[str, list[tuple[float, float, int]]] = {"before": [], "after": []}
for _ in range(runs):
    for name, root in (("before", before), ("after", after)):
        env = {**os.environ, "PYTHONPATH": root + "/src"}
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        p = subprocess.run([py, "-m", "checklist", "check", root + "/flow"], env=env, capture_output=True)
        t1 = time.perf_counter()
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        res[name].append((cpu, t1 - t0, p.returncode))
for name, v in res.items():
    cpus = sorted(c for c, _, _ in v)
    walls = sorted(w for _, w, _ in v)
    print(
        f"{name}: cpu min {cpus[0] * 1000:.0f} median {statistics.median(cpus) * 1000:.0f} ms; "
        f"wall min {walls[0] * 1000:.0f} median {statistics.median(walls) * 1000:.0f} ms; "
        f"exit {sorted(set(r for *_, r in v))}"
    )
b = statistics.median(c for c, _, _ in res["before"])
a = statistics.median(c for c, _, _ in res["after"])
lo = min(c for c, _, _ in res["after"]) / min(c for c, _, _ in res["before"])
print(f"after/before CPU: median {a / b:.3f}, min {lo:.3f}")
