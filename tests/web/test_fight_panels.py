"""The end table and the combat log on the web page (panels.fight_html, panels.log_html): the same
view and the same words as the terminal (tests/terminal/test_fight_table.py), as golden HTML."""

from __future__ import annotations

from checklist.present.text import log_text
from checklist.web.panels import e, fight_html, log_html
from tests.conftest import ROOT, golden
from tests.present.endings import hard_fight

GOLDEN = ROOT / "tests" / "web" / "golden"


def test_the_end_table_and_the_log_as_html() -> None:
    view = hard_fight()
    html = fight_html(view) + "\n" + log_html(view) + "\n"
    golden(GOLDEN / "fight.html", html.replace("><", ">\n<"))


def test_the_page_shows_every_log_line_the_terminal_shows_newest_first() -> None:
    view = hard_fight()
    html = log_html(view)
    at = [html.index(f">{e(log_text(line))}</li>") for line in view.events]
    assert at == sorted(at, reverse=True)  # newest first
    assert all(f"<td>{e(', '.join(c.wounds) or '-')}</td>" in fight_html(view) for c in view.combatants)
