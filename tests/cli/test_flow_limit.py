"""The limit on a flow's text (16 MB by default) refuses a bigger flow with a message that names
the option raising it, `--max-flow-mb N`; the option raises it (or lowers it, as here: a small
limit keeps the test small) for that one command, on every command that reads flows."""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.cli import exitcodes
from checklist.cli.arguments import parser
from checklist.model import limits
from tests.inprocess import checklist

PROSE = "  | the attacker rolls against skill and applies every modifier for range, posture and shield\n"
STEP = 'step {n} "Step {n}"\n' + 3 * PROSE + "  go {m}\n"


def big_flow(path: Path, steps: int = 3600) -> Path:
    """A clean flow of about 1.1 MB."""
    body = "".join(STEP.format(n=n, m=n + 1) for n in range(1, steps))
    path.write_text(f'checklist big "Big"\nstart 1\n{body}step {steps} "Last"\n  end\n', encoding="utf-8")
    assert 1 << 20 < path.stat().st_size < 2 << 20
    return path


def test_a_flow_over_the_default_16_mb_is_refused_naming_the_option(tmp_path: Path) -> None:
    sparse = tmp_path / "sparse.flow"
    with sparse.open("wb") as out:
        out.truncate(17 << 20)  # 17 MB that take no disk: refused by their size, never read
    done = checklist("check", sparse)
    assert done.returncode == exitcodes.USAGE
    assert "too big for a .flow file (at most 16 MB)" in done.stderr
    assert "--max-flow-mb N" in done.stderr


def test_the_option_lowers_and_raises_the_limit_for_one_command(tmp_path: Path) -> None:
    flow = big_flow(tmp_path / "big.flow")
    refused = checklist("check", "--max-flow-mb", "1", flow)
    assert refused.returncode == exitcodes.USAGE
    assert "too big for a .flow file (at most 1 MB)" in refused.stderr and "--max-flow-mb N" in refused.stderr
    assert checklist("check", "--max-flow-mb", "2", flow).returncode == exitcodes.OK
    assert checklist("check", flow).returncode == exitcodes.OK  # the next command has the default again
    assert limits.flow_bytes() == limits.MAX_FILE_BYTES


def test_a_folder_is_held_to_the_limit_together(tmp_path: Path) -> None:
    folder = tmp_path / "flows"
    folder.mkdir()
    big_flow(folder / "a.flow")
    (folder / "b.flow").write_text((folder / "a.flow").read_text("utf-8").replace("checklist big", "checklist other"))
    refused = checklist("check", "--max-flow-mb", "2", folder)
    assert refused.returncode == exitcodes.USAGE
    assert "hold more than 2 MB together" in refused.stderr and "--max-flow-mb N" in refused.stderr
    read = checklist("check", "--max-flow-mb", "3", folder)  # read and checked (two `start` lines: an error)
    assert read.returncode == exitcodes.FINDINGS and "too big" not in read.stderr + read.stdout


def test_fmt_and_render_take_it_too(tmp_path: Path) -> None:
    flow = big_flow(tmp_path / "big.flow")
    for command in (["fmt", "--check"], ["render", "--format", "dot", "-o", str(tmp_path / "x.dot")]):
        refused = checklist(*command, "--max-flow-mb", "1", flow)
        assert refused.returncode == exitcodes.USAGE and "--max-flow-mb N" in refused.stderr, command


@pytest.mark.parametrize("value", ["0", "-3", "1.5", "lots", str(limits.MAX_FLOW_MB + 1)])
def test_a_bad_value_is_a_usage_error_naming_the_option(value: str) -> None:
    done = checklist("check", "--max-flow-mb", value)
    assert done.returncode == exitcodes.USAGE
    assert "argument --max-flow-mb: expected a whole number of MB" in done.stderr


def test_every_command_that_reads_flows_takes_it() -> None:
    commands = parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    takes = {name for name, sub in commands.items() if any("--max-flow-mb" in a.option_strings for a in sub._actions)}
    assert takes == {"check", "fmt", "run", "serve", "simulate", "cards", "paths", "render"}
