"""Write bench/table_turn/learn/*.answers: the step-by-step view's answers for the same turns.

Run it after a change to the flow: `.venv/bin/python bench/table_turn/make_learn.py`.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
from checklist.engine.session import Session
from checklist.program.load import load
from checklist.roster.load import load as load_roster

ROOT = Path(__file__).resolve().parents[2]
FLOW = load(ROOT / "flow")
ROSTER = ROOT / "bench/table_turn/roster.toml"
BASE = {"aimed-location": "torso", "combat-over": "no", "shots": "1", "weapon-malf": "17"}
PLANS = {  # file: (decisions, header)
    "setup/alice-hits": (
        {
            "maneuver": "attack",
            "target": "bruno",
            "attack-dice": "10",
            "defense": "parry",
            "defense-dice": "15",
            "damage-roll": "3",
        },
        "Setup, round 1: Alice hits Bruno (rolls typed).",
    ),
    "setup/alice-knocks-down": (
        {
            "maneuver": "attack",
            "target": "bruno",
            "attack-dice": "10",
            "defense": "parry",
            "defense-dice": "15",
            "damage-roll": "8",
            "knockdown-dice": "16",
        },
        "Setup for (f): Alice hits Bruno hard; the knockdown roll fails by 4 (stunned; by 5 he would be unconscious).",
    ),
    "setup/nothing": ({"maneuver": "do nothing"}, "Setup: Do Nothing."),
    "a": (
        {
            "maneuver": "attack",
            "target": "bruno",
            "attack-dice": "r",
            "defense": "parry",
            "defense-dice": "r",
            "damage-roll": "r",
        },
        "Turn (a): melee Attack, hit, parry fails, damage to the torso.",
    ),
    "b": ({"maneuver": "attack", "target": "bruno", "attack-dice": "r"}, "Turn (b): melee Attack, miss."),
    "c": ({"maneuver": "aim", "aim-target": "bruno", "aim-weapon": "longbow"}, "Turn (c): Aim at Bruno."),
    "d": (
        {
            "maneuver": "attack",
            "target": "bruno",
            "weapon": "longbow",
            "range-yards": "10",
            "attack-dice": "r",
            "defense": "dodge",
            "defense-dice": "r",
            "damage-roll": "r",
        },
        "Turn (d): ranged attack after Aim, the dodge fails.",
    ),
    "e": (
        {
            "maneuver": "all-out attack (all other)",
            "target": "bruno",
            "aoa-option": "determined",
            "maneuver-option": "determined",
            "attack-dice": "r",
            "defense": "none",
            "damage-roll": "r",
        },
        "Turn (e): All-Out Attack (Determined), hit, no defense.",
    ),
    "f": ({}, "Turn (f): a stunned combatant."),
}
SEQUENCE = {  # the order the bench plays them in, so each is written where the flow is
    "a": ["setup/alice-hits", "setup/nothing", "setup/nothing", "a"],
    "b": ["setup/alice-hits", "setup/nothing", "setup/nothing", "b"],
    "d": ["setup/alice-hits", "setup/nothing", "c", "setup/nothing", "setup/nothing", "d"],
    "e": ["setup/alice-hits", "setup/nothing", "setup/nothing", "e"],
    "f": ["setup/alice-knocks-down", "f"],
}
SEEDS = {"a": 1, "b": 3, "d": 1, "e": 2, "f": 1}


def play(session: Session, decisions: dict[str, str]) -> list[str]:
    lines: list[str] = []
    start_round, start_turn = session.state.roster.round, session.state.roster.current
    while session.question is not None:
        q = session.question
        roster = session.state.roster
        if (roster.round, roster.current) != (start_round, start_turn) and session.state.step == "combat.1":
            break
        if q.kind == "continue":
            answer = ""
        elif q.kind == "split":
            answer = "1: Bruno" if session.state.step == "combat.59" else "0"
        elif q.fact in decisions:
            answer = decisions[q.fact]
        elif q.fact in BASE:
            answer = BASE[q.fact]
        elif q.kind == "yes/no":
            answer = "no"
        elif q.kind in ("number",):
            answer = "0"
        elif q.kind == "roll":
            answer = "r"
        else:
            raise SystemExit(f"no answer for {q.fact} at {session.state.step}")
        lines.append(f"# {session.state.step} {q.fact or q.kind}\n{answer}\n")
        session.answer(answer) if answer else session.give(None)
    return lines


written: dict[str, list[str]] = {}
for key, files in SEQUENCE.items():
    session = Session(FLOW, at="combat.1", seed=SEEDS[key], roster=load_roster(ROSTER), pause=True)
    for name in files:
        lines = play(session, PLANS[name][0])
        written.setdefault(name, lines)
for name, lines in written.items():
    out = ROOT / "bench/table_turn/learn" / f"{name}.answers"
    out.write_text(
        f"# {PLANS[name][1]} The step-by-step view (--learn): every step, Enter included.\n" + "".join(lines)
    )
    print(name, len(lines))
