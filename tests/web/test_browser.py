"""Turn (a) of the table-turn benchmark played in a real Chromium by clicking and typing: the roll
line, the ledger, the lit step and the roster's HP; undo, reload, restart; a bad answer and a
forged request; screenshots at 1280x800 and 768x1024 with everything needed in view; axe-core.

The setup (round 1, as bench/table_turn.py plays it) is played by `checklist run`; the browser
takes over at Alice's turn in round 2 (`checklist serve --session` resumes the file). What the
page must show is worked out by a Session given the same answers (the views of run/), and by
hand for the wound: 1d+2 cut rolls 3 (seed 1), torso DR 2 leaves 1, x1.5 for cutting (B379)
is 1.5, rounded down to 1 injury: Bruno, at 12 HP after round 1's wound of 1, is left at 11.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from checklist.engine.questions import BadAnswer
from checklist.engine.session import Session
from checklist.present.chart import chart_view
from checklist.present.rolls import roll_line
from checklist.present.screen import screen
from checklist.program.load import load
from checklist.roster.load import load as load_roster
from checklist.web.app import FORGED
from tests.conftest import ROOT
from tests.web.browser import SCREENS, Server, axe_source, axe_violations, chrome, missing, viewport

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")

HANG = 90  # seconds: a bound on a hang, not on speed (a loaded 2-core machine took over 20)
TURN = ROOT / "bench" / "table_turn"
ROSTER = TURN / "roster.toml"
SETUP = ("setup/alice-hits", "setup/nothing", "setup/nothing")
SEED = 1  # bench/table_turn.py's seed for turn (a): a hit, the parry fails


def answers(name: str) -> list[str]:
    text = (TURN / f"{name}.answers").read_text("utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def expected() -> Session:
    """The session the page should show, at the start of turn (a)."""
    session = Session(load([ROOT / "flow"]), at="combat.1", seed=SEED, roster=load_roster(ROSTER), pause=False)
    for name in SETUP:
        for line in answers(name):
            session.answer(line)
    return session


@pytest.fixture
def turn_file(tmp_path: Path) -> Path:
    """A session file at the start of turn (a), made by `checklist run` as the benchmark makes it."""
    setup = tmp_path / "setup.answers"
    setup.write_text("\n".join(line for name in SETUP for line in answers(name)) + "\n", "utf-8")
    session = tmp_path / "session.json"
    done = subprocess.run([sys.executable, "-m", "checklist", "run", "flow", "--roster", str(ROSTER), "--at",
                           "combat.1", "--seed", str(SEED), "--answers", str(setup), "--session", str(session)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 6, done.stderr  # the answers ran out at Alice's turn: saved
    return session


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    driver = chrome(tmp_path / "profile")
    try:
        yield driver
    finally:
        driver.quit()


def by_css(driver: Any, selector: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector)


def wait_for_step(driver: Any, step: str, fact: str | None) -> None:
    """Until htmx has swapped in the page of `step` asking `fact`."""
    from selenium.webdriver.support.ui import WebDriverWait

    def there(d: Any) -> bool:
        found = d.execute_script(
            "const a = document.getElementById('ask'); const p = document.getElementById('play');"
            "if (document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')) return null;"
            "return [p && p.dataset.step, a && a.dataset.fact];"
        )
        return bool(found == [step, fact])  # and htmx done with it: a person cannot press within its settling

    WebDriverWait(driver, HANG).until(there, f"the page never reached {step} asking {fact}")


def caught_up(driver: Any, local: Session) -> None:
    """Until the page shows the step and question of `local`, the same session played beside it."""
    question = local.question
    wait_for_step(driver, local.state.step, question.fact if question is not None else None)


def click_choice(driver: Any, label: str) -> None:
    from selenium.webdriver.common.by import By

    buttons = driver.find_elements(By.CSS_SELECTOR, ".choices button")
    [button] = [b for b in buttons if b.find_element(By.CSS_SELECTOR, ".text").text == label]
    button.click()


def press(driver: Any, key: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()


def shown(driver: Any) -> dict[str, Any]:
    """What the page shows: the roll line, the ledgers, the lit step, the roster's HP, the message."""
    return dict(
        driver.execute_script("""
        const text = (s) => { const e = document.querySelector(s); return e ? e.textContent.trim() : null; };
        const lit = document.querySelector('.chart g.current');
        return {
          roll: text('#roll'), message: text('#messages'), missing: text('.chart-missing'),
          lit: lit ? lit.getAttribute('data-step') : null,
          ledgers: [...document.querySelectorAll('table.ledger')].map(t => [t.dataset.fact,
                    t.querySelectorAll('tbody tr').length, t.querySelector('tfoot .value').textContent]),
          hp: Object.fromEntries([...document.querySelectorAll('.combatants li')].map(
                li => [li.dataset.name, li.querySelector('.hp').textContent])),
        };""")
    )


