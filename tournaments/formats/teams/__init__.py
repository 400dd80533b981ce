"""Team events, Swiss teams and round-robin teams (``docs/rules.md`` § Teams): the
format's class (``format``), its models, scoring (``scores``), line-ups, services,
selectors, pages, API, live match view and simulation.

Imports nothing, so that ``tournaments.models`` can import ``models`` from here without
a cycle (``tournaments/formats/__init__.py``).
"""
