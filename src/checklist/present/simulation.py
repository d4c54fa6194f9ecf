"""The report of `checklist simulate` as plain data, and its words: the terminal's table and the JSON.

`way_down` reads how a combatant went down from the combat log's events (present/fight.py): the
events that befell them from the last hit they took, as `major wound, failed knockdown (unconscious)`.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from checklist.present.fight import LogLine
from checklist.present.text import log_text

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

FORMAT = "checklist-simulate"
VERSION = 1
WAY_WORDS = {"major wound": "major wound", "stun": "failed knockdown", "mortal wound": "mortal wound", "death": "death"}


@dataclass(frozen=True, slots=True)
class SideRow:
    side: str
    wins: int
    share: float
    low: float  # the 95% confidence interval of the share (Wilson)
    high: float


@dataclass(frozen=True, slots=True)
class FighterRow:
    name: str
    side: str
    max_hp: int
    dead: float  # the share of fights they end dead
    unconscious: float  # ... unconscious (and not dead)
    reeling: float  # ... below 1/3 of their HP
    hp_median: float
    hp_q1: float
    hp_q3: float


@dataclass(frozen=True, slots=True)
class WayRow:
    way: str
    count: int
    share: float  # of the combatants of losing sides


@dataclass(frozen=True, slots=True)
class FightRef:
    """A fight worth replaying, with the command that does."""

    why: str  # "the longest", "party's first win", "broke an invariant: ..."
    index: int
    seed: int
    rounds: int
    command: str
    saved: str = ""  # a broken fight's session file


@dataclass(frozen=True, slots=True)
class Report:
    fights: int
    seed: int
    max_rounds: int
    rosters: tuple[str, ...]
    sides: tuple[SideRow, ...]
    draws: int  # no side left standing, or the round limit came first
    at_limit: int  # of the draws, those stopped by the round limit
    rounds_median: float
    rounds_p90: float
    fighters: tuple[FighterRow, ...]
    ways: tuple[WayRow, ...]  # the five most common, most common first
    downed: int  # combatants of losing sides, over all fights
    answered: int  # questions no tactic answers, answered by the simulation (no, the first choice, 0)
    fights_to_replay: tuple[FightRef, ...]
    replay_any: str  # the command that prints fight K's log and its replay command (K for the fight's number)
    broken: tuple[FightRef, ...] = ()
    rounds: tuple[int, ...] = ()  # each fight's, for the chart (not in the JSON's summary)
    hp_left: tuple[tuple[str, tuple[int, ...]], ...] = ()  # each combatant's HP at the end of each fight


def way_down(events: tuple[LogLine, ...], name: str, dead: bool) -> str:
    """How `name` went down: what befell them from the last damage they took, and how they ended."""
    mine = [e for e in events if e.who == name]
    last = max((i for i, e in enumerate(mine) if e.event == "damage"), default=0)
    words: list[str] = []
    for event in mine[last:]:
        if event.event == "unconscious":
            words.append("knocked out" if "knockdown" in event.detail else "failed HT to stay conscious")
        elif event.event in WAY_WORDS:
            words.append(WAY_WORDS[event.event])
        if words[-1:] == ["death"]:
            break  # a dead combatant's later turns log the failed consciousness roll: nothing more befalls them
    if not any(w in words for w in ("death", "knocked out", "failed HT to stay conscious")):
        words.append("dead" if dead else "unconscious")
    return ", ".join(dict.fromkeys(words))


def percent(share: float) -> str:
    return f"{100 * share:.1f}%"


def report_text(report: Report) -> str:
    """The report as the terminal shows it."""
    lines = [
        f"{report.fights} fights, seed {report.seed}, at most {report.max_rounds} rounds: {' '.join(report.rosters)}",
        "",
        f"  {'side':<16} {'won':>7} {'share':>7}   95% interval (Wilson)",
    ]
    for row in report.sides:
        lines.append(
            f"  {row.side:<16} {row.wins:>7} {percent(row.share):>7}   {percent(row.low)} to {percent(row.high)}"
        )
    if report.draws:
        why = f"{report.at_limit} at the round limit, {report.draws - report.at_limit} with nobody standing"
        lines.append(f"  {'draw':<16} {report.draws:>7} {percent(report.draws / report.fights):>7}   ({why})")
    lines += ["", f"Rounds to the end: median {report.rounds_median:g}, 90th percentile {report.rounds_p90:g}", ""]
    width = max([9, *(len(f.name) for f in report.fighters)])
    lines.append(f"  {'combatant':<{width}}  {'side':<10} {'dead':>6} {'uncon.':>6} {'<1/3 HP':>7}   HP left: median"
                 " (quartiles)")  # fmt: skip
    for f in report.fighters:
        hp = f"{f.hp_median:g} ({f.hp_q1:g} to {f.hp_q3:g}) of {f.max_hp}"
        lines.append(
            f"  {f.name:<{width}}  {f.side:<10} {percent(f.dead):>6} {percent(f.unconscious):>6} "
            f"{percent(f.reeling):>7}   {hp}"
        )
    if report.ways:
        lines += ["", f"How the losing side went down ({report.downed} combatants down, the five most common):"]
        lines += [f"  {w.count:>7} {percent(w.share):>6}  {w.way}" for w in report.ways]
    if report.answered:
        lines += ["", f"{report.answered} questions no tactic answers were answered no, the first choice or 0."]
    lines += ["", f"Any fight K: {report.replay_any}"]
    lines += _refs("Replay a fight in `checklist run` (the same rolls, the same log):", report.fights_to_replay)
    lines += _refs("Fights that broke an invariant (saved; resume with checklist run --resume FILE):", report.broken)
    return "\n".join(lines) + "\n"


def _refs(title: str, refs: tuple[FightRef, ...]) -> list[str]:
    if not refs:
        return []
    lines = ["", title]
    for ref in refs:
        saved = f", saved to {ref.saved}" if ref.saved else ""
        lines.append(f"  fight {ref.index} ({ref.why}, {ref.rounds} rounds{saved}):")
        lines.append(f"    {ref.command}")
    return lines


def report_json(report: Report) -> dict[str, Any]:
    """The report as `--format json` writes it: the same with any number of processes."""
    data = asdict(report)
    data.pop("rounds")
    data.pop("hp_left")
    return {"format": FORMAT, "version": VERSION, **data}


@dataclass(frozen=True, slots=True)
class Replayed:
    """One fight played again alone (`simulate --replay K`)."""

    index: int
    seed: int
    winner: str | None
    end: str  # over, rounds, broken
    rounds: int
    events: tuple[LogLine, ...]
    command: str
    problems: tuple[str, ...] = ()


def replay_text(fight: Replayed) -> str:
    """The fight's headline, its combat log as `checklist run` prints it, and the command that replays it."""
    if fight.winner is not None:
        how = f"{fight.winner} won in round {fight.rounds}"
    elif fight.end == "rounds":
        how = f"a draw: still going after round {fight.rounds}"
    else:
        how = f"nobody won ({fight.end}, round {fight.rounds})"
    lines = [f"Fight {fight.index} (its seed {fight.seed}): {how}", "Combat log:"]
    lines += [f"  {log_text(e)}" for e in fight.events] or ["  (no attack)"]
    lines += [f"Broke an invariant: {p}" for p in fight.problems]
    lines += ["Replay it in `checklist run` (the same rolls; it prints the same log at the end):", f"  {fight.command}"]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class Varied:
    """`simulate --vary orc=2..5`: one report for each number of that combatant, the same seed for each."""

    name: str
    runs: tuple[tuple[int, Report], ...]  # (how many, the report), in order


