"""A whole fight at the table: `python bench/fight.py` (what the game master types and reads).

One scripted fight (GURPS issue 25) is played with `checklist run` in a pseudo-terminal (pexpect,
80 columns by 40 rows, NO_COLOR=1), from the roster's first screen to the end table, with three
real GCS sheets read where they are (/work/shared/gcs/v5, beside the repository: never copied):

    checklist run --roster ".../Basic Warrior.gcs@party" --roster TMP/Fiasco-Felicity.toml \\
        --roster ".../Ogre.gcs@foes" --seed N --session TMP/s.json [--roll auto]

(TMP/Fiasco-Felicity.toml names her sheet, on the party's side, with `readied = "M1877 Colt
Lightning .38"`: a sheet readies its first melee weapon that can parry, her knife.)

Donn Estevane (broadsword and shield) and Felicity (a pistol, RoF 3, Rcl 2) against the Ogre
(a maul), twelve turns over four rounds: hits and misses, a parry that fails and one that holds,
a block, pistol shots, a major wound whose knockdown roll fails, the stunned Ogre's turn (an HT
roll to recover at its end), and the Ogre falling, after which the tool ends the fight and runs
the Post-Combat Checklist to the end table. The script (bench/fight/fight_script.py) says per
turn what the game master decides (the maneuver; when asked, the defense, the shots, the range)
and, with physical dice, the number each roll shows, worked out from the number on the screen
so that those events happen. A question the script does not decide is answered with Enter when
the prompt shows a default (`[Enter: Torso] > `), and stops the bench, with the screen, when it
does not. Two modes are played and measured side by side:

* physical dice (`--roll ask`): every roll is typed, as the script wants it;
* `--roll auto`: the tool rolls (one printed line each), the same decisions, with a seed kept
  here (AUTO_SEED) under which the Ogre falls and the party stands, in 10 to 20 turns, one of
  them with nothing to decide (`--search` looks for one again: see `search`).

It counts, per turn and for the whole run:

* inputs: every line sent at a prompt, Enter included (decisions, Enters, typed rolls); each
  is checked to be echoed after its prompt;
* printed lines: the terminal's lines as the game master reads them, the echoed answers on the
  prompt's line; a line wider than 80 columns counts once per row it takes (the tool breaks its
  screens at the terminal's width; the roster notes on stderr are not broken, and take two);
* turns: a turn starts in the first screen whose roster line names another turn (`round 2,
  Ogre's turn`), below the screen's rule and the roll it shows first (the last turn's roll,
  which counts with that turn). A turn that shows no screen at all (with --roll auto, a stunned
  combatant's: nothing is asked, only its roll line is printed) is found from the turn order on
  the roster line and counts 0 inputs and 0 lines. The roster notes before the first turn, and
  the end of the run after the fight (the Post-Combat Checklist, the end table), are counted
  apart, and in the whole run;
* the kind of each turn, from what it showed: nothing to decide (no maneuver was asked), ranged
  attack (an attack roll, and a question about range or shots), melee attack (an attack roll),
  other; the longest screen (lines between two prompts, or after the last one).

A fight is checked before it is counted: the run ends (exit 0) with the end table, the Ogre
unconscious or dead and the party neither; each typed roll gave what the script wanted (its roll
line says so); with physical dice, the turns are the script's, in its order and of its kinds,
and every die of the script was rolled.

Options: --json FILE, --checklist CMD (default .venv/bin/checklist; a command with arguments
works: "python -m checklist"), --mode physical|auto|both, --seed N, --search, --max-seed N,
--min-turns N, --max-turns N, --timeout S, --transcript DIR (each mode's screens as the game master saw them).
Targets of the coming work are printed with met / not met; nothing here asserts them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent / "fight"))
import fight_play as fp  # noqa: E402
import fight_script as fs  # noqa: E402

SHEETS = ROOT.parent / "shared" / "gcs" / "v5"
PHYSICAL_SEED = 1  # nothing is rolled by the tool: every roll is typed
AUTO_SEED = 9  # --roll auto: the first seed that ends the fight as wanted (see search; --search finds it again)
TARGETS = (  # (mode, name, figure, limit)
    ("physical", "median melee attack turn", "median_melee_inputs", 6),
    ("physical", "whole fight: inputs", "inputs", 50),
    ("physical", "whole fight: printed lines", "printed_lines", 600),
    ("auto", "median melee attack turn", "median_melee_inputs", 3),
    ("physical", "turn with nothing to decide", "max_nothing_inputs", 1),
    ("auto", "turn with nothing to decide", "max_nothing_inputs", 1),
)


class GameMaster:
    """The policy: the script's decisions, Enter for a default, the script's dice (physical)."""

    def __init__(self, physical: bool) -> None:
        self.physical = physical
        self.used: dict[tuple[int, str], set[int]] = {}  # the dice entries each turn has typed
        self.wanted: list[str] = []  # the wanted outcome of each roll typed, in order

    def __call__(
        self, turn: fp.Turn | None, question: str, offered: str, prompt: str, screen: list[str]
    ) -> tuple[str, str]:
        plan = fs.plan_for(turn.round, turn.actor) if turn else None
        dice = fp.DICE.search(question) or fp.DICE.search(offered)
        if dice is not None:
            return self.roll(turn, plan, question, dice.group(1), screen)
        answer = fs.decide(plan, turn.actor if turn else "", question, offered)
        default = fp.default_of(prompt)
        if answer is not None and not (default and default.lower().startswith(answer.lower())):
            return answer, "decision"
        if default is not None:
            return "", "default"
        raise fp.FightError(f"the script does not decide {question!r} (no default to take)", screen)

    def roll(
        self, turn: fp.Turn | None, plan: fs.Plan | None, question: str, dice: str, screen: list[str]
    ) -> tuple[str, str]:
        if not self.physical:
            raise fp.FightError("a roll question under --roll auto", screen)
        if turn is None or plan is None:
            return self.after(question, dice, screen)
        used = self.used.setdefault((turn.round, turn.actor), set())
        entry = next((i for i, (p, _) in enumerate(plan.dice) if i not in used and re.search(p, question)), None)
        if entry is None:
            raise fp.FightError(f"the script's round {plan.round}, {plan.actor} has no die for {question!r}", screen)
        used.add(entry)
        wanted = plan.dice[entry][1]
        try:
            value = fs.physical(wanted, fp.ledger_total(screen), dice)
        except ValueError as exc:
            raise fp.FightError(f"round {plan.round}, {plan.actor}: {exc}", screen) from exc
        self.wanted.append(wanted)
        return str(value), "roll"

    def after(self, question: str, dice: str, screen: list[str]) -> tuple[str, str]:
        """A roll after the fight (post-combat): the script's AFTER dice."""
        wanted = next((w for p, w in fs.AFTER if re.search(p, question)), None)
        if wanted is None:
            raise fp.FightError(f"a roll outside the script's turns: {question!r}", screen)
        self.wanted.append(wanted)
        return str(fs.physical(wanted, fp.ledger_total(screen), dice)), "roll"

    def unused(self) -> list[str]:
        """The script's dice that no roll question took: the fight did not go as written."""
        return [
            f"round {p.round}, {p.actor}: {pattern!r} ({wanted})"
            for p in fs.PLANS
            for i, (pattern, wanted) in enumerate(p.dice)
            if i not in next((u for (r, a), u in self.used.items() if r == p.round and p.actor in a), set())
        ]


