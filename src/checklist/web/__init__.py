"""`checklist serve`: the run as a web page on the game master's machine (Starlette, htmx, Graphviz).

A shell at the level of the terminal: it draws the views of run/ (Screen, ChartView, FightView)
as HTML and the sections of render/ as lit SVG, and hands what the game master clicks or types
to the same Session. app -- routes and the guard; game -- the session and its saving; page and
panels -- the HTML; chart -- the flowchart laid out once per section, lit by classes.
"""
