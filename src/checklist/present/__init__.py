"""What the game master is shown, as plain data both front ends paint alike.

screen -- the step screen; where -- `w`, where am I; summary -- the end of the run; fight --
the fighters and the combat log; chart -- where the run stands in the flowchart; rolls -- the
roll just made; autopilot -- what the tool did by itself (its rolls, the NPCs' choices);
passing -- what happened since the last answer; words -- questions in the table's words;
text -- the wording of a combatant, an attack and a signed number; conditions -- what a
combatant's HP mean, looked up in the flow's table; refs -- page references in words.
Nothing here has ANSI, HTML or I/O: a screen change is made here, once.
"""