def command(checklist: list[str], seed: int, session: Path, auto: bool) -> list[str]:
    out = [*checklist, "run"]
    for sheet, side, readied in fs.SIDES:
        if not readied:
            out += ["--roster", f"{SHEETS / sheet}@{side}"]
            continue
        roster = session.parent / f"{Path(sheet).stem}.toml"  # the roster says which weapon is ready
        body = f"[[combatant]]\ngcs = {json.dumps(str(SHEETS / sheet))}\nside = {json.dumps(side)}\n"
        roster.write_text(body + f"readied = {json.dumps(readied)}\n", encoding="utf-8")
        out += ["--roster", str(roster)]
    out += ["--seed", str(seed), "--session", str(session)]
    return out + (["--roll", "auto"] if auto else [])


def fight(checklist: list[str], mode: str, seed: int, args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    """Play the fight in one mode and check it: the figures, or FightError saying why not."""
    session = tmp / f"{mode}-{seed}" / "s.json"
    session.parent.mkdir(parents=True, exist_ok=True)
    master = GameMaster(mode == "physical")
    env = {**os.environ, "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    run = command(checklist, seed, session, mode == "auto")
    played = fp.play(run, env, str(ROOT), master, args.timeout, cap=40 * args.max_turns)
    figures = fp.figures(played)  # (it sets each turn's kind)
    problems = fp.check(played, master.wanted, args.max_turns, fs.FOE, fs.PARTY)
    if not master.physical and len(played.turns) < args.min_turns:
        problems.append(f"{len(played.turns)} turns, fewer than {args.min_turns}")
    if not master.physical and not figures["kinds"]["nothing to decide"]["turns"]:
        problems.append("no turn with nothing to decide (its target would not be measured)")
    if master.physical:  # the turns are the script's, in its order, each of the kind it says
        planned = [(p.round, p.actor, p.kind) for p in fs.PLANS]
        seen = [
            (t.round, next((p.actor for p in fs.PLANS if p.actor in t.actor), t.actor), t.kind) for t in played.turns
        ]
        if seen != planned:
            problems.append(f"the turns were {seen}, not the script's {planned}")
    problems += [f"the script's die was not rolled: {u}" for u in master.unused()] if master.physical else []
    if problems:
        raise fp.FightError("; ".join(problems), played.lines[-40:], outcome=True)
    figures.update(mode=mode, seed=seed, command=shell(run, tmp), answers=[a.answer for a in played.asked])
    figures["_play"] = played
    return figures


def shell(run: list[str], tmp: Path) -> str:
    text = "NO_COLOR=1 " + " ".join(shlex.quote(part) for part in run)
    return text.replace(str(tmp), "$TMP").replace(str(ROOT) + "/", "")


def search(checklist: list[str], args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    """--roll auto: the kept seed, or (with --search, or when it no longer does) the first seed whose
    fight ends with the Ogre down and the party standing, in --min-turns to --max-turns turns, one
    of which has nothing to decide (someone stunned), so that every target gets a figure."""
    seeds = [args.seed] if not args.search else []
    seeds += [s for s in range(1, args.max_seed + 1) if s not in seeds]
    last = ""
    for seed in seeds:
        try:
            found = fight(checklist, "auto", seed, args, tmp)
        except fp.FightError as exc:
            if not exc.outcome:  # not the dice: a question the script does not answer, a run that hangs
                raise
            last = exc.message
            print(f"fight: --roll auto, seed {seed}: {last}", file=sys.stderr)
            continue
        found["seed_searched"] = seed != args.seed
        return found
    raise fp.FightError(f"--roll auto: no seed in 1-{args.max_seed} ends the fight as wanted (last: {last})", [])


def targets(results: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for mode, name, figure, limit in TARGETS:
        if mode in results:
            value = results[mode][figure]
            met = None if value is None else value <= limit  # None: the fight had no such turn
            out.append({"mode": mode, "target": name, "limit": limit, "value": value, "met": met})
    return out


def table(figures: dict[str, Any]) -> str:
    title = "physical dice (every roll typed)" if figures["mode"] == "physical" else "`--roll auto`"
    rows = [
        f"### {title}, seed {figures['seed']}{' (searched)' if figures.get('seed_searched') else ''}",
        "",
        "| turn | round | combatant | kind | inputs | decisions | Enter | rolls typed | printed lines "
        "| longest screen |",
        "|---:|---:|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for n, t in enumerate(figures["turns"], 1):
        rows.append(
            f"| {n} | {t['round']} | {t['actor']} | {t['kind']}{'' if t['shown'] else ' (no screen)'} "
            f"| {t['inputs']} | {t['decisions']} | {t['enter']} "
            f"| {t['rolls']} | {t['printed_lines']} | {t['longest_screen']} |"
        )
    for part in ("before", "after"):
        p = figures[part]
        what = "roster notes, before the first turn" if part == "before" else "Post-Combat Checklist, end table"
        rows.append(
            f"| | | *{what}* | | {p['inputs']} | {p['decisions']} | {p['enter']} | {p['rolls']} "
            f"| {p['printed_lines']} | {p['longest_screen']} |"
        )
    rows.append(
        f"| **whole run** | | | | **{figures['inputs']}** | {figures['decisions']} | {figures['enter']} "
        f"| {figures['rolls']} | **{figures['printed_lines']}** | **{figures['longest_screen']}** |"
    )
    by_kind = ", ".join(f"{k} {v['turns']} ({v['inputs']} inputs)" for k, v in figures["kinds"].items() if v["turns"])
    median = figures["median_melee_inputs"]
    rows += [
        "",
        f"Turns by kind: {by_kind}. Median melee attack turn: {median} inputs. "
        f"Longest screen: {figures['longest_screen']} lines, before {figures['longest_question']!r}.",
    ]
    return "\n".join(rows + slowest(figures))


def slowest(figures: dict[str, Any]) -> list[str]:
    """The melee attack turn with the most inputs, question by question."""
    melee = [(n, t) for n, t in enumerate(figures["turns"], 1) if t["kind"] == "melee attack"]
    if not melee:
        return []
    n, turn = max(melee, key=lambda nt: nt[1]["inputs"])
    rows = ["", f"Slowest melee attack turn: {n} (round {turn['round']}, {turn['actor']}), {turn['inputs']} inputs:"]
    for a in turn["asked"]:
        typed = f"Enter ({fp.default_of(a['prompt']) or 'go on'})" if a["answer"] == "" else f"`{a['answer']}`"
        rows.append(f"  - {a['question']} → {typed} ({a['why']})")
    return rows


def target_table(results: dict[str, dict[str, Any]]) -> str:
    rows = ["| mode | target | limit | today | met |", "|---|---|---:|---:|---|"]
    for t in targets(results):
        met, value = (
            {True: "yes", False: "no", None: "not measured"}[t["met"]],
            "-" if t["value"] is None else t["value"],
        )
        rows.append(f"| {t['mode']} | {t['target']} | <= {t['limit']} | {value} | {met} |")
    return "\n".join(rows)


def checklist_command(text: str) -> list[str] | None:
    """--checklist: a path (from the repository root or here) or a command with arguments."""
    parts = shlex.split(text)
    if not parts:
        return None
    first = parts[0]
    if (ROOT / first).exists():
        parts[0] = str(ROOT / first)
    elif Path(first).exists():
        parts[0] = str(Path(first).resolve())
    elif shutil.which(first) is None:
        return None
    return parts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--checklist", default=".venv/bin/checklist", metavar="CMD", help="the checklist command")
    parser.add_argument("--mode", choices=("physical", "auto", "both"), default="both")
    parser.add_argument("--seed", type=int, default=AUTO_SEED, metavar="N", help=f"--roll auto's seed ({AUTO_SEED})")
    parser.add_argument("--search", action="store_true", help="--roll auto: search the seeds from 1 again")
    parser.add_argument("--max-seed", type=int, default=200, metavar="N", help="search seeds 1-N (default 200)")
    parser.add_argument("--min-turns", type=int, default=10, metavar="N", help="--roll auto: at least N turns (10)")
    parser.add_argument("--max-turns", type=int, default=20, metavar="N", help="the fight must end within N turns (20)")
    parser.add_argument("--timeout", type=float, default=60, metavar="S", help="longest wait for a prompt (60 s)")
    parser.add_argument("--transcript", type=Path, metavar="DIR", help="write each mode's screens to DIR/MODE.txt")
    args = parser.parse_args(argv)
    if not SHEETS.is_dir():
        print(f"fight: the GCS sheets are not at {SHEETS} (GURPS issue 25 reads them there)", file=sys.stderr)
        return 2
    checklist = checklist_command(args.checklist)
    if checklist is None:
        print(f"fight: no checklist command at {args.checklist}", file=sys.stderr)
        return 2
    results: dict[str, dict[str, Any]] = {}
    try:
        with tempfile.TemporaryDirectory(prefix="fight-") as tmp:
            if args.mode in ("physical", "both"):
                results["physical"] = fight(checklist, "physical", PHYSICAL_SEED, args, Path(tmp))
            if args.mode in ("auto", "both"):
                results["auto"] = search(checklist, args, Path(tmp))
    except fp.FightError as exc:
        print(f"fight: {exc}", file=sys.stderr)
        return 1
    for mode, figures in results.items():
        played = figures.pop("_play")
        if args.transcript is not None:
            args.transcript.mkdir(parents=True, exist_ok=True)
            (args.transcript / f"{mode}.txt").write_text("\n".join(played.lines) + "\n", "utf-8")
        print(table(figures) + "\n")
    print(
        "### Targets\n\n" + target_table(results) + "\n\nCommands (from the repository root, TMP=$(mktemp -d); "
        "the answers typed are in --json FILE, modes.MODE.answers):"
    )
    for figures in results.values():
        print(f"  {figures['command']}")
    again = " ".join(shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:]))
    print(f"Bench: python bench/fight.py {again}".rstrip())
    if args.json is not None:
        report = {"checklist": args.checklist, "sheets": str(SHEETS), "modes": results, "targets": targets(results)}
        args.json.write_text(json.dumps(report, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
