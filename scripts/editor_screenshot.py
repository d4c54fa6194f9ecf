"""docs/authoring.png: `checklist lsp` in a real editor, Neovim's built-in client in tmux, with a
finding shown as you type and a hover open: `python scripts/editor_screenshot.py`.

Needs nvim (0.7 or later), tmux and Debian's chromium. The demo program of tests/lsp/data/demo is
copied to a temporary folder with one fact misspelt; Neovim opens it with the configuration that
docs/authoring.md gives for Neovim 0.8 to 0.10 (written for 0.7's `start_client`); the pane is
captured with its colours, written as HTML, and Chromium takes the picture.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "authoring.png"
COLUMNS, ROWS = 110, 32
INIT = """vim.g.do_filetype_lua = 1
vim.o.termguicolors = true
vim.o.number = true
vim.o.signcolumn = "yes"
vim.cmd("highlight NormalFloat guibg=#2d3545 guifg=#e8e8e8 | highlight SignColumn guibg=NONE")
vim.filetype.add({ extension = { flow = "checklist" } })
vim.cmd("autocmd BufRead,BufNewFile *.flow setfiletype checklist")
vim.api.nvim_create_autocmd("FileType", {
  pattern = "checklist",
  callback = function(args)
    if #vim.lsp.buf_get_clients(args.buf) > 0 then return end
    _G.checklist_client = _G.checklist_client or vim.lsp.start_client({
      name = "checklist", cmd = { "PYTHON", "-m", "checklist", "lsp" }, root_dir = vim.fn.getcwd(),
    })
    vim.lsp.buf_attach_client(args.buf, _G.checklist_client)
  end,
})
"""
BASIC = ["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
         "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"]  # fmt: skip


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", "-L", "checklist-shot", *args], capture_output=True, text=True, check=True).stdout


def colour(codes: list[int], i: int) -> tuple[str, int]:
    """The colour a 38/48 sequence names at codes[i], and how many codes it took."""
    if codes[i] == 5:
        n = codes[i + 1]
        if n < 16:
            return BASIC[n], 2
        if n < 232:
            n -= 16
            steps = [0, 95, 135, 175, 215, 255]
            return f"#{steps[n // 36]:02x}{steps[n // 6 % 6]:02x}{steps[n % 6]:02x}", 2
        grey = 8 + (n - 232) * 10
        return f"#{grey:02x}{grey:02x}{grey:02x}", 2
    return f"#{codes[i + 1]:02x}{codes[i + 2]:02x}{codes[i + 3]:02x}", 4


def to_html(ansi: str) -> str:
    """The captured pane (SGR colours, bold, reverse) as a page of spans."""
    fg, bg, bold, reverse = "#d0d0d0", "#1c1c1c", False, False
    out: list[str] = []
    for part in re.split(r"(\x1b\[[0-9;]*m)", ansi):
        if not part.startswith("\x1b["):
            if part:
                f, b = (bg, fg) if reverse else (fg, bg)
                weight = "bold" if bold else "normal"
                out.append(f'<span style="color:{f};background:{b};font-weight:{weight}">{html.escape(part)}</span>')
            continue
        codes = [int(c) if c else 0 for c in part[2:-1].split(";")]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                fg, bg, bold, reverse = "#d0d0d0", "#1c1c1c", False, False
            elif c == 1:
                bold = True
            elif c == 7:
                reverse = True
            elif c in (22, 27):
                bold, reverse = (False, reverse) if c == 22 else (bold, False)
            elif 30 <= c <= 37 or 90 <= c <= 97:
                fg = BASIC[c - 30 if c < 90 else c - 82]
            elif 40 <= c <= 47 or 100 <= c <= 107:
                bg = BASIC[c - 40 if c < 100 else c - 92]
            elif c in (38, 48):
                found, used = colour(codes, i + 1)
                fg, bg = (found, bg) if c == 38 else (fg, found)
                i += used
            elif c == 39:
                fg = "#d0d0d0"
            elif c == 49:
                bg = "#1c1c1c"
            i += 1
    body = "".join(out)
    return (
        "<!doctype html><meta charset=utf-8><style>body{margin:0;background:#1c1c1c}"
        "pre{margin:8px;font:14px/1.25 'DejaVu Sans Mono',monospace}</style>"
        f"<pre>{body}</pre>"
    )


def main() -> int:
    missing = [tool for tool in ("nvim", "tmux", "chromium") if shutil.which(tool) is None]
    if missing:
        print(f"editor_screenshot: needs {', '.join(missing)} (apt-get install neovim tmux chromium)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        demo = Path(tmp) / "demo"
        shutil.copytree(ROOT / "tests" / "lsp" / "data" / "demo", demo)
        main_flow = demo / "main.flow"
        main_flow.write_text(main_flow.read_text("utf-8").replace("if stunned -> 4", "if stuned -> 4"), "utf-8")
        init = Path(tmp) / "init.lua"
        init.write_text(INIT.replace("PYTHON", sys.executable), "utf-8")
        subprocess.run(["tmux", "-L", "checklist-shot", "kill-server"], capture_output=True)  # one left by a crash
        tmux("new-session", "-d", "-x", str(COLUMNS), "-y", str(ROWS), f"cd {demo} && nvim -u {init} main.flow")
        try:
            for _ in range(60):  # the finding arrives from the server
                time.sleep(0.5)
                if "is not declared" in tmux("capture-pane", "-p"):
                    break
            for keys in ("14G", "$", ":lua vim.lsp.buf.hover()\r"):
                tmux("send-keys", "-t", "0", keys)
                time.sleep(0.3)
            for _ in range(20):
                time.sleep(0.5)
                if "Choose maneuver" in tmux("capture-pane", "-p").split("step 2")[0]:
                    break
            time.sleep(1)
            page = Path(tmp) / "pane.html"
            page.write_text(to_html(tmux("capture-pane", "-p", "-e")), "utf-8")
        finally:
            tmux("kill-server")
        size = f"{COLUMNS * 84 // 10 + 16},{ROWS * 35 // 2 + 16}"
        shot = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot={OUT}"]
        shot.append(f"--window-size={size}")
        subprocess.run([*shot, page.as_uri()], capture_output=True, check=True, timeout=120)
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
