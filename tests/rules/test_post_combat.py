"""Issue 25, item 7: the end of a fight asks what it must (post-combat.2, 7, 8; post-combat-rolls.flow).

Played through a real Session with the duel roster (tests/data/duel-roster.toml: Bruno HT 12,
HP 13; Alice HT 11, HP 10), from post-combat.1 in the table view, with the states the fight left
(HP, unconscious, mortally wounded, dead) recorded first. Every roll is typed; the numbers are
worked out by hand from the seed text each test quotes.
"""

from __future__ import annotations

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.screen import screen
from checklist.roster.combatants import Condition, Roster
from checklist.roster.load import load
from tests.turns import DATA


def roster(**states: dict[str, object]) -> Roster:
    """The duel roster with each combatant's states recorded (`Bruno={"current-hp": 3}`)."""
    out = load(DATA / "duel-roster.toml")
    for name, changes in states.items():
        who = out.index(name)
        assert who is not None
        for attr, value in changes.items():
            out = out.record(who, attr, value)  # type: ignore[arg-type]
    return out


def play(
    flow: Program, start: Roster, typed: list[tuple[str, str]], bleeding: bool = False
) -> tuple[Session, list[tuple[str, str]]]:
    """Post-combat from its step 1, answering `typed` in order (fact, value); each question asked
    must be the next one typed. The facts asked, each with what its roll succeeds on (or "").
    The table view assumes the optional bleeding rule (B420) off; `bleeding` sets it, as `[rules]` would."""
    facts = {"bleeding-rules": "yes"} if bleeding else {}
    session = Session(flow, at="post-combat.1", seed=11, roster=start, pause=False, facts=facts)
    asked: list[tuple[str, str]] = []
    for fact, value in typed:
        question = session.question
        assert question is not None and question.fact == fact, (fact, asked, question)
        view = screen(session).question
        assert view is not None
        asked.append((fact, view.against or ""))
        session.answer(value)
    assert session.question is None and session.state.finished is not None, session.question
    return session, asked


def state(session: Session, name: str) -> Condition:
    end = session.state.roster
    assert end is not None
    return end.states[end.index(name) or 0]


def test_bleeding_is_a_ht_roll_each_minute_until_it_stops(flow: Program) -> None:
    """Seed 002, Bleeding: "At the end of every minute after being wounded, make a HT roll at -1
    per 5 HP lost. Failure, lose 1 HP. Critical Failure, lose 3 HP. Critical Success, bleeding
    stops. Success, on three consecutive successes, bleeding stops." (B420, an optional rule).

    Bruno (HT 12, HP 13) left at 3 HP: 10 lost, -2: HT 10. 11 fails: 2 HP (11 lost, still -2);
    10 succeeds (one in a row); 18 is a critical failure: -3, -1 HP (14 lost, still -2), and the
    successes start again; 4 is a critical success: it stops. Alice is unhurt: nothing is asked
    of her. The table uses the rule, as a roster's `[rules]` would set."""
    typed = [("bleeding-dice", d) for d in ("11", "10", "18", "4")]
    session, asked = play(flow, roster(Bruno={"current-hp": 3}), typed, bleeding=True)
    assert asked == [("bleeding-dice", "10 or less: HT 12 + bleeding roll modifier -2")] * 4
    bruno = state(session, "Bruno")
    assert (bruno.current_hp, bruno.dead, bruno.bleeding_successes) == (-1, False, 0)
    assert state(session, "Alice").current_hp == 10


def test_three_successes_in_a_row_stop_the_bleeding_and_the_penalty_follows_the_hp_lost(flow: Program) -> None:
    """Seed 002: "-1 per 5 HP lost"; "on three consecutive successes, bleeding stops".

    Alice (HT 11, HP 10) at 6 HP: 4 lost, no penalty: HT 11. 12 fails: 5 HP, 5 lost: -1, HT 10.
    Then 9, 10, 8: three successes in a row against 10: stopped at 5 HP."""
    typed = [("bleeding-dice", d) for d in ("12", "9", "10", "8")]
    session, asked = play(flow, roster(Alice={"current-hp": 6}), typed, bleeding=True)
    assert [against.split(":")[0] for _, against in asked] == ["11 or less", "10 or less", "10 or less", "10 or less"]
    assert state(session, "Alice").current_hp == 5


