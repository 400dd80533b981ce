"""The results importers, one a kind of event, behind one dispatcher (``dispatch.py``,
``docs/rules.md`` § Files): ``pairs.py`` (Swiss pairs and movements, with
``plan.py`` and ``movement.py``), ``teams.py``, ``pool.py`` and ``individual.py``;
``common.py`` holds what the pairs and team importers share.
"""
