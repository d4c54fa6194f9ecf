"""Drive `checklist run` in a pseudo-terminal and keep what the game master typed and read.

One `play` is one fight: the run is spawned with pexpect at 80 columns by 40 rows, each prompt
(a line that starts with `> `, `[Enter] > ` or `[Enter: X] > `) is answered by the policy
(fight_script.py), and everything the terminal shows is kept, the typed answers as the terminal
echoes them. The counting (inputs and printed lines per turn) is done afterwards on what was
kept, so that it depends on the screens, not on the flow's steps.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pexpect  # type: ignore[import-untyped]  # (no stubs; the tests use it untyped too)

COLUMNS, ROWS = 80, 40
PROMPT = r"\r?\n((?:\[[^\]\r\n]*\] )?> )$"  # at the start of a line, and the last thing shown
TURN = re.compile(r"round (\d+) · ([^\n]*)")  # the status line: `round 2 · Donn Estevane 13/13 · ▶Ogre 17/20, lying`
CELL = re.compile(r"(▶?)(.+?) -?\d+/\d+")  # one combatant of it, ▶ marking whose turn it is
HEADER = "── "  # each question's screen starts with its rule: `── combat.54 Attack roll ───`
BODY = re.compile(r"^   round \d+ · ")  # after the rule and the last roll: the status line
ROLL_LINE = re.compile(
    r"^(Roll [^:]+): (\S+) → (\d+)( \(typed\))?(?: vs (-?\d+)(?: \(([^)]*)\))?: ([a-z -]+?)(?: by \d+)?)?$"
)
MANEUVER = re.compile(r"^Which maneuver does")
ATTACK = "Roll 3d6 for the attack"
RANGED = re.compile(r"\b(range|shots)\b", re.I)
KINDS = ("melee attack", "ranged attack", "nothing to decide", "other")
HINT = re.compile(r"^\s+type ")  # `   type a whole number`, `   type the total the dice show (3d6: 3 to 18), ...`
DICE = re.compile(r"\((\d+d\d+(?:[+-]\d+)?): -?\d+ to \d+\)")  # a roll question's dice: `(3d6: 3 to 18)`
CHOICE = re.compile(r"(?:^|\s)\d+\) \S")  # `    6) Attack`, `1) dodge   2) parry`
LEDGER_TOTAL = re.compile(r"^\s*= (-?\d+)\s")
AGAINST = re.compile(r"^\s+succeeds on (-?\d+) or less")  # the roll question says what it is against
DEFAULT = re.compile(r"^\[Enter(?:: (.*))?\] > $")
END = "== The flow ended"  # the end table's first line
DOWN = re.compile(r"\b(unconscious|dead)\b")


class FightError(Exception):
    """The fight could not be played as scripted: the message says why, then shows the screen."""

    def __init__(self, message: str, screen: Sequence[str] = (), outcome: bool = False) -> None:
        super().__init__(message)
        self.message, self.screen = message, list(screen)
        self.outcome = outcome  # True: the fight was played, but went otherwise (another seed may do)

    def __str__(self) -> str:
        shown = "".join(f"\n    | {line}" for line in self.screen)
        return f"{self.message}{chr(10) + '  the screen:' + shown if shown else ''}"


@dataclass(frozen=True)
class Asked:
    """One prompt: what was asked and what the game master typed."""

    turn: int  # index in Play.turns (-1: before the first turn)
    question: str  # the lines above the prompt, from the question's first line, joined
    prompt: str  # `> `, `[Enter] > `, `[Enter: Torso] > `
    answer: str  # "" is Enter
    why: str  # decision, default (Enter took the default), roll (a physical roll typed)
    line: int  # the prompt's line in Play.lines
    screen: int  # lines printed since the previous prompt (the prompt's line not counted)


@dataclass
class Turn:
    round: int
    actor: str
    start: int  # its first line in Play.lines: in the first screen that names it, below the rule and the last roll
    kind: str = "other"
    shown: bool = True  # False: the turn showed no screen (it asked nothing); it counts 0 inputs, 0 lines


@dataclass(frozen=True)
class Rolled:
    turn: int
    question: str  # Roll 3d6 for the attack
    dice: str
    value: int
    against: int | None
    outcome: str | None  # success, failure, critical success, critical failure (None: damage)
    typed: bool  # `(typed)`: a physical roll


@dataclass
class Play:
    command: list[str]
    lines: list[str] = field(default_factory=list)  # the terminal's text, line by line, as shown
    asked: list[Asked] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)
    after: int | None = None  # the first line after the fight (the Post-Combat Checklist), if reached
    status: int | None = None
    sent: int = 0  # lines sent to the terminal (each answer, Enter included)

    def rows(self, start: int, end: int) -> int:
        """Terminal rows of lines[start:end]: a line wider than the terminal takes more than one."""
        return sum(max(1, -(-len(line) // COLUMNS)) for line in self.lines[start:end])

    def turn_end(self, index: int) -> int:
        """Where the turn's lines end: the next turn, or the end of the fight (the Post-Combat
        Checklist's first screen, or the end table)."""
        if index + 1 < len(self.turns):
            return self.turns[index + 1].start
        if self.after is not None:
            return self.after
        return next((i for i, line in enumerate(self.lines) if line.startswith(END)), len(self.lines))

    def rolls(self) -> list[Rolled]:
        """Every roll line shown, with the turn it was shown in."""
        out: list[Rolled] = []
        for at, line in enumerate(self.lines):
            if not line.startswith("Roll "):
                continue
            # A long roll line is broken at the terminal's width: join the next line or two, the longest that
            # reads whole (`→ 14` at a line's end reads whole too, without the ` (typed) vs 13` after it).
            joined = (" ".join([line, *(x.strip() for x in self.lines[at + 1 : at + 1 + n])]) for n in (2, 1, 0))
            match = next((m for m in map(ROLL_LINE.match, joined) if m), None)
            if match:
                question, dice, value, typed, against, _, outcome = match.groups()
                turn = max((i for i, t in enumerate(self.turns) if t.start <= at), default=-1)
                shown = int(against) if against is not None else None
                out.append(Rolled(turn, question, dice, int(value), shown, outcome, typed is not None))
        return out


