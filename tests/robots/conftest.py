from tests.online.conftest import online  # noqa: F401 - an online Swiss table, round 1 open
