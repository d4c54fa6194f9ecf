"""diagrams/ is current: the committed DOT beside each image equals the DOT generated now.

DOT text is compared, not pixels. When this fails, run `python scripts/render_diagrams.py`
and commit diagrams/.
"""

from __future__ import annotations

from checklist.cli.diagrams import CHECKLISTS, catalog, load_programs, stale
from tests.render.conftest import ROOT


def test_committed_diagrams_are_current() -> None:
    problems = list(stale(ROOT))
    assert not problems, "diagrams/ is stale; run `python scripts/render_diagrams.py`:\n" + "\n".join(problems)


def test_catalog_covers_each_checklist_each_combat_section_and_the_verbatim_findings() -> None:
    programs = load_programs(ROOT)
    stems = [d.stem for d in catalog(programs)]
    if "flow" in programs and all(c in programs["flow"].checklists for c in CHECKLISTS):
        sections = programs["flow"].checklists["combat"].sections
        assert stems[:3] == list(CHECKLISTS)
        assert len([s for s in stems if s.startswith("combat/")]) == len(sections)
        assert "verbatim-findings" in stems