# The policy: (turn, question, its choices or hint, prompt, screen) -> (answer, why); FightError when it cannot answer.
Policy = Callable[[Turn | None, str, str, str, list[str]], tuple[str, str]]


def unwrapped(lines: Sequence[str]) -> str:
    """The lines as one text, a wrapped line's pieces joined (the tool breaks long lines between words)."""
    return re.sub(r"\s+", " ", " ".join(lines))


def question_of(screen: Sequence[str]) -> tuple[str, str]:
    """The question above a prompt, and what follows it (the choices or the hint): the question
    starts at the last line at the left edge (choices, hints and a wrapped line's rest are
    indented) and goes on until its choices or hint; each part is joined into one line."""
    body = [line for line in screen if line.strip()]
    first = max((i for i, line in enumerate(body) if not line.startswith(" ")), default=0)
    rest = next((i for i in range(first + 1, len(body)) if CHOICE.search(body[i]) or HINT.match(body[i])), len(body))
    return unwrapped(body[first:rest]).strip(), unwrapped(body[rest:]).strip()


def spawn(command: list[str], env: dict[str, str], cwd: str) -> pexpect.spawn:
    return pexpect.spawn(
        command[0], command[1:], env=env, cwd=cwd, dimensions=(ROWS, COLUMNS), encoding="utf-8", echo=True
    )


def play(command: list[str], env: dict[str, str], cwd: str, policy: Policy, timeout: float, cap: int) -> Play:
    """Run the fight to its end, answering every prompt with `policy`; at most `cap` answers."""
    done = Play(command)
    child = spawn(command, env, cwd)
    text = ""
    try:
        while True:
            got = child.expect([PROMPT, pexpect.EOF, pexpect.TIMEOUT], timeout=timeout)
            text += child.before + (child.after if got == 0 else "")
            done.lines = text.replace("\r\n", "\n").replace("\r", "").split("\n")
            if got == 2:
                raise FightError(f"no prompt and no end within {timeout:g} s", screen_at(done, len(done.lines)))
            if got == 1:
                break
            at = len(done.lines) - 1  # the prompt's line
            since = done.asked[-1].line + 1 if done.asked else 0
            screen = done.lines[since:at]
            note_turn(done, since, screen)
            turn = done.turns[-1] if done.turns and done.after is None else None
            question, offered = question_of(screen)
            prompt = done.lines[at]
            answer, why = policy(turn, question, offered, prompt, screen)
            index = len(done.turns) - 1 if done.after is None else len(done.turns)
            done.asked.append(Asked(index, question, prompt, answer, why, at, len(screen)))
            if len(done.asked) > cap:
                raise FightError(f"more than {cap} answers: the fight does not end", screen)
            child.sendline(answer)
            done.sent += 1
    finally:
        child.close(force=True)
        done.status = child.exitstatus if child.exitstatus is not None else child.signalstatus
    return done


