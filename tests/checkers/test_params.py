"""A family's typed parameters: parsed once when the suite loads, kept on the item, read by check."""
from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

import pytest

from pytest_mtchallenge.checkers import Checker, FamilyParams, NoParams, builtin_checkers, check_keys
from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.formats import bundled_suites, load_any_suite
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict
from tests.items import item
from tests.test_suite import MINIMAL, write_suite


@dataclass(frozen=True, slots=True)
class RegisterParams(FamilyParams):
    register: str
    parsed: ClassVar[list[Mapping[str, object]]] = []  # every mapping parse was called with

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> RegisterParams:
        cls.parsed.append(mapping)
        check_keys(mapping, ("register",), required=("register",))
        if mapping["register"] not in ("tu", "vous"):
            raise ValueError("register must be tu or vous")
        return cls(str(mapping["register"]))


class RegisterChecker(Checker):
    name = "register"
    Params = RegisterParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        wanted = RegisterParams.of(item).register
        return Verdict.passed("found") if wanted in output.split() else Verdict.failed(f"no {wanted}")


FAMILIES: dict[str, type[Checker]] = {"register": RegisterChecker}


def suite_with(tmp_path: Path, checker: str, params: str) -> Path:
    return write_suite(tmp_path, MINIMAL.replace("checker: human", f"checker: {checker}\n    params: {params}"))


def load(path: Path):  # type: ignore[no-untyped-def]
    return load_suite(path, checkers=FAMILIES, validate_params=lambda name, params: FAMILIES[name].parse_params(params))


def register(**params: object) -> ChallengeItem:
    return item(references=(), checker="register", params=params)


def test_the_loader_keeps_the_parsed_parameters_on_each_item_and_check_reads_them(tmp_path: Path) -> None:
    suite = load(suite_with(tmp_path, "register", "{register: tu}"))
    assert [i.parsed_params for i in suite.items] == [RegisterParams("tu"), RegisterParams("tu")]
    RegisterParams.parsed.clear()
    assert RegisterChecker().check(item=suite.items[0], output="As-tu mangé ?").outcome is Outcome.FAIL
    assert RegisterChecker().check(item=suite.items[0], output="tu as mangé").outcome is Outcome.PASS
    assert RegisterParams.parsed == []  # check read the fields, it did not parse again


def test_a_bad_parameter_is_a_suite_error_with_the_family_s_message(tmp_path: Path) -> None:
    with pytest.raises(SuiteError) as caught:
        load(suite_with(tmp_path, "register", "{register: vos}"))
    assert "item Q1a: field 'params': invalid parameters for checker 'register': register must be tu or vous" \
        in caught.value.one_line()


def test_an_item_built_without_a_loader_has_its_parameters_parsed_when_judged() -> None:
    built = register(register="vous")
    assert built.parsed_params is None
    assert RegisterParams.of(built) == RegisterParams("vous")
    assert RegisterChecker().check(item=built, output="vous avez").outcome is Outcome.PASS
    with pytest.raises(ValueError, match="register must be tu or vous"):
        RegisterParams.of(register(register="vos"))


def test_parameters_parsed_for_another_family_are_read_again() -> None:
    other = item(references=(), checker="register", params={"register": "tu"}, parsed_params=NoParams())
    assert RegisterParams.of(other) == RegisterParams("tu")


def test_parse_params_returns_the_parsed_parameters_or_the_familys_error() -> None:
    assert RegisterChecker.parse_params({"register": "tu"}) == RegisterParams("tu")
    with pytest.raises(ValueError, match="missing parameter 'register'"):
        RegisterChecker.parse_params({})


def test_parsed_parameters_do_not_make_two_items_differ() -> None:
    built = register(register="tu")
    assert replace(built, parsed_params=RegisterParams("tu")) == built


def test_every_builtin_family_declares_frozen_slotted_params() -> None:
    for family in builtin_checkers().values():
        params = family.Params
        assert issubclass(params, FamilyParams), family.name
        assert params.__dataclass_params__.frozen and "__slots__" in vars(params), family.name  # type: ignore[attr-defined]
        assert params is not NoParams, family.name


@pytest.mark.parametrize("name", ["isabelle-kuhn2018-fr-en", "isabelle2017-en-fr", "cinkova-bojar2018-en-cs"])
def test_a_bundled_suite_keeps_each_item_s_parameters_as_its_family_parsed_them(name: str) -> None:
    families = builtin_checkers()
    suite = load_suite(bundled_suites()[name], checkers=families,
                       validate_params=lambda name, params: families[name].parse_params(params))
    for loaded in suite.items:
        assert isinstance(loaded.parsed_params, families[loaded.checker].Params), loaded.id
        assert loaded.parsed_params == families[loaded.checker].Params.parse(loaded.params), loaded.id


# -- wrong-typed parameters: a ValueError naming the parameter, never a crash ---------------------

