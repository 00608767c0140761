"""Assertions on the ``Translations`` a system kind returns, shared by the system kinds' tests."""
from __future__ import annotations

from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.systems import Translations


def assert_all_failed(suite: Suite, translations: Translations, *fragments: str) -> None:
    """No output, an error for every item of ``suite``, and each error holds every one of ``fragments``."""
    # a helper module's asserts are not rewritten by pytest: each says what it compared
    assert not translations.outputs, f"outputs: {dict(translations.outputs)}"
    assert set(translations.errors) == {item.id for item in suite.items}, f"errors: {dict(translations.errors)}"
    for message in translations.errors.values():
        for fragment in fragments:
            assert fragment in message, f"{fragment!r} is not in {message!r}"
