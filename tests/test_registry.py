"""Registries of checker families and system kinds: built-in classes and plugins' contributions by name."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.registry import RegistryError, combine


class A: ...


class B: ...


def test_contributions_join_the_builtin_classes_and_a_repeat_of_the_same_class_is_no_conflict() -> None:
    assert combine({"a": A}, [{"b": B}, None, {"a": A}], "checker families") == {"a": A, "b": B}


def test_two_classes_under_one_name_are_refused_naming_it() -> None:
    with pytest.raises(RegistryError, match="two system kinds are registered under the name 'a'"):
        combine({"a": A}, [{"a": B}], "system kinds")