#: Valid parameters of the families and optional parameters no bundled suite uses (the others come
#: from the bundled suites' items); each family's parameters are the ones its "unknown parameter"
#: message allows.
EXTRA_PARAMS: dict[str, dict[str, object]] = {
    "coherence": {"model": "gpt2"},
    "compound": {"doubtful": ["à"]},
    "ctxpro-expected": {"expected": "vous"},
    "en_chez_soi": {"dwellings": ["house"]},
    "entity_gender": {"reading": "context-aware"},
    "en_fact_insertion": {"literal": ["what"]},
    "en_factitive": {"causatives": ["make"]},
    "en_genitive": {"prepositions": ["of"]},
    "en_middle_voice": {"easy": ["easy"]},
    "en_negation": {"extra": False},
    "en_question": {"plural": True},
    "en_tag_question": {"subject": ["he"]},
    "entity_consistency": {"renderings": ["Paris"], "similarity": 0.5},
    "finite_clause": {"prepositions": ["de"]},
    "formality": {"register": "vous"},
    "lexical_consistency": {"language": "fr"},
    "regex": {"positive": "vous", "negative": "tu", "ignore_case": False, "normalise": False},
    "tq-regex": {"positive": "vous", "negative": "tu"},
    "verb_ellipsis": {"lemma": "faire", "synonyms": ["réaliser"]},
}


@functools.cache
def valid_params() -> dict[str, dict[str, Mapping[str, object]]]:
    """For each family, for each parameter: a valid mapping that gives it."""
    families = builtin_checkers()
    found: dict[str, dict[str, Mapping[str, object]]] = {}
    for path in bundled_suites().values():
        for loaded in load_any_suite(path, checkers=families).items:
            for key in loaded.params:
                found.setdefault(loaded.checker, {}).setdefault(key, dict(loaded.params))
    for name, extra in EXTRA_PARAMS.items():
        base = next(iter(found.get(name, {}).values()), {})
        for key in extra:
            found.setdefault(name, {})[key] = {**base, **extra}
    return found


def kind(value: object) -> str:
    if isinstance(value, bool):
        return "flag"
    if isinstance(value, (int, float)):
        return "number"
    return "text" if isinstance(value, str) else "mapping" if isinstance(value, Mapping) else "list"


def parsed(params: type[FamilyParams], mapping: Mapping[str, object]) -> FamilyParams | ValueError:
    """``params.parse(mapping)``, or the ``ValueError`` it raises (another exception propagates)."""
    try:
        return params.parse(mapping)
    except ValueError as error:
        return error


@pytest.mark.parametrize("name", sorted(builtin_checkers()))
def test_a_wrong_typed_parameter_is_a_value_error_naming_it(name: str) -> None:
    """Each parameter of each built-in family, given a value of another type (a list, a mapping, a
    number or a flag for a text; a text, a list of other things, … for a list): ``parse`` raises a
    ``ValueError`` naming the parameter, which the loader makes a one-line suite error; never a
    ``TypeError`` or ``AttributeError``. Only one value where a list is expected, or a list of one
    value where one is expected, may be accepted (a family that takes "a lemma or a list of them"),
    and then it must read as the other form."""
    family = builtin_checkers()[name]
    given = valid_params().get(name, {})
    error = parsed(family.Params, {**next(iter(given.values()), {}), "zz-unknown": 1})
    allowed = re.search(r"allowed: ([^)]*)\)", str(error))
    assert allowed or not given, f"{name}: the unknown parameter's message names no allowed ones"
    parameters = allowed.group(1).split(", ") if allowed else []
    assert sorted(given) == sorted(parameters), f"{name}: give the parameters no bundled suite uses in EXTRA_PARAMS"
    problems = []
    for key, base in given.items():
        valid = base[key]
        one = valid[0] if kind(valid) == "list" else valid
        for wrong in (one, [one], [1, {"x": 1}], {"x": "y"}, 7, 1.5, True):
            if kind(wrong) == kind(valid) and wrong != [1, {"x": 1}]:
                continue
            try:
                result = parsed(family.Params, {**base, key: wrong})
            except Exception as error:  # noqa: BLE001 - what the test looks for
                problems.append(f"{key}={wrong!r}: {type(error).__name__}: {error}")
                continue
            if isinstance(result, ValueError):
                if key not in str(result):
                    problems.append(f"{key}={wrong!r}: the message does not name the parameter: {result}")
                continue
            other = [one] if wrong == one else one
            if wrong not in (one, [one]):
                problems.append(f"{key}={wrong!r} is accepted where a {kind(valid)} is expected")
            elif result != parsed(family.Params, {**base, key: other}):
                problems.append(f"{key}={wrong!r} is accepted and reads otherwise than {other!r}")
    assert not problems, f"{name}: " + "; ".join(problems)
