"""The Rate's tests start with an empty cache: this week's points remember the field
they were computed from there, and ids repeat from one test database to the next."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()