def in_view(driver: Any) -> dict[str, bool]:
    """Whether the question, the lit step (when the flowchart is unfolded) and every combatant's HP are
    inside the window, unscrolled."""
    return dict(
        driver.execute_script("""
        const inside = (e, box) => { if (!e) return false; const r = e.getBoundingClientRect();
          const b = box ? box.getBoundingClientRect() : {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
          return r.top >= Math.max(0, b.top) - 1 && r.bottom <= Math.min(innerHeight, b.bottom) + 1
              && r.left >= Math.max(0, b.left) - 1 && r.right <= Math.min(innerWidth, b.right) + 1; };
        const out = {question: inside(document.getElementById('ask')), scrolled: scrollY === 0,
                     step: !document.getElementById('chart-pane').open ||
                           inside(document.querySelector('.chart g.current'), document.querySelector('.chart-box'))};
        document.querySelectorAll('.combatants li').forEach(li => out['hp ' + li.dataset.name] =
          inside(li.querySelector('.hp')) && inside(li.querySelector('meter')));
        return out;""")
    )


def screenshots(driver: Any, name: str) -> None:
    """The page at a laptop's and a tablet's size, into build/screens/ (everything needed in view)."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    for width, height in ((1280, 800), (768, 1024)):
        viewport(driver, width, height)
        driver.execute_script("document.dispatchEvent(new Event('DOMContentLoaded'))")  # centre the lit step
        driver.save_screenshot(str(SCREENS / f"{name}-{width}x{height}.png"))
        assert all(in_view(driver).values()), (width, height, in_view(driver))
    viewport(driver, 1280, 800)


def test_turn_a_by_clicking_and_typing(turn_file: Path, browser: Any) -> None:
    server = Server("--session", str(turn_file))
    try:
        local = expected()
        browser.get(server.url)
        state = local.state
        assert state.roster is not None and state.roster.actor.name == "Alice"
        wait_for_step(browser, state.step, "maneuver")
        assert shown(browser)["lit"] == "combat.11"

        def step(act: Any, typed: str) -> dict[str, Any]:
            act()
            local.answer(typed)
            caught_up(browser, local)
            seen = shown(browser)
            view = screen(local)
            assert seen["lit"] == chart_view(local).current == local.state.step, seen["missing"]
            assert seen["roll"] == (roll_line(view.roll) if view.roll is not None else None)
            assert seen["ledgers"] == [[ledger.fact, len(ledger.lines), f"= {ledger.total}"] for ledger in view.ledgers]
            return seen

        step(lambda: click_choice(browser, "Attack"), "attack")
        seen = step(lambda: click_choice(browser, "Bruno"), "bruno")
        assert ["effective-skill", 9, "= 15"] in seen["ledgers"]  # broadsword 15, nothing to add or take away
        step(lambda: click_choice(browser, "Torso"), "torso")
        screenshots(browser, "roll-question")
        seen = step(lambda: by_css(browser, "[data-key=r]").click(), "r")  # the tool rolls
        assert seen["roll"] == "Roll 3d6 for the attack: 3d6 → 13 vs 15: success by 2"
        step(lambda: click_choice(browser, "parry"), "parry")
        seen = step(lambda: press(browser, "\n"), "r")  # Enter in the empty field rolls
        assert seen["roll"] == "Roll 3d6 for the active defense: 3d6 → 13 vs 9: failure by 4"
        bad = by_css(browser, "#typed")
        bad.send_keys("banana\n")  # a bad answer: the terminal's message, and nothing changes
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(browser, HANG).until(lambda d: shown(d)["message"], "no message for a bad answer")
        with pytest.raises(BadAnswer) as refused:
            local.answer("banana")
        assert shown(browser)["message"] == str(refused.value)  # the terminal's words
        assert shown(browser)["lit"] == "combat.88"
        seen = step(lambda: by_css(browser, "[data-key=r]").click(), "r")
        assert seen["roll"] == "Roll the damage of the broadsword: 1d6+2 → 3"
        assert seen["hp"] == {"Alice": "10/10", "Bruno": "11/13", "Cora": "11/11"}  # by hand: see the docstring
        screenshots(browser, "after-the-hit")
        forged = browser.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch('/answer', {method: 'POST', body: new URLSearchParams({answer: 'no'})})
              .then(r => r.text().then(t => done([r.status, t])));""")
        assert forged == [403, FORGED] and shown(browser)["lit"] == "combat.135"
        step(lambda: press(browser, "n"), "no")  # the combat goes on: Bruno's turn
        assert local.state.roster is not None and local.state.roster.actor.name == "Bruno"
        assert "Bruno" in by_css(browser, ".combatants li.acting").text
        from selenium.webdriver.common.by import By

        log = [li.text for li in browser.find_elements(By.CSS_SELECTOR, ".log-lines li")]  # newest first
        assert log[0].startswith("round 2 Bruno shock") and "round 2 Alice attacks Bruno 13 vs 15: success" in log
    finally:
        server.stop()


