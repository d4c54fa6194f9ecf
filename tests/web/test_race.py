"""Keys and taps while htmx is busy with an answer, in a real Chromium: the page stays, the first answer counts.

Between an answer's click and the new question's settling (htmx's request, swap and settle, tens
of ms, longer on a loaded tablet) the page must not start another submission: while the request
is out, htmx's hx-sync drops a second one; once the new #play is swapped in but not yet settled,
htmx has not taken over its forms, and a key or tap there went to the browser as a plain form post
(which the server refused as forged: a bare 403 page, the game master's page lost). serve.js drops
what comes in that time. The tests hold htmx's response and its settling until they let them go
(HOLD), so what they press lands inside each phase whatever the machine's speed.

And a plain form post, as a browser sends it, of an answer that came too late: the page, with a
line saying so, and nothing done (the security tests stay in test_app.py and test_players.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from checklist.web.game import LATE
from tests.web import test_browser as played
from tests.web.browser import Server
from tests.web.test_browser import by_css, caught_up, click_choice, expected, press

pytestmark = played.pytestmark
turn_file = played.turn_file
browser = played.browser
HANG = played.HANG

# htmx's responses are held (`held`) and its settling too (`settles`: a settle delay no swap asks for,
# its timer kept) until release(name) runs them; `sent` counts the requests the page started, and
# `stillHere` is gone if the browser ever left the page (a plain form post).
HOLD = """
window.stillHere = true; window.sent = 0; window.held = []; window.settles = [];
const send = XMLHttpRequest.prototype.send;
XMLHttpRequest.prototype.send = function (body) {
  const xhr = this, onload = xhr.onload;
  window.sent += 1;
  xhr.onload = function (event) { window.held.push(() => onload.call(xhr, event)); };
  return send.call(xhr, body);
};
const SETTLE = 86400000;
htmx.config.defaultSettleDelay = SETTLE;
const timer = window.setTimeout;
window.setTimeout = function (task, ms, ...rest) {
  if (ms === SETTLE) { window.settles.push(task); return 0; }
  return timer(task, ms, ...rest);
};
window.release = (name) => {
  const tasks = window[name]; window[name] = []; tasks.forEach((t) => t()); return tasks.length;
};
"""


def page_state(driver: Any) -> dict[str, Any]:
    return dict(
        driver.execute_script("""
        const a = document.getElementById('ask');
        return {here: window.stillHere === true, sent: window.sent, held: (window.held || []).length,
                settles: (window.settles || []).length, fact: a && a.dataset.fact,
                request: !!document.querySelector('form.htmx-request'),
                settling: !!document.querySelector('#play.htmx-settling'),
                play: !!document.getElementById('play')};""")
    )


def wait_until(driver: Any, what: str, test: Any) -> dict[str, Any]:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, HANG, poll_frequency=0.05).until(lambda d: test(page_state(d)), f"never {what}")
    return page_state(driver)


def test_keys_and_taps_while_htmx_is_busy_start_nothing(turn_file: Path, browser: Any) -> None:
    server = Server("--session", str(turn_file))
    try:
        local = expected()
        browser.get(server.url)
        caught_up(browser, local)  # Alice's maneuver
        browser.execute_script(HOLD)
        click_choice(browser, "Attack")  # the answer: its response is held, the request stays out
        local.answer("attack")
        state = wait_until(browser, "answered", lambda s: s["held"] == 1)
        assert state["request"] and state["fact"] == "maneuver" and state["sent"] == 1, state
        press(browser, "1")  # inside the request: a key, Enter on the button just clicked, another tap
        press(browser, "\n")
        click_choice(browser, "Aim")
        state = page_state(browser)
        assert state["here"] and state["sent"] == 1, state  # no second request was started
        assert browser.execute_script("return window.release('held')") == 1  # the answer arrives: swapped in
        state = page_state(browser)
        assert state["settling"] and state["fact"] == "target" and state["settles"] == 1, state
        by_css(browser, "#ask ~ .choices button").click()  # inside the settle: a tap, keys; not yet htmx's forms
        press(browser, "1")
        press(browser, "\n")
        state = page_state(browser)
        assert state["here"] and state["sent"] == 1 and state["play"], state  # no plain form post either
        assert browser.execute_script("return window.release('settles')") == 1
        caught_up(browser, local)  # the game master's page, at the question after the first answer
        state = page_state(browser)
        assert state["here"] and state["sent"] == 1 and state["play"], state
        assert browser.current_url == server.url
        browser.refresh()  # the server's own session: exactly the first answer
        caught_up(browser, local)
        browser.execute_script(HOLD)
        for label, typed in (("Bruno", "bruno"), ("Torso", "torso")):  # the page goes on as before
            click_choice(browser, label)
            local.answer(typed)
            wait_until(browser, f"answered {typed}", lambda s: s["held"] == 1)
            assert browser.execute_script("return window.release('held')") == 1
            if typed == "torso":  # the attack roll settles in: the keypad's digits and `r` do nothing yet
                assert page_state(browser)["fact"] == "attack-dice"
                by_css(browser, '.keypad [data-digit="3"]').click()  # 3 on 3d6 would be sent at once
                press(browser, "r")
                press(browser, "1")
            assert browser.execute_script("return window.release('settles')") == 1
            caught_up(browser, local)
        state = page_state(browser)
        assert state["here"] and state["sent"] == 2 and by_css(browser, "#typed").get_attribute("value") == ""
        press(browser, "\n")  # once settled, a key rolls (Enter in the empty field, which has the focus now)
        local.answer("r")
        wait_until(browser, "rolled", lambda s: s["held"] == 1)
        browser.execute_script("window.release('held'); window.release('settles')")
        caught_up(browser, local)
    finally:
        server.stop()


def test_a_late_plain_form_post_gets_the_page_and_a_line(turn_file: Path, browser: Any) -> None:
    """The maneuver's form, kept from before the answer and posted by the browser itself (no htmx):
    the page at the current question, saying the answer came too late; nothing else is done."""
    server = Server("--session", str(turn_file))
    try:
        local = expected()
        browser.get(server.url)
        caught_up(browser, local)
        stale = browser.execute_script("return document.querySelector('#ask').closest('form').outerHTML")
        click_choice(browser, "Attack")
        local.answer("attack")
        caught_up(browser, local)
        browser.execute_script(  # an unprocessed copy of the old form, and the browser's own submission
            "window.stillHere = true; const box = document.createElement('div'); box.innerHTML = arguments[0];"
            "document.body.append(box); const form = box.querySelector('form');"
            "const answer = document.createElement('input'); answer.type = 'hidden'; answer.name = 'answer';"
            "answer.value = '1'; form.append(answer); form.submit();",
            stale,
        )
        from selenium.webdriver.support.ui import WebDriverWait

        def answered(d: Any) -> bool:  # the browser has left the page for the post's answer, and shows it
            return bool(d.current_url.endswith("/answer") and d.execute_script(
                "return document.readyState === 'complete' && !window.stillHere"))  # fmt: skip

        WebDriverWait(browser, HANG).until(answered, "the form was not posted")
        body = by_css(browser, "body").text
        assert not body.startswith("refused"), body  # not a bare 403: the page
        caught_up(browser, local)  # the page itself, at the question after the first answer
        assert by_css(browser, "#messages").text == LATE
        click_choice(browser, "Bruno")  # the page works on
        local.answer("bruno")
        caught_up(browser, local)
        browser.get(server.url)
        caught_up(browser, local)  # and the server took "attack" and "bruno" only
    finally:
        server.stop()
