"""`checklist paths`: answer scripts that together visit every step, or take every edge.

    from checklist.paths.plan import cover
    coverage = cover(program, "edges")      # scripts, and what could not be covered and why

plan.py picks the targets and strings them into scripts, search.py finds the answers with
the real session engine (observe.py watches it; reach.py and the graph guide it),
choices.py lists the answers worth trying, scripts.py writes the scripts and the report,
cli/paths.py is the command line.  docs/paths.md explains it.
"""
