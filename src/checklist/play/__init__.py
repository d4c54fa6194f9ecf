"""Playing a session: starting or resuming it, saving it, and the commands a person types.

start -- load a flow that checks clean, build the roster, start or resume the session;
commands -- what a typed line or a click does and the reply in words (one handler for the
terminal and the web page); pilot -- when the tool acts by itself (`--roll auto`,
`--autopilot`), for both; saving -- the session file on disk; answers -- a scripted run's
answers; testplan -- expectations a scripted run checks; programs -- loading a clean flow.
A new command is written in commands.py, once.
"""
