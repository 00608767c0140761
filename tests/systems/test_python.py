"""Tests of the ``python:module:function`` system: a callable taking the list of sources."""
from __future__ import annotations

import textwrap
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.systems import SystemOptions, Translations, builtin_system_kinds, parse_system_spec


WriteModule = Callable[[str], str]


@pytest.fixture
def module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> WriteModule:
    """Write a module into tmp_path (a fresh name each test, so no import cache) and return its name."""
    def write(source: str) -> str:
        name = f"mt_fake_{uuid.uuid4().hex}"
        (tmp_path / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")
        return name

    monkeypatch.syspath_prepend(tmp_path)
    return write


def translate(suite: Suite, argument: str) -> Translations:
    system = parse_system_spec(f"python:{argument}", builtin_system_kinds(), SystemOptions(rootdir=suite.path.parent))
    return system.translate(suite=suite, items=suite.items)


def assert_all_failed(suite: Suite, translations: Translations, *fragments: str) -> None:
    assert not translations.outputs
    assert set(translations.errors) == {item.id for item in suite.items}
    for message in translations.errors.values():
        for fragment in fragments:
            assert fragment in message


def test_the_function_translates_the_sources_in_order(suite: Suite, module: WriteModule) -> None:
    name = module("""
        def translate(sources):
            return [source.upper() for source in sources]
    """)
    translations = translate(suite, f"{name}:translate")
    assert dict(translations.outputs) == {item.id: item.source.upper() for item in suite.items}
    assert not translations.errors and not translations.problems


def test_a_tuple_of_outputs_is_accepted(suite: Suite, module: WriteModule) -> None:
    name = module("def translate(sources):\n    return tuple(s[::-1] for s in sources)\n")
    assert translate(suite, f"{name}:translate").outputs["p1"] == "The horses run."[::-1]


def test_the_system_is_named_after_its_argument(tmp_path: Path) -> None:
    system = parse_system_spec("python:my_mt.models:opus", builtin_system_kinds(), SystemOptions(rootdir=tmp_path))
    assert system.name == "my_mt.models:opus"


@pytest.mark.parametrize("signature", [
    "sources, source_language, target_language",
    "sources, *, target_language='xx', source_language='yy'",
    "sources, **options",
])
def test_a_function_asking_for_the_language_pair_receives_it(suite: Suite, module: WriteModule, signature: str) -> None:
    name = module(f"""
        def translate({signature}):
            pair = locals().get("options") or locals()  # the **options dict, or the named arguments
            return [pair["source_language"] + "->" + pair["target_language"] for _ in sources]
    """)
    translations = translate(suite, f"{name}:translate")
    assert set(translations.outputs.values()) == {"en->fr"}
    assert len(translations.outputs) == 3


def test_a_raising_function_fails_every_item_naming_the_exception(suite: Suite, module: WriteModule) -> None:
    name = module("""
        def translate(sources):
            raise RuntimeError("model not loaded")
    """)
    translations = translate(suite, f"{name}:translate")
    assert_all_failed(suite, translations, f"python:{name}:translate", "RuntimeError: model not loaded")


@pytest.mark.parametrize("body, message", [
    ("return ['une seule']", "returned 1 outputs for 3 sources"),
    ("return [s for s in sources] + ['de trop']", "returned 4 outputs for 3 sources"),
    ("return ['un', 2, 'trois']", "output for item s2 is int, not text"),
    ("return 'pas une liste'", "expected a list of outputs, got str"),
    ("return None", "expected a list of outputs, got NoneType"),
])
def test_a_wrong_reply_fails_every_item(suite: Suite, module: WriteModule, body: str, message: str) -> None:
    name = module(f"def translate(sources):\n    {body}\n")
    assert_all_failed(suite, translate(suite, f"{name}:translate"), message)


def test_an_unknown_module_fails_every_item(suite: Suite, module: WriteModule) -> None:
    missing = f"mt_missing_{uuid.uuid4().hex}"
    assert_all_failed(suite, translate(suite, f"{missing}:translate"), "cannot load", "ModuleNotFoundError", missing)


def test_an_unknown_function_fails_every_item(suite: Suite, module: WriteModule) -> None:
    name = module("def translate(sources):\n    return sources\n")
    assert_all_failed(suite, translate(suite, f"{name}:translat"), "cannot load", "no function 'translat'")


def test_an_argument_without_a_function_fails_every_item(suite: Suite, module: WriteModule) -> None:
    name = module("def translate(sources):\n    return sources\n")
    assert_all_failed(suite, translate(suite, name), "expected python:module:function")


def test_a_module_failing_to_import_fails_every_item(suite: Suite, module: WriteModule) -> None:
    name = module("import mt_no_such_dependency_xyz\n")
    assert_all_failed(suite, translate(suite, f"{name}:translate"), "cannot load", "mt_no_such_dependency_xyz")


def test_sys_exit_fails_every_item_in_one_line_and_the_function_is_called_once(
        suite: Suite, module: WriteModule, tmp_path: Path) -> None:
    calls = tmp_path / "calls.txt"
    name = module(f"""
        import sys
        def translate(sources):
            with open({str(calls)!r}, "a") as handle:
                handle.write("called\\n")
            sys.exit(3)
    """)
    system = parse_system_spec(f"python:{name}:translate", builtin_system_kinds(), SystemOptions(rootdir=tmp_path))
    translations = system.translate(suite=suite, items=suite.items)
    assert_all_failed(suite, translations, f"python:{name}:translate raised SystemExit: sys.exit(3)")
    assert translations.problems == (f"python:{name}:translate raised SystemExit: sys.exit(3)",)
    assert calls.read_text() == "called\n"


def test_a_module_exiting_on_import_fails_every_item(suite: Suite, module: WriteModule) -> None:
    name = module("import sys\nsys.exit('no GPU here')\n")
    assert_all_failed(suite, translate(suite, f"{name}:translate"), "cannot load: SystemExit: sys.exit('no GPU here')")


def test_ctrl_c_in_the_function_still_stops_the_run(suite: Suite, module: WriteModule) -> None:
    name = module("def translate(sources):\n    raise KeyboardInterrupt\n")
    with pytest.raises(KeyboardInterrupt):
        translate(suite, f"{name}:translate")
