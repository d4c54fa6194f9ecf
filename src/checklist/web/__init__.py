"""`checklist serve`: the run as a web page on the game master's machine (Starlette, htmx, Graphviz).

A shell at the level of the terminal: it draws the views of present/ (Screen, ChartView,
FightView) as HTML and the sections of render/ as lit SVG, and hands what the game master
clicks or types to play/commands.py, as the terminal does. app -- routes and the guard;
game -- the session and the commands; page and panels -- the HTML; chart -- the flowchart
laid out once per section, lit by classes; static/ -- htmx, the script and the style sheet.
"""
