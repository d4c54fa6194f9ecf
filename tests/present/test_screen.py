"""Screens as plain data (run/screen.py): one turn with a roster seen screen by screen, the same
turn heard through the session's observers, and views that hold no colour and paint as before."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from checklist.engine.session import Session
from checklist.engine.state import State
from checklist.engine.trace import Decision
from checklist.graph.program import Program
from checklist.present.screen import (
    ChoiceView,
    CombatantView,
    KnownView,
    LedgerLineView,
    RefView,
    RosterView,
    Screen,
    roster_view,
    screen,
)
from checklist.present.summary import summary_view
from checklist.present.where import where_view
from checklist.roster.load import load
from checklist.terminal import paint
from tests.turns import MELEE_ANSWERS, ROOT

ROSTER = ROOT / "examples" / "duel.toml"
PLAIN = paint.Painter(False)

# Alice's turn against Bruno (tests/roster/test_roster.py works the numbers by hand): an Attack at
# skill 15 rolling 9 hits; Bruno parries and fails with 14; 1d+2 rolled 8 cut to the torso is
# 9 injury after DR 2 (6 x 1.5), a major wound; the knockdown roll of 15 fails.  Splits other than the defenders: 0.
ANSWERS = {**MELEE_ANSWERS, "attack-dice": "9", "defense-dice": "14", "damage-roll": "8", "knockdown-dice": "15"}


class Recorder:
    """An Observer: what the session says it did."""

    def __init__(self) -> None:
        self.visits: list[str] = []
        self.decisions: list[tuple[str, Decision, str]] = []

    def visited(self, step: str) -> None:
        self.visits.append(step)

    def decided(self, before: State, decision: Decision, after: State) -> None:
        self.decisions.append((before.step, decision, after.step))


@dataclass
class Turn:
    session: Session
    recorder: Recorder
    screens: list[Screen] = field(default_factory=list)  # before each answer, and the last one
    typed: list[str] = field(default_factory=list)
    decided: list[list[tuple[str, Decision, str]]] = field(default_factory=list)  # by each answer
    visited: list[list[str]] = field(default_factory=list)

    def at(self, step: str, kind: str | None = None) -> Screen:
        """The first screen of `step` (asking a question of `kind`)."""
        return next(s for s in self.screens if s.step == step and (kind is None or _kind(s) == kind))


def _kind(view: Screen) -> str | None:
    return view.question.kind if view.question is not None else None


@pytest.fixture(scope="module")
def turn(flow: Program) -> Turn:
    """Alice's whole turn, from combat.1 until Bruno's turn starts at combat.1."""
    recorder = Recorder()
    session = Session(flow, at="combat.1", seed=11, roster=load(ROSTER), observers=[recorder])
    played = Turn(session, recorder, [screen(session)])
    while len(played.screens) == 1 or played.screens[-1].step != "combat.1":
        view = played.screens[-1]
        question = view.question
        assert question is not None and len(played.screens) < 200
        if question.kind == "continue":
            answer = ""
        elif question.kind == "split":
            answer = "Bruno" if view.step == "combat.59" else "0"
        else:
            answer = ANSWERS[question.fact or ""]
        decisions, visits = len(recorder.decisions), len(recorder.visits)
        session.answer(answer)
        played.typed.append(answer)
        played.decided.append(recorder.decisions[decisions:])
        played.visited.append(recorder.visits[visits:])
        played.screens.append(screen(session))
    return played


ALICE = CombatantView("Alice", 10, 10, 11, 11, 0, "standing", (), True)
BRUNO = CombatantView("Bruno", 13, 13, 12, 12, 0, "standing", (), False)


def test_the_first_screen_is_the_step_its_place_the_roster_and_a_yes_no_question(turn: Turn) -> None:
    first = turn.screens[0]
    assert (first.step, first.number, first.title) == ("combat.1", 1, "Incapacitated or unconscious?")
    assert (first.checklist, first.section, first.branch, first.resumed) == (
        "Combat Checklist",
        "Start of turn",
        "",
        False,
    )
    assert first.roster == RosterView(1, "Alice", (ALICE, BRUNO))  # Basic Speed 6.25 acts first
    assert first.prose[0] == "If suffering from Incapacitating Conditions"
    assert first.refs == (RefView("B428", "Basic Set", "B428 (Basic Set p. 428)"),)
    # Alice has HP left, so she does not fail the roll to stay conscious: read, not asked (B419)
    work = (
        "worked out at combat.1: consciousness.roll[actor.dead no, hp-thresholds.state[(actor.current-hp 10"
        " / actor.hp 10)] fine (B419), actor.unconscious no] no (B419, B423) = no"
    )
    mortal = "worked out at combat.1: actor.incapacitated no = no"  # no mortal wound (seed 002)
    assert first.known == (
        KnownView("failed-consciousness", "no", "turn", work),
        KnownView("incapacitated", "no", "turn", mortal),
    )
    assert first.question is not None and first.question.kind == "continue"
    overridable = ("failed-consciousness", "incapacitated")
    assert (first.cards, first.ledgers, first.overridable, first.messages) == ((), (), overridable, ())


def test_a_step_that_asks_nothing_shows_what_it_read_and_where_it_goes(turn: Turn) -> None:
    second = turn.screens[1]
    assert turn.typed[0] == "" and second.step == "combat.2"
    assert second.known == (KnownView("stunned", "no", "turn", "worked out at combat.2: actor.stunned no = no"),)
    assert second.question is not None and second.question.kind == "continue"
    assert second.question.next == "combat.3 Feint or ruse from last turn" and second.question.choices == ()
    assert second.overridable == ("stunned",)


def test_the_maneuver_table_is_numbered_and_its_card_follows(turn: Turn) -> None:
    asked = turn.at("combat.11", "table")
    assert asked.question is not None and asked.question.fact == "maneuver"
    assert len(asked.question.choices) == 17 and asked.question.choices[5] == ChoiceView("6", "attack", "Attack")
    shown = turn.at("combat.11", "continue")
    assert [c.deck for c in shown.cards] == ["Maneuvers, 4th edition"]
    assert shown.cards[0].lines[:2] == ("ATTACK  (B365, MA98, B370, MA80, B357, MA131)", "Move: Step")
    assert shown.question is not None and shown.question.next == "combat.15 Attack  (maneuver = attack)"


def test_number_and_roll_questions_say_what_to_type(turn: Turn) -> None:
    assert turn.at("combat.42").question == turn.at("combat.42", "continue").question  # the SM is the roster's
    number = turn.at("combat.44", "number").question
    assert number is not None and (number.kind, number.fact, number.hint) == (
        "number",
        "deceptive-levels",
        "type a whole number",
    )
    roll = turn.at("combat.54").question
    assert roll is not None and (roll.kind, roll.text, roll.hint) == (
        "roll", "Roll 3d6 for the attack", "type the total the dice show (3d6: 3 to 18), or Enter to roll")  # fmt: skip


def test_the_attack_roll_shows_the_effective_skill_ledger_line_by_line(turn: Turn) -> None:
    view = turn.at("combat.54")
    (ledger,) = view.ledgers
    assert (ledger.title, ledger.fact, ledger.correction, ledger.total) == (
        "Effective skill",
        "effective-skill",
        None,
        15,
    )
    assert [(line.fact, line.value, line.source) for line in ledger.lines] == [
        ("base-skill", 15, "step 39, B428"), ("shock-penalty", 0, "step 39, B419"),
        ("maneuver-skill", 0, "step 40, B365, MA99-100, MA107"), ("evaluate-bonus", 0, "step 41, B364"),
        ("sm-bonus", 0, "step 42, B19"), ("posture-skill", 0, "step 43, B551"),
        ("deceptive-skill", 0, "step 44, B369"), ("telegraphic-skill", 0, "step 44, MA113"),
        ("other-skill-modifier", 0, "step 52, B547, B551"), ("location-penalty", 0, "step 53, B552"),
    ]  # fmt: skip
    assert ledger.lines[0] == LedgerLineView(
        15,
        "What is the attacker's skill (or technique) with this attack?",
        "base-skill",
        "step 39, B428",
        "attacker's skill with this attack",  # as the table view says it: no aside
    )
    names = [k.fact for k in view.known]  # the ledger sits where the step read it, before final-skill
    assert names.index("location-penalty") < names.index("effective-skill") < names.index("final-skill")
    assert view.known[names.index("final-skill")].how == "worked out at combat.54: effective-skill 15 = 15"
    assert paint.ledger_lines(ledger)[-1] == "    = 15  Effective skill"


def test_the_defender_branch_is_named_and_the_roster_carries_the_damage(turn: Turn) -> None:
    assert turn.at("combat.60").branch == "defender Bruno (1/1)"
    assert all(s.branch == "" for s in turn.screens if s.step in ("combat.130", "combat.135"))
    last = turn.screens[-1]
    hurt = CombatantView("Bruno", 4, 13, 12, 12, -4, "lying", ("reeling", "stunned"), True)
    assert last.step == "combat.1" and last.roster == RosterView(
        1, "Bruno", (dataclasses.replace(ALICE, acting=False), hurt)
    )
    roster = turn.session.state.roster
    assert roster is not None and last.roster is not None
    now = roster_view(roster, turn.session.program).combatants
    assert [paint.combatant_text(c) for c in last.roster.combatants] == [paint.combatant_text(c) for c in now]
    assert paint.combatant_text(hurt) == "Bruno: HP 4/13, FP 12/12, lying, shock -4, reeling, stunned"


# ---- the same turn, heard through the observers -------------------------------------------------


def test_the_observers_hear_every_step_the_screens_show(turn: Turn) -> None:
    shown = [s.step for i, s in enumerate(turn.screens) if i == 0 or turn.screens[i - 1].step != s.step]
    assert turn.recorder.visits == shown  # the first visit is heard too; no screen is skipped
    for before, after, visits in zip(turn.screens[:-1], turn.screens[1:], turn.visited, strict=True):
        assert visits == ([after.step] if after.step != before.step else [])


def test_each_decision_is_made_at_the_screen_answered_and_leads_to_the_next(turn: Turn) -> None:
    assert sum(len(d) for d in turn.decided) == len(turn.recorder.decisions) > 0
    for before, after, decisions in zip(turn.screens[:-1], turn.screens[1:], turn.decided, strict=True):
        assert all(step == before.step for step, _, _ in decisions)
        if not decisions:  # a question answered, another asked at the same step
            assert after.step == before.step
            continue
        assert decisions[-1][2] == after.step
        question = before.question
        assert question is not None
        if question.kind == "continue":  # Enter carries out what the screen said would happen
            ((_, decision, _),) = decisions
            assert decision.kind == "jump" and question.next is not None
            assert question.next.startswith(f"{decision.target} {after.title}")
    splits = [d for ds in turn.decided for _, d, _ in ds if d.kind == "split"]
    assert ("Bruno",) in [d.names for d in splits]


# ---- plain data, painted as before --------------------------------------------------------------


def plain_values(view: object) -> list[object]:
    """Every leaf of a view; fails on anything but str, int, bool, None, tuples and views."""
    if dataclasses.is_dataclass(view) and not isinstance(view, type):
        return [leaf for f in dataclasses.fields(view) for leaf in plain_values(getattr(view, f.name))]
    if isinstance(view, tuple):
        return [leaf for item in view for leaf in plain_values(item)]
    assert view is None or isinstance(view, (str, int, bool)), f"not plain data: {view!r}"
    return [view]


def test_views_are_plain_data_without_colour(turn: Turn, duel: Program) -> None:
    views: list[object] = [*turn.screens, where_view(turn.session, "s.json")]
    ended = Session(duel, seed=1)
    for answer in ("2", ""):
        ended.answer(answer)
    views.append(summary_view(ended))
    for view in views:
        leaves = plain_values(view)
        assert leaves and not [v for v in leaves if isinstance(v, str) and "\x1b" in v]
    assert screen(turn.session) == turn.screens[-1]  # a function of the session: same session, same view


def test_a_screen_paints_as_the_old_text(turn: Turn) -> None:
    roster = "   round 1, Alice's turn · Alice: HP 10/10, FP 11/11, standing · Bruno: HP 13/13, FP 12/12, standing"
    assert paint.screen_text(turn.screens[0], PLAIN) == (
        "\n── Combat Checklist › Start of turn ────────────────────────────\n"
        "combat.1  Incapacitated or unconscious?\n"
        f"{roster}\n"
        "   If suffering from Incapacitating Conditions\n"
        "   (B428), check if any action is possible. Check to\n"
        "   stay conscious if at 0 HP or worse. If failed, go to\n"
        "   121 Otherwise, go to 2.\n"
        "   refs: B428 (Basic Set p. 428)\n"
        "   known: failed-consciousness = no  (worked out at combat.1: "
        "consciousness.roll[actor.dead no, hp-thresholds.state[(actor.current-hp 10 / actor.hp 10)] fine"
        " (B419), actor.unconscious no] no (B419, B423) = no)\n"
        "   known: incapacitated = no  (worked out at combat.1: actor.incapacitated no = no)\n"
        "   next: combat.2 Stun recovery  (otherwise)\n"
        "Press Enter to go on."
    )
    assert paint.screen_text(turn.screens[1], PLAIN) == (
        "\n── Combat Checklist › Start of turn ────────────────────────────\n"
        "combat.2  Stun recovery\n"
        f"{roster}\n"
        "   Check for recovery from stun (B420) and mental\n"
        "   stun (B420). If stunned, go to 135. Go to 3.\n"
        "   refs: B420 (Basic Set p. 420)\n"
        "   known: stunned = no  (worked out at combat.2: actor.stunned no = no)\n"
        "   next: combat.3 Feint or ruse from last turn\n"
        "Press Enter to go on."
    )


def test_a_split_branch_where_and_the_summary_paint_as_the_old_text(duel: Program) -> None:
    s = Session(duel, at="duel.6", facts={"skill": "12"}, seed=1)
    s.answer("2: Orc, Troll")
    assert paint.screen_text(screen(s), PLAIN) == (
        "\n── Duel › A round ──────────────────────────────────────────────\n"
        "duel.7  Dodge and damage   [target Orc (1/2)]\n"
        "   refs: CI12 (Campaigns p. 12)\n"
        "Did the target dodge?\n"
        "   1) yes   2) no"
    )
    assert paint.where_text(where_view(s, "s.json"), PLAIN) == (
        "Where: duel.7 Dodge and damage (Duel)\n"
        "Path: duel.6 → duel.7\n"
        "Splits (innermost last):\n"
        "  duel.6: target Orc (1/2); next: Troll; ends at duel.8\n"
        "Known facts:\n"
        "  combat   skill = 12  (set on the command line, per combat)\n"
        "New scope at: turn duel.2 · attack duel.5 · defender duel.7\n"
        "Session file: s.json"
    )
    whole = Session(duel, seed=1)
    for answer in ("12", "1", "", "9", "2: Orc, Troll", "yes", "no", "mail", "no"):
        whole.answer(answer)
    view = summary_view(whole)
    assert (view.kind, view.at, view.label, view.visits, view.distinct) == ("end", "duel.8", "", 8, 7)
    assert paint.summary_text(view, PLAIN) == (
        "== The flow ended at duel.8 ==\n"
        "Steps visited: 8 (7 different)\n"
        "Facts known at the end: skill = 12, weapon = broadsword, attack = 9, armour = mail, again = no\n"
        "Trace:\n"
        "    1. duel.1 Skill  -> duel.2 (go)\n"
        "       skill = 12\n"
        "       refs: B ?\n"
        "    2. duel.2 Weapon  -> duel.3 (weapon = broadsword)\n"
        "       weapon = broadsword\n"
        "       refs: B271, MA109-111\n"
        "    3. duel.3 Sword  -> duel.5 (go)\n"
        "    4. duel.5 Attack roll  -> duel.6 (attack <= 4 or (attack <= 10 and skill >= 10))\n"
        "       attack = 9, skill = 12 (known)\n"
        "       refs: B369\n"
        "    5. duel.6 Targets  split: Orc, Troll\n"
        "    6. duel.7 Dodge and damage [target Orc (1/2)]  -> duel.8 (dodged)\n"
        "       dodged = yes\n"
        "       refs: CI12\n"
        "    7. duel.7 Dodge and damage [target Troll (2/2)]  -> duel.8 (armour = mail)\n"
        "       dodged = no, armour = mail\n"
        "       refs: CI12\n"
        "    8. duel.8 Next round  end (otherwise)\n"
        "       again = no\n"
        "References:\n"
        "  B ? (Basic Set, page not given)\n"
        "  B271 (Basic Set p. 271)\n"
        "  MA109-111 (Martial Arts pp. 109-111)\n"
        "  B369 (Basic Set p. 369)\n"
        "  CI12 (Campaigns p. 12)"
    )


def test_colour_wraps_the_same_text_and_the_prompt_follows_the_question(duel: Program) -> None:
    s = Session(duel, seed=1)
    for answer in ("12", "1", "", "r"):
        s.answer(answer)
    view = screen(s)
    assert view.step == "duel.8" and view.question is not None
    assert "\n".join(paint.question_lines(view.question, paint.Painter(True))) == (
        "\x1b[1;32mDoes the duel go on?\x1b[0m\n   1) yes   2) no"
    )
    assert paint.prompt(view.question) == "> "
    assert paint.prompt(screen(Session(duel, at="duel.3")).question) == "[Enter] > "
    assert paint.prompt(None) == "> "
    with pytest.raises(ValueError, match="not finished"):
        summary_view(s)
