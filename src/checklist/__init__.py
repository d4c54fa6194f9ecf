"""checklist: GURPS combat checklists as executable flowcharts."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (5 ms): `checklist render` needs none of it

if TYPE_CHECKING:
    from checklist.graph.program import Program
    from checklist.model.diagnostics import Diagnostic

__all__ = ["check", "load"]
__version__ = "0.1.0"  # the one version: pyproject.toml reads it here (hatch), `checklist --version` prints it


def load(path: object) -> Program:
    """Load a .flow file or a folder of them (`flow/` by default in the CLI)."""
    # deferred: importing any checklist module runs this file, and loading needs lark (100 ms)
    from checklist.program.load import load as _load

    return _load(path)  # type: ignore[arg-type]


def check(program: Program) -> list[Diagnostic]:
    """Every diagnostic for a loaded program, sorted by file and position."""
    from checklist.checks import check as _check  # deferred: as in load()

    return _check(program)
