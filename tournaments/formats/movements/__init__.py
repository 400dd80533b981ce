"""Mitchell and Howell pairs events (``docs/rules.md`` § Movements): the format class
(``format``), its settings model (``models``), the movement cards (``selectors``), its
pages (``views``, ``forms``), its API (``api``) and its part of the simulation report
(``simulation``). The movements themselves are the pure ``tournaments.movements``.

Imports nothing (``tournaments.formats`` explains why)."""
