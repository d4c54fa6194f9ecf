"""The program as a graph: each step a node, each jump an edge (networkx), and the loaded Program.

flowgraph -- the edges a step's jumps make (model/jumps.py says which); program -- the
checked, loaded flow the engine runs; memory -- pausing the garbage collector for big builds.
"""
