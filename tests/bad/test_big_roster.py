"""Class 5 (big but legal) for rosters: found by measuring the peak memory of a 12 MB roster.

80 000 combatants took minutes: the check for two combatants of one name counted each name in
the whole list (quadratic).  30 000 combatants must be read within 10 s of CPU time, a bound
the kernel enforces (RLIMIT_CPU), not a timed assertion: the quadratic check alone took 23 s.
"""

from __future__ import annotations

import resource
import subprocess
import sys

CODE = """
from checklist.roster.combatants import from_data
people = [{"name": f"C{i}", "st": 10, "dx": 11, "ht": 12, "hp": 10, "basic-speed": 5.75} for i in range(30_000)]
people.append({"name": "c29999", "st": 10, "dx": 11, "ht": 12, "hp": 10, "basic-speed": 5.75})
try:
    from_data({"combatant": people}, "r.toml")
except ValueError as exc:
    print(exc)
"""


def _cpu_limit() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (10, 10))


def test_thirty_thousand_combatants_are_read_in_linear_time() -> None:
    result = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=300,
                            preexec_fn=_cpu_limit)  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    assert "two combatants are called `c29999`; give each a different name" in result.stdout
