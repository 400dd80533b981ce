"""The admin names every model in the reader's language: each model an admin page lists
(or shows inline) has its own verbose names, marked for translation."""

from __future__ import annotations

from django.apps import apps
from django.contrib import admin
from django.utils.functional import Promise


def _admin_models():
    models = set()
    for model, model_admin in admin.site._registry.items():
        models.add(model)
        models.update(inline.model for inline in model_admin.inlines)
    return {m for m in models if m._meta.app_label in ("tournaments", "ratings", "accounts")}


def test_every_model_of_the_admin_has_translated_names():
    models = _admin_models()
    assert {"Board", "EventLog", "Result", "Round", "Standing"} <= {m.__name__ for m in models}
    for model in [*models, *apps.get_app_config("tournaments").get_models()]:
        meta = model._meta
        assert "verbose_name" in meta.original_attrs, model
        assert "verbose_name_plural" in meta.original_attrs, model
        assert isinstance(meta.original_attrs["verbose_name"], Promise), model
        assert isinstance(meta.original_attrs["verbose_name_plural"], Promise), model
