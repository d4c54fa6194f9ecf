"""`simulate --plot FILE.svg|png`: the HP each combatant has left at the end (a box per combatant) and
the rounds to the end (a histogram), drawn by matplotlib (the optional `plot` extra; imported only here)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from checklist.present.simulation import Report


class PlotError(Exception):
    """The chart cannot be drawn: matplotlib is missing, or the file cannot be written."""


def plot(report: Report, path: Path) -> None:
    charts = pyplot()
    names = [name for name, _ in report.hp_left]
    figure, (hp, rounds) = charts.subplots(1, 2, figsize=(11, max(3.5, 0.45 * len(names) + 1.5)))
    try:
        _hp_boxes(hp, report, names)
        _rounds(rounds, report)
        figure.suptitle(f"{report.fights} fights, seed {report.seed}: {' '.join(report.rosters)}", fontsize=10)
        figure.tight_layout()
        figure.savefig(path, metadata={"Date": None} if path.suffix.lower() == ".svg" else None)
    except OSError as exc:
        raise PlotError(f"cannot write it: {exc.strerror or exc}") from None
    finally:
        charts.close(figure)


def pyplot() -> Any:
    """matplotlib's pyplot, drawing to files; PlotError when matplotlib is not installed."""
    try:
        import matplotlib
    except ImportError:
        raise PlotError(
            'matplotlib is not installed; install it with pip install "gurps-checklist[plot]" '
            "(or pip install matplotlib), or leave --plot out"
        ) from None
    matplotlib.use("Agg")  # no window: a file
    matplotlib.rcParams["svg.hashsalt"] = "checklist"  # the same SVG for the same report
    import matplotlib.pyplot

    return matplotlib.pyplot


def _hp_boxes(axes: Any, report: Report, names: list[str]) -> None:
    values = [list(hp) for _, hp in report.hp_left]
    axes.boxplot(values, orientation="horizontal", tick_labels=names, whis=(5, 95), showfliers=False)
    for row, fighter in enumerate(report.fighters, 1):
        axes.plot([fighter.max_hp], [row], marker="|", markersize=14, color="green")
    axes.axvline(0, color="grey", linewidth=0.8, linestyle=":")
    axes.invert_yaxis()  # the roster's order, top down
    axes.set_xlabel("HP left at the end (box: quartiles; whiskers: 5% to 95%; green: full HP)")
    axes.set_title("HP left", fontsize=10)


def _rounds(axes: Any, report: Report) -> None:
    most = max(report.rounds, default=1)
    axes.hist(report.rounds, bins=range(1, most + 2), align="left", rwidth=0.85, color="steelblue")
    axes.axvline(report.rounds_median, color="black", linewidth=1, label=f"median {report.rounds_median:g}")
    axes.axvline(report.rounds_p90, color="black", linewidth=1, linestyle="--", label=f"90% {report.rounds_p90:g}")
    axes.set_xlabel("rounds to the end")
    axes.set_ylabel("fights")
    axes.set_title("Rounds to the end", fontsize=10)
    axes.legend(fontsize=8)
