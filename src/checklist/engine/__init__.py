"""The session engine: a pure state machine over a loaded Program, with no input, output or files.

session -- the machine (answer, override, undo, split); state -- its immutable State;
step -- what one step does next; reader -- what a step reads (facts, computed facts, ledgers);
scopes -- when remembered facts are forgotten; questions -- what a step asks and how an answer
parses; journal -- a session as the session file's content and back. It imports neither the
checker nor the loader: play/ loads and checks the flow and hands the engine a Program.
"""
