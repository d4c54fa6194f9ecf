"""Everything from a flow or a roster that reaches the page is inert: hostile text in every slot
of a flow (tests/render/test_inert.py's payloads) and in a combatant's name gives a page whose
only scripts, links and event handlers are our own."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from checklist.engine.session import Session
from checklist.program.load import load
from checklist.web.chart import SVG, template
from tests.render.test_inert import PAYLOADS, SLOTS, flow_text
from tests.web.conftest import serve

OURS = {("script", "src", "/static/htmx.min.js"), ("script", "src", "/static/serve.js"),
        ("link", "href", "/static/serve.css")}  # fmt: skip


class Active(HTMLParser):
    """Collects every tag that could run or lead somewhere, and every event attribute."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str, str]] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.scripts += tag == "script"
        for name, value in attrs:  # text in a title or a label is only text: it is escaped, and never run
            local = name.rpartition(":")[2]
            if local.startswith("on") or local in ("href", "src", "action", "formaction", "style"):
                self.found.append((tag, name, value or ""))


def active(html: str) -> tuple[set[tuple[str, str, str]], int]:
    parser = Active()
    parser.feed(html)
    return set(parser.found), parser.scripts


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_hostile_flow_gives_an_inert_page(tmp_path: Path, payload: str) -> None:
    path = tmp_path / "hostile.flow"
    path.write_text(flow_text(dict.fromkeys(SLOTS, payload)), "utf-8")
    program = load([path])
    served = serve(tmp_path, Session(program))
    page = served.client.get("/").text
    assert "<svg" in page  # the flowchart is drawn, and its text is inert too
    forms = {("form", "action", f"/{a}") for a in ("answer", "undo")}
    found, scripts = active(page)
    assert found <= OURS | forms and scripts == 2
    prose = served.client.get("/step", params={"key": "t.1"}).text
    assert active(prose) == (set(), 0)


def test_the_template_drops_scripts_links_and_handlers_whatever_the_svg_holds() -> None:
    svg = (f'<svg xmlns="{SVG}" xmlns:xlink="http://www.w3.org/1999/xlink" width="10pt" height="10pt">'
           '<script>alert(1)</script><g id="node1" class="node" onclick="alert(2)"><title>t.1</title>'
           '<a xlink:href="javascript:alert(3)" href="javascript:alert(4)"><polygon points="0,0 5,5"/>'
           "<text>1</text></a></g><foreignObject><p>x</p></foreignObject></svg>")  # fmt: skip
    layout = template(svg, {"t.1"}, "T")
    html = "".join(layout.parts)
    assert "alert" not in html and "foreignObject" not in html and 'width="10"' in html
    assert layout.nodes == ("t.1",)