def vary_text(varied: Varied) -> str:
    """The runs side by side: each side's share won with its interval, the draws, the rounds."""
    first = varied.runs[0][1]
    lines = [
        f"--vary {varied.name}: {first.fights} fights for each number, seed {first.seed} (fight K rolls the same "
        f"dice in each), at most {first.max_rounds} rounds: {' '.join(first.rosters)}",
        "",
        f"  {varied.name:>8}  "
        + "  ".join(f"{row.side + ' won (95%)':<26}" for row in first.sides)
        + "   draw  rounds",
    ]
    for count, report in varied.runs:
        sides = "  ".join(f"{f'{percent(r.share)} ({percent(r.low)}-{percent(r.high)})':<26}" for r in report.sides)
        rounds = f"{report.rounds_median:g} (90%: {report.rounds_p90:g})"
        lines.append(f"  {count:>8}  {sides}   {percent(report.draws / report.fights):>5}  {rounds}")
    lines += ["", "Each number's whole report, and its fights to replay:"]
    lines += [f"  {r.replay_any.removesuffix(' --replay K')} --fights {r.fights}" for _, r in varied.runs]
    return "\n".join(lines) + "\n"


def vary_json(varied: Varied) -> dict[str, Any]:
    runs = [{"count": count, "report": report_json(report)} for count, report in varied.runs]
    return {"format": FORMAT + "-vary", "version": VERSION, "vary": varied.name, "runs": runs}
