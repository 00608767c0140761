"""The one naming rule of checker families (docs/checkers.md, *Family names*)."""
from __future__ import annotations

from pytest_mtchallenge.checkers import builtin_checkers

#: Families named before the rule, whose names suites and saved runs' signatures hold.
BEFORE_THE_RULE = frozenset({"connective"})


def test_a_family_of_one_language_other_than_french_carries_its_code() -> None:
    unprefixed = [name for name, family in builtin_checkers().items()
                  if len(family.languages) == 1 and family.languages != ("fr",)
                  and not name.startswith(family.languages[0] + "_") and name not in BEFORE_THE_RULE]
    assert unprefixed == []


def test_a_french_family_or_one_of_several_languages_carries_no_code() -> None:
    families = builtin_checkers()
    codes = {code for family in families.values() for code in family.languages}
    prefixed = [name for name, family in families.items()
                if (len(family.languages) != 1 or family.languages == ("fr",))
                and any(name.startswith(code + "_") for code in codes)]
    assert prefixed == []


def test_the_families_before_the_rule_still_exist() -> None:
    assert BEFORE_THE_RULE <= set(builtin_checkers())
