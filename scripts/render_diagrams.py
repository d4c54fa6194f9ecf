"""Regenerate diagrams/: every checklist, every combat section and the verbatim transcription with
its findings, as DOT + SVG + PNG, and diagrams/README.md.

    python scripts/render_diagrams.py            # write everything (needs Graphviz `dot`)
    python scripts/render_diagrams.py --check    # list stale files, exit 1 if any
    python scripts/render_diagrams.py --dot-only # the .dot files and README only
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from checklist.cli.diagrams import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(["--root", str(Path(__file__).resolve().parent.parent), *sys.argv[1:]]))
