"""Exit codes of the `checklist` command, each distinct; docs/exit-codes.md explains them."""

OK = 0  # success; `check` found nothing worse than warnings
FINDINGS = 1  # `check` found errors (or warnings under --werror); a run's flow has errors
USAGE = 2  # bad command line, or input that cannot be read (missing file, not UTF-8, binary)
NO_GRAPHVIZ = 3  # `render`: the Graphviz `dot` program is not installed (the .dot file is still written)
DOT_FAILED = 4  # `render`: `dot` failed or ran past its time limit
BAD_SESSION = 5  # `run`: the session file is corrupt, foreign, or from another flow that lost its steps
END_OF_INPUT = 6  # `run`: input ended before the flow did; the session was saved
OLD_SHEET = 7  # `run --roster`, `roster`: a GCS file in a format this tool cannot read (XML, unknown version)
NO_PORT = 8  # `serve`: cannot listen: the port is in use, or the address is not this machine's
BROKEN = 9  # `simulate`: a fight broke an invariant (HP rose, the dead acted, ...); it was saved to replay
UNFORMATTED = 10  # `fmt --check`, `fmt --diff`: a file would be reformatted
INTERNAL = 70  # a bug: an error we did not foresee escaped; the message asks for a report (never 1)
INTERRUPTED = 130  # Ctrl-C; `run` saves the session first