def test_undo_reload_and_restart_lose_nothing(turn_file: Path, browser: Any) -> None:
    server = Server("--session", str(turn_file))
    local = expected()
    try:
        browser.get(server.url)
        wait_for_step(browser, local.state.step, "maneuver")
        click_choice(browser, "Attack")
        local.answer("attack")
        wait_for_step(browser, local.state.step, "target")
        press(browser, "b")  # back
        local.undo()
        wait_for_step(browser, local.state.step, "maneuver")
        click_choice(browser, "Attack")
        local.answer("attack")
        wait_for_step(browser, local.state.step, "target")
        browser.refresh()
        wait_for_step(browser, local.state.step, "target")
        press(browser, "f")  # the flowchart, folded at the table, is one key (or tap) away
        by_css(browser, ".chart g.current").click()  # a step's text is one click away on the flowchart
        from selenium.webdriver.support.ui import WebDriverWait

        title = local.step.title
        WebDriverWait(browser, HANG).until(lambda d: title in by_css(d, "#step-prose").text, "no prose on a click")
        assert by_css(browser, "#step-prose h2").text.startswith(f"{local.state.step} {title}")
    finally:
        assert server.stop() == 130
    again = Server("--session", str(turn_file))  # a restarted server resumes the file
    try:
        browser.get(again.url)
        wait_for_step(browser, local.state.step, "target")
        assert shown(browser)["hp"] == {"Alice": "10/10", "Bruno": "12/13", "Cora": "11/11"}
    finally:
        again.stop()


def test_axe_finds_no_serious_or_critical_violation(turn_file: Path, browser: Any) -> None:
    source = axe_source()
    if source is None:
        pytest.skip("axe-core could not be fetched with `npm pack axe-core` (no npm, or offline)")
    server = Server("--session", str(turn_file))
    try:
        browser.get(server.url)
        wait_for_step(browser, "combat.11", "maneuver")
        for act in (None, "Attack", "Bruno", "Torso"):  # a table, a choice, a roll with its ledger
            if act is not None:
                before = shown(browser)["lit"]
                click_choice(browser, act)
                from selenium.webdriver.support.ui import WebDriverWait

                WebDriverWait(browser, HANG).until(lambda d, b=before: shown(d)["lit"] != b)  # each moves on
            assert axe_violations(browser, source) == []
        for width, height in ((768, 1024), (390, 844), (1280, 800)):  # the roll prompt at the three sizes
            viewport(browser, width, height)
            assert axe_violations(browser, source) == [], f"{width}x{height}"
    finally:
        server.stop()


def test_on_a_phone_enter_is_above_a_long_menu(turn_file: Path, browser: Any) -> None:
    """At 390x844 Enter's button (Torso) stands above the hit location's 25 choices, in view without scrolling
    (a playtest found it under the maneuver menu's 17, below the fold; here it would end at the bottom edge)."""
    server = Server("--session", str(turn_file))
    try:
        browser.get(server.url)
        wait_for_step(browser, "combat.11", "maneuver")
        viewport(browser, 390, 844)
        from selenium.webdriver.support.ui import WebDriverWait

        for label, fact in (("Attack", "target"), ("Bruno", "aimed-location")):
            click_choice(browser, label)
            WebDriverWait(browser, HANG).until(lambda d, f=fact: by_fact(d) == f, f"never asked {fact}")
        where = browser.execute_script(
            "const b = document.querySelector('button.default'), c = document.querySelector('.choices');"
            "return [b.textContent.trim(), b.getBoundingClientRect().bottom, innerHeight,"
            " c.getBoundingClientRect().top, c.getBoundingClientRect().bottom];"
        )
        label, bottom, height, choices_top, _ = where
        assert label.startswith("Torso") and bottom <= height and bottom <= choices_top
    finally:
        server.stop()


def by_fact(driver: Any) -> str | None:
    """The fact the page asks, once htmx is done swapping it in."""
    found = driver.execute_script(
        "if (document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')) return null;"
        "const a = document.getElementById('ask'); return a && a.dataset.fact;"
    )
    return str(found) if found else None
