"""`checklist simulate`: many fights played by the tool alone, through the same flow, engine and rules
as `checklist run --autopilot --roll auto` (docs/simulate.md).

setup -- what the command line asks, loaded once per process (the flow, the roster, every combatant an NPC);
fight -- one fight from its seed to its end, as plain data; invariants -- what no fight may break;
tally -- the fights summed up into the report (present/simulation.py words it); pool -- the fights
spread over processes, the same report with any number of them; plot -- the chart.
"""
