"""`checklist run` at a terminal: read a line, hand it to play/commands.py, paint the reply.

terminal -- the loop (input, Ctrl-C, end of input); paint -- the views of present/ as text.
"""
