"""The duplicate scoring pool (``docs/rules.md`` § The scoring pool), one package: its
models, format class, services, selectors, views, API and simulation.

Imports nothing, so that ``tournaments.models`` can import ``.models`` without a cycle
(``tournaments/formats/__init__.py``).
"""
