"""The page at the table (issue 26): the roll prompt above the fold at a laptop's, a tablet's and a
phone's size, the keypad, the flowchart folded (open with --learn), a correction on a combatant's
card, and a quiet server log when a client goes away mid-request.

A real Chromium through Selenium, on the session of turn (a) of the table-turn benchmark
(tests/web/test_browser.py makes it); what the page must show is worked out by a Session given
the same answers.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

from checklist.present.rolls import roll_line
from checklist.present.screen import screen
from tests.web import test_browser as played
from tests.web.browser import SCREENS, Server, viewport

pytestmark = played.pytestmark
turn_file = played.turn_file
browser = played.browser
SIZES = ((1280, 800), (768, 1024), (390, 844))  # a laptop, a tablet, a phone


def to_the_roll(driver: Any, local: Any) -> None:
    """Alice attacks Bruno in the torso: the attack roll's question."""
    played.wait_for_step(driver, local.state.step, "maneuver")
    for label, typed in (("Attack", "attack"), ("Bruno", "bruno"), ("Torso", "torso")):
        played.click_choice(driver, label)
        local.answer(typed)
        played.caught_up(driver, local)


def placed(driver: Any) -> dict[str, bool]:
    """Whether the question, the number to roll against, the Roll button and the keypad are in the window."""
    return dict(
        driver.execute_script("""
        const inside = (e) => { if (!e) return false; const r = e.getBoundingClientRect();
          return r.top >= -1 && r.bottom <= innerHeight + 1 && r.left >= -1 && r.right <= innerWidth + 1; };
        return {question: inside(document.getElementById('ask')),
                against: inside(document.querySelector('#against strong')),
                roll: inside(document.getElementById('roll-button')),
                keypad: inside(document.querySelector('.keypad')), scrolled: scrollY === 0,
                folded: !document.getElementById('chart-pane').open};""")
    )


def test_the_roll_prompt_is_above_the_fold_at_three_sizes(turn_file: Path, browser: Any) -> None:
    server = Server("--session", str(turn_file))
    try:
        local = played.expected()
        browser.get(server.url)
        to_the_roll(browser, local)
        view = screen(local).question
        assert view is not None and view.against is not None
        assert played.by_css(browser, "#against strong").text == view.against
        assert played.by_css(browser, ".log-lines li").text == "round 2 Alice attacks Bruno (under way)"
        SCREENS.mkdir(parents=True, exist_ok=True)
        for width, height in SIZES:
            viewport(browser, width, height)
            browser.save_screenshot(str(SCREENS / f"table-roll-{width}x{height}.png"))
            assert all(placed(browser).values()), (width, height, placed(browser))
    finally:
        server.stop()


def test_the_keypad_answers_a_roll_of_10(turn_file: Path, browser: Any) -> None:
    server = Server("--session", str(turn_file))
    try:
        local = played.expected()
        browser.get(server.url)
        viewport(browser, 768, 1024)
        to_the_roll(browser, local)
        played.by_css(browser, "[data-digit='1']").click()  # 1 of 3d6 waits for a second digit (10 to 18)
        assert played.by_css(browser, "#typed").get_attribute("value") == "1"
        played.by_css(browser, "[data-digit='0']").click()  # 10: no digit can follow, the answer goes
        local.answer("10")
        played.caught_up(browser, local)
        view = screen(local)
        assert view.roll is not None and "→ 10 (typed) vs 15" in roll_line(view.roll)
        assert played.shown(browser)["roll"] == roll_line(view.roll)
    finally:
        server.stop()


def test_the_flowchart_folded_at_the_table_open_with_learn(turn_file: Path, browser: Any, tmp_path: Path) -> None:
    server = Server("--session", str(turn_file))
    try:
        local = played.expected()
        browser.get(server.url)
        played.wait_for_step(browser, local.state.step, "maneuver")
        assert browser.execute_script("return document.getElementById('chart-pane').open") is False
        played.press(browser, "f")  # one key, or one tap on its summary, away
        assert browser.execute_script("return document.getElementById('chart-pane').open") is True
        played.click_choice(browser, "Attack")  # and it stays open across answers
        local.answer("attack")
        played.wait_for_step(browser, local.state.step, "target")
        assert browser.execute_script("return document.getElementById('chart-pane').open") is True
    finally:
        server.stop()
    learn = Server("--roster", "tests/data/duel-roster.toml", "--at", "combat.1", "--learn",
                   "--session", str(tmp_path / "learn.json"))  # fmt: skip
    try:
        browser.get(learn.url)
        played.by_css(browser, "#ask")
        assert browser.execute_script("return document.getElementById('chart-pane').open") is True
    finally:
        learn.stop()


def test_stunned_on_the_defenders_card(turn_file: Path, browser: Any) -> None:
    """At the parry roll, Bruno's card says 'stunned': yes makes his Parry 9 a 5 (-4, B420)."""
    server = Server("--session", str(turn_file))
    try:
        local = played.expected()
        browser.get(server.url)
        to_the_roll(browser, local)
        for act, typed in (("[data-key=r]", "r"), (None, "parry")):
            if act is None:
                played.click_choice(browser, "parry")
            else:
                played.by_css(browser, act).click()
            local.answer(typed)
            played.caught_up(browser, local)
        assert played.by_css(browser, "#against strong").text.startswith("9 or less")
        played.by_css(browser, ".combatants li[data-name='Bruno'] button[value='defender-stunned']").click()
        local.override("defender-stunned")
        played.wait_for_step(browser, local.state.step, "defender-stunned")
        played.press(browser, "y")
        local.answer("yes")
        played.wait_for_step(browser, local.state.step, "defense-dice")
        assert played.by_css(browser, "#against strong").text.startswith("5 or less")
        question = screen(local).question
        assert question is not None and played.by_css(browser, "#against strong").text == question.against
    finally:
        server.stop()


