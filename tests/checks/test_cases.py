"""Every check has a failing case (annotated like mypy's `# E:` comments) and a passing one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from checklist import check, load
from checklist.checks.report import render_text, to_json
from checklist.model.diagnostics import CODES
from tests.conftest import golden

CASES = Path(__file__).parent / "cases"
GOLDEN = Path(__file__).parent / "golden"
ANNOTATION = re.compile(r"[EW]: ([EW]\d{3})")
BAD = sorted(CASES.glob("*.bad.flow"))
OK = sorted(CASES.glob("*.ok.flow"))


def expected(path: Path) -> list[tuple[int, str]]:
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if "#" in line:
            found.extend((number, code) for code in ANNOTATION.findall(line.split("#", 1)[1]))
    return sorted(found)


def relative(path: Path) -> str:
    return str(path.relative_to(Path.cwd())) if path.is_relative_to(Path.cwd()) else str(path)


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.name)
def test_bad_case_reports_exactly_its_annotations(path: Path) -> None:
    found = sorted((d.span.line, d.code.code) for d in check(load(path)))
    assert found == expected(path)
    assert path.name.split("-")[0] in {code for _, code in found}


@pytest.mark.parametrize("path", OK, ids=lambda p: p.name)
def test_ok_case_is_clean(path: Path) -> None:
    assert check(load(path)) == []


def test_every_code_has_a_bad_and_an_ok_case() -> None:
    covered = {p.name.split("-")[0] for p in BAD} & {p.name.split("-")[0] for p in OK}
    # E003/E004/E005 are covered by the CLI and parser tests.
    missing = {c.code for c in CODES} - covered - {"E003", "E004", "E005"}
    assert not missing, f"codes without a bad and an ok case: {sorted(missing)}"


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.name)
def test_text_report_is_golden(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES)
    program = load(Path(path.name))
    text = render_text(check(program), program.sources)
    golden(GOLDEN / (path.name.removesuffix(".bad.flow") + ".txt"), text)


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.name)
def test_json_report_is_golden(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES)
    program = load(Path(path.name))
    golden(GOLDEN / (path.name.removesuffix(".bad.flow") + ".json"), to_json(check(program)))