def test_without_the_bleeding_rule_nobody_bleeds(flow: Program) -> None:
    """The rule is optional (B420): the table view assumes it off; nothing is asked, nobody bleeds."""
    session, asked = play(flow, roster(Bruno={"current-hp": 3}, Alice={"current-hp": 2}), [])
    assert asked == []
    assert (state(session, "Bruno").current_hp, state(session, "Alice").current_hp) == (3, 2)


def test_recovering_from_unconsciousness_and_a_mortal_wound(flow: Program) -> None:
    """B423 (seed 004 points there: "see Recovering from Unconsciousness (p.423)"): at 0 HP or
    less, above -1xHP, a HT roll every hour to awaken. Seed 002, Mortal Wounds: "Make a HT roll
    every half hour. Failure, you die. Success, roll again in a half hour."

    Alice (HT 11, HP 10), unconscious at -3 HP: 12 fails, 11 awakens her. Bruno (HT 12, HP 13),
    mortally wounded at -14 HP: 10 succeeds (again in half an hour), 17 fails (a critical failure
    at HT 12, B348): he dies. Both lost HP: the table view assumes no bleeding rule."""
    start = roster(Alice={"current-hp": -3, "unconscious": "yes"}, Bruno={"current-hp": -14, "mortally-wounded": "yes"})
    typed = [("awakening-dice", "12"), ("awakening-dice", "11"),
             ("mortal-dice", "10"), ("mortal-dice", "17")]  # fmt: skip
    session, asked = play(flow, start, typed)
    assert [against for _, against in asked] == [*["11 or less: HT"] * 2, *["12 or less: HT"] * 2]
    alice, bruno = state(session, "Alice"), state(session, "Bruno")
    assert not alice.unconscious and alice.current_hp == -3
    assert bruno.dead and not bruno.mortally_wounded


def test_a_critical_success_ends_the_mortal_wound_and_at_1_hp_one_awakens_without_a_roll(flow: Program) -> None:
    """Seed 002: "Critical Success, no longer mortally wounded (though still incapacitated)."
    B423: unconscious with 1 HP or more, one awakens by oneself (in 15 minutes): no roll.

    Alice unconscious at 4 HP: awake, nothing asked. Bruno mortally wounded at -14: 4 is a
    critical success: alive, no longer mortally wounded."""
    start = roster(Alice={"current-hp": 4, "unconscious": "yes"}, Bruno={"current-hp": -14, "mortally-wounded": "yes"})
    session, asked = play(flow, start, [("mortal-dice", "4")])
    assert [fact for fact, _ in asked] == ["mortal-dice"]
    assert not state(session, "Alice").unconscious
    bruno = state(session, "Bruno")
    assert not bruno.dead and not bruno.mortally_wounded


def test_nothing_is_asked_of_the_unhurt_or_the_dead(flow: Program) -> None:
    """Alice unhurt; Bruno dead at -20, unconscious and mortally wounded when he died: no branch
    asks anything, not even whether the table uses bleeding. The trace still shows each
    combatant's branch at each of the three steps."""
    start = roster(Bruno={"current-hp": -20, "dead": "yes", "unconscious": "yes", "mortally-wounded": "yes"})
    session, asked = play(flow, start, [])
    assert asked == []
    branches = [(v.step, v.branch) for v in session.state.trace if v.step.startswith("post-combat-rolls.")]
    assert branches == [(f"post-combat-rolls.{n}", f"combatant {who}") for n in (1, 3, 6)
                        for who in ("Alice (1/2)", "Bruno (2/2)")]  # fmt: skip