def test_a_client_gone_mid_request_leaves_the_log_quiet(turn_file: Path) -> None:
    server = Server("--session", str(turn_file))
    try:
        host, port = server.url.split("//")[1].rstrip("/").split(":")
        for _ in range(3):  # a POST whose body never comes: the browser's tab was closed
            with socket.create_connection((host, int(port)), timeout=30) as sock:
                sock.sendall((f"POST /answer HTTP/1.1\r\nHost: {host}:{port}\r\n"
                              "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n"
                              "answer=1").encode())  # fmt: skip
                time.sleep(0.3)
        with socket.create_connection((host, int(port)), timeout=30) as sock:  # still up, and it answers
            sock.sendall(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n".encode())
            assert sock.recv(64).startswith(b"HTTP/1.1 200")
    finally:
        server.stop()
    assert server.proc.stderr is not None
    lines = [line for line in server.proc.stderr.read().splitlines() if line.strip()]
    assert len(lines) <= 1 + 3, lines  # at most one line per disconnect (today: none), and no traceback
    assert not any("Traceback" in line for line in lines), lines


def test_turn_a_in_eight_taps_on_the_tablet(turn_file: Path, browser: Any) -> None:
    """bench/table_turn's turn (a) on a tablet, the game master answering every question: one tap per
    answer, each on a button already on screen (no scrolling), 8 in all (docs/benchmarks.md)."""
    server = Server("--session", str(turn_file))
    try:
        local = played.expected()
        viewport(browser, 768, 1024)
        browser.get(server.url)
        played.wait_for_step(browser, local.state.step, "maneuver")
        taps = 0
        for label, typed in (("Attack", "attack"), ("Bruno", "bruno"), ("Torso", "torso"), ("Roll", "r"),
                             ("parry", "parry"), ("Roll", "r"), ("Roll", "r"), ("no", "no")):  # fmt: skip
            button = played.by_css(browser, "#roll-button") if label == "Roll" else choice(browser, label)
            assert on_screen(browser, button), (label, local.state.step)
            button.click()
            taps += 1
            local.answer(typed)
            played.caught_up(browser, local)
            if typed == "r":  # the result line stays on screen with the next question
                assert on_screen(browser, played.by_css(browser, "#roll")), local.state.step
        assert taps == 8 and local.state.roster is not None and local.state.roster.actor.name == "Bruno"
    finally:
        server.stop()


def choice(driver: Any, label: str) -> Any:
    from selenium.webdriver.common.by import By

    buttons = driver.find_elements(By.CSS_SELECTOR, ".choices button")
    [button] = [b for b in buttons if b.find_element(By.CSS_SELECTOR, ".text").text == label]
    return button


def on_screen(driver: Any, element: Any) -> bool:
    return bool(
        driver.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            "return scrollY === 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;",
            element,
        )
    )


def test_turn_a_in_eight_keys_at_a_laptop(turn_file: Path, browser: Any) -> None:
    """The same turn with the keyboard alone: 6 (Attack), Enter (Bruno), Enter (Torso), Enter (rolls),
    2 (parry), Enter (rolls), Enter (rolls the damage), n (the combat goes on)."""
    server = Server("--session", str(turn_file))
    try:
        local = played.expected()
        browser.get(server.url)
        played.wait_for_step(browser, local.state.step, "maneuver")
        for key, typed in (("6", "attack"), ("\n", "bruno"), ("\n", "torso"), ("\n", "r"), ("2", "parry"),
                           ("\n", "r"), ("\n", "r"), ("n", "no")):  # fmt: skip
            played.press(browser, key)
            local.answer(typed)
            played.caught_up(browser, local)
        assert local.state.roster is not None and local.state.roster.actor.name == "Bruno"
        view = screen(local)
        assert played.shown(browser)["hp"] == {c.name: f"{c.hp}/{c.max_hp}" for c in view.roster.combatants}  # type: ignore[union-attr]
    finally:
        server.stop()


def test_enter_in_a_typed_field_sends_what_was_typed_not_the_default() -> None:
    """A browser's Enter in a form's field submits it by its first submit button (HTML's implicit submission): for a
    number with a default (`shots`, 1) that must be the field's OK, so that a typed 3 is sent, not Enter's
    `answer=""`; for a choice, Enter's button comes before the menu (a phone sees it), and there is no field."""
    import re

    from checklist.present.screen import ChoiceView, QuestionView
    from checklist.web.page import question_html

    number = QuestionView("number", "How many shots?", "shots", False, None, (), None, default="1")
    buttons = re.findall(r"<button [^>]*>", question_html(number, "t"))
    assert buttons[0] == '<button type="submit">' and 'class="default"' in buttons[1]
    choice = QuestionView("choice", "Where?", "aimed-location", False, None, (ChoiceView("1", "torso", "Torso"),),
                          None, default="Torso")  # fmt: skip
    buttons = re.findall(r"<button [^>]*>", question_html(choice, "t"))
    assert 'class="default"' in buttons[0] and len(buttons) == 2
