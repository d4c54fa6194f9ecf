"""`checklist run`: play a flow at the table, one step at a time.

session.py is the pure state machine (no input(), no print()); questions.py parses answers;
dice.py rolls NdM+K; scopes.py says when facts are forgotten; journal.py saves the session;
answers.py and testplan.py script a run; terminal.py and command.py are the thin front end.
docs/run.md describes the whole.
"""
