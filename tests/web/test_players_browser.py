"""`checklist serve --players` in two real Chromiums: the game master's (a tablet) and Bruno's (a phone).

Turn (a) of the table-turn benchmark (tests/web/test_browser.py makes its session): the game master
answers Alice's questions on the tablet (she is a player too, and the game master answers for her),
Bruno chooses his defense and rolls it on his own page, and the game master's page follows
without a reload. The game master's taps are counted (docs/benchmarks.md: at most 6), and the time
from the game master's tap to the defense question on Bruno's page is written to
build/screens/players-latency.txt (a figure, not a test: the machine may be loaded).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from checklist.play.pilot import answerer
from checklist.present.screen import screen
from tests.web import test_browser as played
from tests.web.browser import SCREENS, Server, axe_source, axe_violations, chrome, viewport
from tests.web.test_table import choice, on_screen

pytestmark = played.pytestmark
turn_file = played.turn_file
browser = played.browser
HANG = played.HANG


def links(server: Server) -> tuple[str, dict[str, str]]:
    """The game master's address (with its key) and each player's, as `checklist serve --players` printed them."""
    assert server.proc.stdout is not None
    home = re.search(r"(http://\S+/\?key=\S+)", server.first)
    assert home is not None, server.first
    joins: dict[str, str] = {}
    while len(joins) < 3:
        line = server.proc.stdout.readline()
        found = re.match(r"\s+player (\w+): (http://\S+)", line)
        assert found is not None, line
        joins[found.group(1)] = found.group(2)
    return home.group(1), joins


def wait_mine(driver: Any, fact: str | None, timeout: float = HANG) -> None:
    """Until the player's page asks `fact` (None: asks nothing, it waits)."""
    from selenium.webdriver.support.ui import WebDriverWait

    def there(d: Any) -> bool:
        found = d.execute_script(
            "const a = document.getElementById('ask'); const m = document.getElementById('mine');"
            "if (document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')) return null;"
            "return [!!m, a && a.dataset.fact];"
        )
        return bool(found == [True, fact])  # and htmx done with it: a key pressed while it settles is lost

    WebDriverWait(driver, timeout, poll_frequency=0.02).until(there, f"the player's page never asked {fact}")


def test_a_player_answers_their_defense_on_their_own_page(turn_file: Path, browser: Any, tmp_path: Path) -> None:
    server = Server("--session", str(turn_file), "--players")
    phone = chrome(tmp_path / "phone", 390, 844)
    try:
        home, joins = links(server)
        assert sorted(joins) == ["Alice", "Bruno", "Cora"]
        local = played.expected()
        viewport(browser, 768, 1024)
        browser.get(home)
        phone.get(joins["Bruno"])
        played.wait_for_step(browser, local.state.step, "maneuver")
        assert "Waiting for Alice\u2019s answer" in played.by_css(browser, "#waiting").text
        wait_mine(phone, None)
        assert "Waiting for Alice\u2019s answer." in played.by_css(phone, "#waiting").text
        taps = 0
        latency = 0.0
        for label, typed in (("Attack", "attack"), ("Bruno", "bruno"), ("Torso", "torso"), ("Roll", "r")):
            button = played.by_css(browser, "#roll-button") if label == "Roll" else choice(browser, label)
            assert on_screen(browser, button), (label, local.state.step)
            tapped = time.perf_counter()
            button.click()
            taps += 1
            local.answer(typed)
            played.caught_up(browser, local)
        wait_mine(phone, "defense")  # Bruno's page hears of it by itself
        latency = time.perf_counter() - tapped
        assert answerer(local) == "Bruno"
        assert "Waiting for Bruno\u2019s answer" in played.by_css(browser, "#waiting").text
        source = axe_source()  # None: npm cannot fetch axe-core, and the page is not checked
        assert source is None or axe_violations(phone, source) == []  # a player's page, at their question
        SCREENS.mkdir(parents=True, exist_ok=True)
        phone.save_screenshot(str(SCREENS / "player-defense-390x844.png"))
        browser.save_screenshot(str(SCREENS / "players-gm-waiting-768x1024.png"))
        played.click_choice(phone, "parry")  # on Bruno's page
        local.answer("parry")
        wait_mine(phone, "defense-dice")
        played.wait_for_step(browser, local.state.step, "defense-dice")  # the game master's page follows
        played.by_css(phone, "#roll-button").click()
        local.answer("r")
        wait_mine(phone, None)
        played.caught_up(browser, local)
        view = screen(local)
        assert view.roll is not None and "active defense" in played.by_css(browser, "#roll").text
        assert played.by_css(phone, "#roll").text == played.by_css(browser, "#roll").text
        for label, typed in (("Roll", "r"), ("no", "no")):  # Alice's damage, and the combat goes on
            button = played.by_css(browser, "#roll-button") if label == "Roll" else choice(browser, label)
            assert on_screen(browser, button), (label, local.state.step)
            button.click()
            taps += 1
            local.answer(typed)
            played.caught_up(browser, local)
        assert taps == 6 and local.state.roster is not None and local.state.roster.actor.name == "Bruno"
        wait_mine(phone, "maneuver")  # Bruno's turn: his maneuver on his page, his HP as the tablet shows it
        hp = played.shown(browser)["hp"]["Bruno"]
        assert played.by_css(phone, ".mine-card .hp").text == hp
        phone.save_screenshot(str(SCREENS / "player-maneuver-390x844.png"))
        (SCREENS / "players-latency.txt").write_text(
            f"game master's tap -> the defense on Bruno's page: {latency * 1000:.0f} ms\n", "utf-8"
        )
    finally:
        phone.quit()
        server.stop()


def test_turn_a_in_six_keys_at_a_laptop_with_the_defender_on_their_page(
    turn_file: Path, browser: Any, tmp_path: Path
) -> None:
    """The same turn with the keyboard alone: the game master presses 6 (Attack), Enter (Bruno), Enter
    (Torso), Enter (rolls); Bruno presses 2 (parry) and Enter (rolls) on his page; then the game master
    Enter (rolls the damage) and n (the combat goes on): 6 keys for the game master."""
    server = Server("--session", str(turn_file), "--players")
    player = chrome(tmp_path / "player", 1280, 800)
    try:
        home, joins = links(server)
        local = played.expected()
        browser.get(home)
        player.get(joins["Bruno"])
        played.wait_for_step(browser, local.state.step, "maneuver")
        keys = 0
        for key, typed in (("6", "attack"), ("\n", "bruno"), ("\n", "torso"), ("\n", "r")):
            played.press(browser, key)
            keys += 1
            local.answer(typed)
            played.caught_up(browser, local)
        wait_mine(player, "defense")
        for key, typed, then in (("2", "parry", "defense-dice"), ("\n", "r", None)):  # on Bruno's page
            played.press(player, key)
            local.answer(typed)
            wait_mine(player, then)
        played.caught_up(browser, local)
        for key, typed in (("\n", "r"), ("n", "no")):
            played.press(browser, key)
            keys += 1
            local.answer(typed)
            played.caught_up(browser, local)
        assert keys == 6 and local.state.roster is not None and local.state.roster.actor.name == "Bruno"
        view = screen(local)
        assert played.shown(browser)["hp"] == {c.name: f"{c.hp}/{c.max_hp}" for c in view.roster.combatants}  # type: ignore[union-attr]
    finally:
        player.quit()
        server.stop()
