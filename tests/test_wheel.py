"""An installed wheel works outside the source tree: grammar and flows come from the package."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(ROOT)],
        check=True, timeout=300,
    )  # fmt: skip
    return next(out.glob("gurps_checklist-*.whl"))


def test_wheel_ships_grammar_and_flows(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "checklist/syntax/checklist.lark" in names
    assert "checklist/syntax/tables.json" in names
    for flow in ("pre-combat", "combat", "post-combat", "tables"):
        assert f"checklist/flow/{flow}.flow" in names
    for static in ("htmx.min.js", "htmx-LICENSE.txt", "serve.js", "serve.css"):  # the page works offline
        assert f"checklist/web/static/{static}" in names
    assert "checklist/docs/checks.md" in names  # each finding's link in an editor (checklist lsp)


def test_installed_wheel_checks_bundled_flows_outside_the_tree(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
        check=True, timeout=300,
    )  # fmt: skip
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}
    where = subprocess.run(
        [sys.executable, "-c", "import checklist.syntax.parser as p; print(p.GRAMMAR, p._tables() is not None)"],
        cwd=elsewhere, env=env, capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    assert where.startswith(str(site)) and where.endswith(" True"), where
    result = subprocess.run(
        [sys.executable, "-m", "checklist", "check"], cwd=elsewhere, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "no problems found"