def note_turn(done: Play, since: int, screen: list[str]) -> None:
    """A screen that names another turn (`round 2, Ogre's turn`) starts that turn below its rule
    and the roll it shows (the last turn's: they count with it); the Post-Combat Checklist's
    first screen ends the fight."""
    rule = next((i for i, line in enumerate(screen) if line.startswith(HEADER)), 0)
    body = next((i for i, line in enumerate(screen) if i > rule and BODY.match(line)), rule)
    if done.after is None and screen[rule : rule + 1] and "post-combat" in screen[rule].lower():
        done.after = since + rule
        return
    match = TURN.search(unwrapped(screen))
    if match is None or done.after is not None:
        return
    cells = [CELL.match(cell) for cell in match.group(2).split(" · ")]
    order = [cell.group(2) for cell in cells if cell]  # the status line lists them in turn order
    acting = next((cell.group(2) for cell in cells if cell and cell.group(1)), None)
    if acting is None:
        return
    key = (int(match.group(1)), acting)
    if done.turns and (done.turns[-1].round, done.turns[-1].actor) == key:
        return
    if done.turns and done.turns[-1].actor in order and key[1] in order:
        round_, at = done.turns[-1].round, order.index(done.turns[-1].actor)
        for _ in order:  # the turns between that showed no screen (--roll auto: a stunned turn asks nothing)
            round_, at = (round_ + 1, 0) if at + 1 == len(order) else (round_, at + 1)
            if (round_, order[at]) == key:
                break
            done.turns.append(Turn(round_, order[at], since + body, shown=False))
    done.turns.append(Turn(key[0], key[1], since + body))


def screen_at(done: Play, end: int, lines: int = 45) -> list[str]:
    return done.lines[max(0, end - lines) : end]


def default_of(prompt: str) -> str | None:
    """What Enter takes at this prompt ("" for `[Enter] > `), None when Enter takes nothing."""
    match = DEFAULT.match(prompt)
    return None if match is None else match.group(1) or ""


def ledger_total(screen: Sequence[str]) -> int | None:
    """What the roll is made against: the question's `succeeds on N or less`, else the last
    ledger's total on the screen."""
    said = [int(m.group(1)) for m in map(AGAINST.search, screen) if m]
    if said:
        return said[-1]
    totals = [int(m.group(1)) for m in map(LEDGER_TOTAL.match, screen) if m]
    return totals[-1] if totals else None


def end_table(done: Play) -> dict[str, str]:
    """Each combatant's row of the end table (a wrapped row joined): name -> the row."""
    start = next((i for i, line in enumerate(done.lines) if line.startswith(END)), None)
    rows: dict[str, str] = {}
    if start is None:
        return rows
    name = None
    for line in done.lines[start + 1 :]:
        if not line.startswith(" "):  # `Combat log:`
            break
        if line.startswith("  ") and not line.startswith("   "):
            name = re.split(r"\s{2,}", line.strip())[0]  # the name, then the columns
            rows[name] = line
        elif name is not None:
            rows[name] += " " + line.strip()
    return rows


def log_lines(done: Play) -> list[str]:
    """The end's combat log, one line per event."""
    start = next((i for i, line in enumerate(done.lines) if line.startswith("Combat log:")), None)
    if start is None:
        return []
    return [line for line in done.lines[start + 1 :] if line.startswith("  ")]


