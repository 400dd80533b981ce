"""Practice against the field: a player plays an event's boards after it (or retired
pool boards) at a table of three robots, and the result is scored against the event's
own results as if the player's pair had been in the field (``docs/rules.md`` § Robots,
*Practice*). Nothing of it reaches standings, master points or the Rate."""
