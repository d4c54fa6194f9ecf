"""`checklist check` of two source trees side by side, alternating, CPU time of the child beside
the wall time: `python bench/check_before_after.py BEFORE AFTER [RUNS] [--file FLOW]`, each a
folder holding `src/` and `flow/` (make one with `git archive REV src flow | tar -x -C DIR`).

Without --file it checks each tree's `flow/`. With --file it checks FLOW (a synthetic flow of
bench/generate.py) with `--no-cache`, and the flow limit raised to 64 MB in both trees alike, by
setting it before the command starts (a tree from before `--max-flow-mb` has no option for it).

Each tree's bytecode is cached in a temporary PYTHONPYCACHEPREFIX (PYTHONDONTWRITEBYTECODE
dropped), as for an installed package, and each runs once untimed first to fill it: else both
would compile their modules at every run (about 0.1 s each on this machine)."""

import atexit
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import timed  # noqa: E402

# the limit as both kinds of tree read it: MAX_FILE_BYTES where it is bound at import, _flow_bytes after
RAISED = (
    "import sys; import checklist.model.limits as L; L.MAX_FILE_BYTES = L._flow_bytes = 64 << 20; "
    "from checklist.cli.main import entry; sys.argv = ['checklist', 'check', '--no-cache', sys.argv[1]]; entry()"
)

args = [a for a in sys.argv[1:] if a != "--file"]
flow = sys.argv[sys.argv.index("--file") + 1] if "--file" in sys.argv else None
if flow is not None:
    args.remove(flow)
before, after = args[0], args[1]
runs = int(args[2]) if len(args) > 2 else 10
res: dict[str, list[tuple[float, float, int]]] = {"before": [], "after": []}
caches = {name: tempfile.mkdtemp(prefix=f"check-{name}-pyc-") for name in res}
for folder in caches.values():
    atexit.register(shutil.rmtree, folder, ignore_errors=True)


def command(name: str, root: str) -> tuple[list[str], dict[str, str]]:
    env = {**os.environ, "PYTHONPATH": root + "/src", "PYTHONPYCACHEPREFIX": caches[name]}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    cmd = [sys.executable, "-m", "checklist", "check", root + "/flow"]
    if flow is not None:
        cmd = [sys.executable, "-c", RAISED, flow]
    return cmd, env


for name, root in (("before", before), ("after", after)):
    timed(*command(name, root))  # fills the bytecode cache
for _ in range(runs):
    for name, root in (("before", before), ("after", after)):
        res[name].append(timed(*command(name, root)))
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
