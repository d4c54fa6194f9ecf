"""`checklist fmt [PATHS] [--check] [--diff]`: exit codes, what it writes and what it leaves alone."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

from checklist.cli import exitcodes
from checklist.cli.arguments import parser
from tests.conftest import FLOW
from tests.inprocess import checklist

MESSY = 'checklist demo "Demo"\nstart 1\n step 1 "First"\n    go 2\nstep 2 "Last"\n\tend   \n'
TIDY = 'checklist demo "Demo"\nstart 1\nstep 1 "First"\n  go 2\nstep 2 "Last"\n  end\n'


def write(path: Path, data: str | bytes) -> Path:
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8", newline="")
    return path


def test_the_bundled_flow_passes_check() -> None:
    """What the pre-commit hook and CI run: flow/ is formatted."""
    result = checklist("fmt", "--check", FLOW)
    assert result.returncode == exitcodes.OK, result.stderr
    assert "0 files would be reformatted" in result.stderr


def test_no_paths_means_the_bundled_flow() -> None:
    assert checklist("fmt", "--check").returncode == exitcodes.OK


def test_check_exits_10_and_writes_nothing(tmp_path: Path) -> None:
    messy, tidy = write(tmp_path / "a.flow", MESSY), write(tmp_path / "b.flow", TIDY)
    result = checklist("fmt", "--check", tmp_path)
    assert result.returncode == exitcodes.UNFORMATTED == 10
    assert f"would reformat {messy}" in result.stderr
    assert str(tidy) not in result.stderr
    assert "1 file would be reformatted, 1 file already formatted" in result.stderr
    assert result.stdout == ""
    assert messy.read_text("utf-8") == MESSY


def test_diff_prints_a_unified_diff_and_writes_nothing(tmp_path: Path) -> None:
    messy = write(tmp_path / "a.flow", MESSY)
    result = checklist("fmt", "--diff", messy)
    assert result.returncode == exitcodes.UNFORMATTED
    assert result.stdout.startswith(f"--- {messy}\n+++ {messy} (formatted)\n@@")
    assert '\n- step 1 "First"\n' in result.stdout
    assert '\n+step 1 "First"\n' in result.stdout
    assert messy.read_text("utf-8") == MESSY


def test_without_flags_files_are_rewritten(tmp_path: Path) -> None:
    messy, tidy = write(tmp_path / "a.flow", MESSY), write(tmp_path / "b.flow", TIDY)
    before = tidy.stat().st_mtime_ns
    result = checklist("fmt", tmp_path)
    assert result.returncode == exitcodes.OK, result.stderr
    assert messy.read_text("utf-8") == TIDY
    assert tidy.stat().st_mtime_ns == before  # a formatted file is not written at all
    assert f"reformatted {messy}" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.flow", "b.flow"]  # no temporary file left
    assert checklist("fmt", "--check", tmp_path).returncode == exitcodes.OK


def test_crlf_a_byte_order_mark_and_the_permissions_are_kept(tmp_path: Path) -> None:
    path = write(tmp_path / "a.flow", b"\xef\xbb\xbf" + MESSY.replace("\n", "\r\n").encode())
    os.chmod(path, 0o640)
    assert checklist("fmt", path).returncode == exitcodes.OK
    assert path.read_bytes() == b"\xef\xbb\xbf" + TIDY.replace("\n", "\r\n").encode()
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert checklist("fmt", "--check", path).returncode == exitcodes.OK


def test_mixed_line_ends_are_made_uniform(tmp_path: Path) -> None:
    path = write(tmp_path / "a.flow", TIDY.replace("\n", "\r\n", 1))
    result = checklist("fmt", "--diff", path)
    assert result.returncode == exitcodes.UNFORMATTED
    assert "line ends made uniform" in result.stdout
    assert checklist("fmt", path).returncode == exitcodes.OK
    assert path.read_bytes() == TIDY.replace("\n", "\r\n").encode()


def test_a_symbolic_link_keeps_pointing_at_the_formatted_file(tmp_path: Path) -> None:
    real = write(tmp_path / "real.flow", MESSY)
    link = tmp_path / "link.flow"
    link.symlink_to(real)
    assert checklist("fmt", link).returncode == exitcodes.OK
    assert link.is_symlink()
    assert real.read_text("utf-8") == TIDY


def test_a_file_that_does_not_parse_exits_1_and_is_left_as_it_was(tmp_path: Path) -> None:
    broken = write(tmp_path / "a.flow", MESSY + "  got 3\n")
    other = write(tmp_path / "b.flow", MESSY)
    result = checklist("fmt", "--color", "never", tmp_path)
    assert result.returncode == exitcodes.FINDINGS
    assert f"{broken}:7:3" in result.stderr
    assert "error[E001]" in result.stderr
    assert f"{broken}: does not parse; left as it was" in result.stderr
    assert "1 file does not parse" in result.stderr
    assert "Traceback" not in result.stderr
    assert broken.read_text("utf-8") == MESSY + "  got 3\n"
    assert other.read_text("utf-8") == TIDY  # the others are formatted all the same


def test_syntax_errors_win_over_check(tmp_path: Path) -> None:
    write(tmp_path / "a.flow", "  got 3\n")
    write(tmp_path / "b.flow", MESSY)
    assert checklist("fmt", "--check", tmp_path).returncode == exitcodes.FINDINGS


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"\x00\x01binary", "NUL byte"),
        (b"\xff\xfestep", "UTF-16"),
        (b'step 1 "\xe9"\n', "not valid UTF-8"),
    ],
)
def test_unreadable_input_exits_2(tmp_path: Path, data: bytes, words: str) -> None:
    path = write(tmp_path / "a.flow", data)
    result = checklist("fmt", path)
    assert result.returncode == exitcodes.USAGE
    assert words in result.stderr
    assert path.read_bytes() == data


def test_missing_path_exits_2(tmp_path: Path) -> None:
    result = checklist("fmt", tmp_path / "nowhere.flow")
    assert result.returncode == exitcodes.USAGE
    assert "no such file" in result.stderr


def test_a_folder_it_may_not_write_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path / "a.flow", MESSY)

    def refused(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refused)  # as a read-only folder does (the tests may run as root)
    result = checklist("fmt", path)
    assert result.returncode == exitcodes.USAGE
    assert f"{path}: cannot write the formatted file (Permission denied)" in result.stderr
    assert path.read_text("utf-8") == MESSY
    assert [p.name for p in tmp_path.iterdir()] == ["a.flow"]  # the temporary file is removed


def test_an_empty_file_stays_empty(tmp_path: Path) -> None:
    path = write(tmp_path / "a.flow", "")
    assert checklist("fmt", "--check", path).returncode == exitcodes.OK
    assert checklist("fmt", path).returncode == exitcodes.OK
    assert path.read_bytes() == b""


def hooks() -> list[dict[str, str]]:
    """The hooks of .pre-commit-hooks.yaml: a list of flat `key: value` maps (no YAML library needed)."""
    text = (FLOW.parent / ".pre-commit-hooks.yaml").read_text("utf-8")
    found: list[dict[str, str]] = []
    for line in text.split("\n"):
        if line.startswith("- "):
            found.append({})
        if found and line.strip() and not line.lstrip().startswith("#"):
            key, _, value = line.lstrip("- ").partition(":")
            found[-1][key.strip()] = value.strip()
    return found


def test_the_pre_commit_hooks_run_real_commands() -> None:
    by_id = {hook["id"]: hook for hook in hooks()}
    assert set(by_id) == {"checklist-check", "checklist-fmt-check", "checklist-fmt"}
    for hook in by_id.values():
        assert hook["language"] == "python"
        assert re.search(hook["files"], "flow/combat.flow")
        assert not re.search(hook["files"], "README.md")
        assert hook["entry"].split()[0] == "checklist"
        args = hook.get("args", "[]").strip("[]").split(",")
        argv = [*hook["entry"].split()[1:], *(a.strip() for a in args if a.strip())]
        parser().parse_args(argv)  # a usage error would exit 2
    assert by_id["checklist-fmt-check"]["entry"] == "checklist fmt --check"
    assert by_id["checklist-check"]["pass_filenames"] == "false"  # a flow is a folder, not a file


def test_the_hooks_pass_on_this_repository() -> None:
    """What the hooks run here (from the repository root) passes on the bundled flow/."""
    for hook in hooks():
        if hook["id"] == "checklist-fmt":
            continue  # it rewrites; its --check twin runs instead
        args = [a.strip() for a in hook.get("args", "[]").strip("[]").split(",") if a.strip()]
        files = [] if hook.get("pass_filenames") == "false" else sorted(FLOW.glob("*.flow"))
        result = checklist(*hook["entry"].split()[1:], *args, *files, cwd=FLOW.parent)
        assert result.returncode == exitcodes.OK, hook["id"] + result.stdout + result.stderr


def test_a_layout_that_would_change_the_meaning_is_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The formatter parses its own result again: a bug that changed a token exits 70, writing nothing."""
    from checklist.syntax import format as formatter

    layout = formatter._layout
    monkeypatch.setattr(formatter, "_layout", lambda text, read: layout(text, read).replace("go 2", "go 3"))
    path = write(tmp_path / "a.flow", MESSY)
    result = checklist("fmt", path)
    assert result.returncode == exitcodes.INTERNAL
    assert "FormatBug" in result.stderr
    assert "would not say what the file says" in result.stderr
    assert path.read_text("utf-8") == MESSY


def test_every_file_of_the_bad_corpus_is_formatted_or_refused_cleanly(tmp_path: Path) -> None:
    corpus = FLOW.parent / "tests" / "bad" / "corpus"
    for source in sorted(corpus.iterdir()):
        if not source.is_file():
            continue
        copy = tmp_path / source.name
        copy.write_bytes(source.read_bytes())
        result = checklist("fmt", copy)
        assert result.returncode in (exitcodes.OK, exitcodes.FINDINGS, exitcodes.USAGE), source.name + result.stderr
        assert "Traceback" not in result.stderr and "internal error" not in result.stderr, source.name


def test_cr_alone_is_kept(tmp_path: Path) -> None:
    path = write(tmp_path / "a.flow", MESSY.replace("\n", "\r"))
    assert checklist("fmt", path).returncode == exitcodes.OK
    assert path.read_bytes() == TIDY.replace("\n", "\r").encode()
