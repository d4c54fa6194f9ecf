"""The fights summed up into the report (present/simulation.py words it): shares with their Wilson
interval, quantiles, the most common ways down. Pure: the same fights give the same report."""

from __future__ import annotations

import math
from collections import Counter

from checklist.play.simulate.fight import Outcome
from checklist.play.simulate.setup import Setup, replay_command, simulate_command
from checklist.present.simulation import FighterRow, FightRef, Report, SideRow, WayRow

Z95 = 1.959963984540054  # the normal quantile of 0.975
WAYS_SHOWN = 5


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of wins/n (Wilson 1927): good at shares near 0 and 1, and for few fights."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6)


def quantile(values: list[int], q: float) -> float:
    """The q-quantile by linear interpolation between the sorted values (numpy's default)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    at = (len(ordered) - 1) * q
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return round(ordered[low] + (ordered[high] - ordered[low]) * (at - low), 3)


def report(setup: Setup, outcomes: list[Outcome], seed: int) -> Report:
    n = len(outcomes)
    wins = Counter(o.winner for o in outcomes if o.winner is not None)
    sides = tuple(SideRow(s, wins[s], round(wins[s] / n, 6), *wilson(wins[s], n)) for s in setup.sides)
    draws = sum(1 for o in outcomes if o.winner is None)
    rounds = [o.rounds for o in outcomes]
    ways = Counter(w for o in outcomes for w in o.ways)
    downed = sum(ways.values())
    top = tuple(WayRow(w, c, round(c / downed, 6)) for w, c in sorted(ways.items(), key=lambda i: (-i[1], i[0])))
    return Report(
        fights=n,
        seed=seed,
        max_rounds=setup.spec.rounds,
        rosters=setup.spec.rosters,
        sides=sides,
        draws=draws,
        at_limit=sum(1 for o in outcomes if o.end == "rounds"),
        rounds_median=quantile(rounds, 0.5),
        rounds_p90=quantile(rounds, 0.9),
        fighters=_fighters(outcomes),
        ways=top[:WAYS_SHOWN],
        downed=downed,
        answered=sum(len(o.asked) for o in outcomes),
        fights_to_replay=_worth_replaying(setup, outcomes, seed),
        replay_any=simulate_command(setup, seed) + " --replay K",
        broken=tuple(_ref(setup, o, _broke(o.problems), seed) for o in outcomes if o.problems),
        rounds=tuple(rounds),
        hp_left=tuple((f.name, tuple(o.fighters[i].hp for o in outcomes)) for i, f in enumerate(outcomes[0].fighters)),
    )


def _broke(problems: tuple[str, ...]) -> str:
    more = f"; and {len(problems) - 3} more" if len(problems) > 3 else ""
    return "broke an invariant: " + "; ".join(problems[:3]) + more


def _fighters(outcomes: list[Outcome]) -> tuple[FighterRow, ...]:
    n = len(outcomes)
    rows = []
    for i, first in enumerate(outcomes[0].fighters):
        theirs = [o.fighters[i] for o in outcomes]
        hp = [f.hp for f in theirs]
        rows.append(
            FighterRow(
                first.name,
                first.side,
                first.max_hp,
                round(sum(f.dead for f in theirs) / n, 6),
                round(sum(f.unconscious and not f.dead for f in theirs) / n, 6),
                round(sum(f.reeling for f in theirs) / n, 6),
                quantile(hp, 0.5),
                quantile(hp, 0.25),
                quantile(hp, 0.75),
            )
        )
    return tuple(rows)


def _worth_replaying(setup: Setup, outcomes: list[Outcome], seed: int) -> tuple[FightRef, ...]:
    """The first fight each side won, and the longest fight."""
    refs = []
    for side in setup.sides:
        won = next((o for o in outcomes if o.winner == side), None)
        if won is not None:
            refs.append(_ref(setup, won, f"the first win for {side}", seed))
    longest = max(outcomes, key=lambda o: (o.rounds, -o.index))
    refs.append(_ref(setup, longest, "the longest", seed))
    return tuple(refs)


def _ref(setup: Setup, outcome: Outcome, why: str, seed: int) -> FightRef:
    """A fight and the command that replays it: `checklist run`'s, or for a `--vary` run (whose roster no
    file holds) the `simulate --replay K` that writes the roster and prints `checklist run`'s."""
    if setup.spec.vary is not None:
        command = f"{simulate_command(setup, seed)} --replay {outcome.index}"
    else:
        command = replay_command(setup, outcome.seed, outcome.asked)
    return FightRef(why, outcome.index, outcome.seed, outcome.rounds, command, outcome.saved)
