"""The combatants: their sheets, their state from turn to turn, and the files they come from.

combatants -- the Roster and each combatant's Condition, immutable values the session keeps;
sheet -- what a `[[combatant]]` table may hold, checked; load -- reading TOML rosters and
GCS files; gcs/ -- a GURPS Character Sheet turned into a roster table. A new roster field
goes in sheet.py (its check) and combatants.py (its state); the rule that uses it goes in flow/.
"""
