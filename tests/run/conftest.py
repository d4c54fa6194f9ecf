"""Paths for the `checklist run` tests; the flows themselves are fixtures in tests/conftest.py."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import DUEL, FLOW, HARDEST, ROOT

DATA = Path(__file__).resolve().parent / "data"
PLANS = ROOT / "tests" / "plans"
__all__ = ["DATA", "DUEL", "FLOW", "HARDEST", "PLANS", "ROOT"]