def check(done: Play, wanted: Sequence[str], max_turns: int, foe: str, party: Sequence[str]) -> list[str]:
    """What did not happen as it should: the run ends well, the foe is down and the party up,
    every typed roll gave the outcome the script wanted, within `max_turns` turns."""
    problems = []
    if done.status != 0:
        problems.append(f"the run exited with {done.status}, not 0")
    rows = end_table(done)
    if not rows:
        problems.append(f"no end table ({END} ...)")
    for name, row in rows.items():
        down = DOWN.search(row.strip()[len(name) :]) is not None  # the conditions, not the name
        fell = any(foe in line and DOWN.search(line) for line in log_lines(done))  # post-combat may wake them
        if foe in name and not (down or fell):
            problems.append(f"{name} is not down at the end, and the log does not say they fell: {row.strip()!r}")
        if any(p in name for p in party) and down:
            problems.append(f"{name} went down: {row.strip()!r}")
    if len(done.turns) > max_turns:
        problems.append(f"{len(done.turns)} turns, more than {max_turns}")
    unechoed = [a for a in done.asked if done.lines[a.line] != a.prompt + a.answer]
    if unechoed or done.sent != len(done.asked):
        problems.append(
            f"{done.sent} lines sent, {len(done.asked)} answers, {len(unechoed)} not echoed at their prompt"
        )
    typed = [r for r in done.rolls() if r.typed]
    if done.asked and done.asked[-1].why == "roll" and len(typed) == len(wanted) - 1:
        wanted = wanted[:-1]  # the roll that ended the fight: the end table comes instead of its line
    if len(typed) != len(wanted):
        problems.append(f"{len(wanted)} rolls typed, {len(typed)} roll lines say `(typed)`")
    for roll, want in zip(typed, wanted, strict=False):
        outcome = roll.outcome or ""
        good = roll.value == int(want) if want.isdigit() else outcome == want.split()[0]
        if not good:
            problems.append(
                f"round {done.turns[roll.turn].round}: {roll.question} gave {roll.value} {outcome}, not {want}"
            )
    return problems


def kind_of(done: Play, index: int) -> str:
    """What the turn was, from what it showed: no maneuver asked, an attack roll, a range or shots question."""
    asked = [a.question for a in done.asked if a.turn == index]
    if not any(MANEUVER.search(q) for q in asked):
        return "nothing to decide"
    if not any(r.turn == index and r.question.startswith(ATTACK) for r in done.rolls()):
        return "other"
    return "ranged attack" if any(RANGED.search(q) for q in asked) else "melee attack"


def counts(done: Play, asked: Sequence[Asked], start: int, end: int) -> dict[str, Any]:
    return {
        "inputs": len(asked),
        "decisions": sum(a.why == "decision" for a in asked),
        "enter": sum(a.answer == "" for a in asked),
        "rolls": sum(a.why == "roll" for a in asked),
        "printed_lines": done.rows(start, end),
        "longest_screen": max((a.screen for a in asked), default=0),
        "asked": [{"question": a.question, "prompt": a.prompt, "answer": a.answer, "why": a.why} for a in asked],
    }


def whole_if_whole(value: float) -> float | int:
    return int(value) if value == int(value) else value


def figures(done: Play) -> dict[str, Any]:
    """The counts per turn, before and after the fight, and for the whole run."""
    while done.lines and not done.lines[-1].strip():
        done.lines.pop()
    turns = []
    for i, turn in enumerate(done.turns):
        turn.kind = kind_of(done, i)
        part = counts(done, [a for a in done.asked if a.turn == i], turn.start, done.turn_end(i))
        turns.append({"round": turn.round, "actor": turn.actor, "kind": turn.kind, "shown": turn.shown, **part})
    first = done.turns[0].start if done.turns else len(done.lines)
    after = done.turn_end(len(done.turns) - 1) if done.turns else len(done.lines)
    last = done.asked[-1].line + 1 if done.asked else 0
    whole = counts(done, done.asked, 0, len(done.lines))
    ending = len(done.lines) - last  # the end table, after the last prompt: a screen too
    whole["longest_screen"] = max(whole["longest_screen"], ending)
    longest = max(done.asked, key=lambda a: a.screen, default=None)
    melee = [t["inputs"] for t in turns if t["kind"] == "melee attack"]
    nothing = [t["inputs"] for t in turns if t["kind"] == "nothing to decide"]
    return {
        "turns": turns,
        "before": counts(done, [a for a in done.asked if a.turn < 0], 0, first),
        "after": counts(done, [a for a in done.asked if a.turn >= len(done.turns)], after, len(done.lines)),
        **{k: v for k, v in whole.items() if k != "asked"},
        "longest_question": "the end table" if longest is None or ending > longest.screen else longest.question,
        "kinds": {
            kind: {
                "turns": sum(t["kind"] == kind for t in turns),
                "inputs": sum(t["inputs"] for t in turns if t["kind"] == kind),
            }
            for kind in KINDS
        },
        "median_melee_inputs": whole_if_whole(statistics.median(melee)) if melee else None,
        "max_nothing_inputs": max(nothing) if nothing else None,
    }
