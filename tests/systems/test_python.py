"""Tests of the ``python:module:function`` system: a callable taking the list of sources."""
from __future__ import annotations

import importlib
import textwrap
import threading
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


@pytest.mark.parametrize(("source", "usable"), [
    ("def translate(sources):\n    return sources\n", False),
    ("from json import dumps as translat\n", True),                  # imported under that name
    ("try:\n    import json\nexcept ImportError:\n    pass\nelse:\n    translat = json.dumps\n", True),
    ("from os.path import *\n", True),                               # cannot be told without running it
    ("def __getattr__(name):\n    return print\n", True),
])
def test_a_missing_function_is_found_before_the_run_without_importing(module: WriteModule, tmp_path: Path,
                                                                       source: str, usable: bool) -> None:
    name = module("raise SystemExit('imported')\n" + source if not usable else source)
    system = parse_system_spec(f"python:{name}:translat", builtin_system_kinds(), SystemOptions(rootdir=tmp_path))
    if usable:
        system.check_usable()
        return
    with pytest.raises(ValueError, match=rf"python:{name}:translat: module '{name}' \(.*\.py\) has no function "
                                         r"'translat': did you mean 'translate'\? \(defined there: translate\)"):
        system.check_usable()


def test_an_argument_without_a_function_fails_every_item(suite: Suite, module: WriteModule) -> None:
    name = module("def translate(sources):\n    return sources\n")
    assert_all_failed(suite, translate(suite, name), "expected python:module:function")


def test_a_module_failing_to_import_fails_every_item(suite: Suite, module: WriteModule) -> None:
    name = module("import mt_no_such_dependency_xyz\n")
    assert_all_failed(suite, translate(suite, f"{name}:translate"), "cannot load", "mt_no_such_dependency_xyz")


def test_the_function_is_called_once_per_batch(suite: Suite, module: WriteModule) -> None:
    name = module("""
        calls = []

        def translate(sources):
            calls.append(list(sources))
            return [source.upper() for source in sources]
    """)
    system = parse_system_spec(f"python:{name}:translate", builtin_system_kinds(),
                               SystemOptions(rootdir=suite.path.parent, batch_size=2))
    translations = system.translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == {item.id: item.source.upper() for item in suite.items}
    assert importlib.import_module(name).calls == [[suite.items[0].source, suite.items[1].source],
                                                   [suite.items[2].source]]


def test_a_call_past_the_timeout_errors_its_batch_and_no_further_call_is_made(suite: Suite, module: WriteModule) -> None:
    """The first call blocks (up to 10 s, on an event the test sets); the run does not wait for it."""
    name = module("""
        import threading

        release = threading.Event()
        calls = []

        def translate(sources):
            calls.append(list(sources))
            release.wait(10)
            return [source.upper() for source in sources]
    """)
    system = parse_system_spec(f"python:{name}:translate", builtin_system_kinds(),
                               SystemOptions(rootdir=suite.path.parent, batch_size=2, timeout=0.2))
    translations = system.translate(suite=suite, items=suite.items)
    user_module = importlib.import_module(name)
    try:
        assert not translations.outputs
        assert translations.errors["s1"] == translations.errors["s2"] == (
            f"python:{name}:translate: did not return within 0.2s (--mt-timeout); the call goes on in the "
            "background until it returns")
        assert translations.errors["p1"] == (
            f"python:{name}:translate: not called: an earlier call timed out after 0.2s (--mt-timeout) "
            "and has not returned yet")
        assert len(user_module.calls) == 1  # the second batch was not started beside the first
    finally:
        user_module.release.set()
    overdue = [thread for thread in threading.enumerate() if thread.name == f"mtchallenge python:{name}:translate"]
    for thread in overdue:
        thread.join(10)
    assert not any(thread.is_alive() for thread in overdue)
    again = system.translate(suite=suite, items=suite.items)  # once it has returned, calls are made again
    assert dict(again.outputs) == {item.id: item.source.upper() for item in suite.items}


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
    system = parse_system_spec(f"python:{name}:translate", builtin_system_kinds(),
                               SystemOptions(rootdir=tmp_path, batch_size=1))  # one batch per item
    translations = system.translate(suite=suite, items=suite.items)
    assert_all_failed(suite, translations, f"python:{name}:translate: ", "raised SystemExit: sys.exit(3)")
    assert all("\n" not in message for message in translations.errors.values())
    assert calls.read_text() == "called\n"  # not again for the other batches


def test_a_module_exiting_on_import_fails_every_item(suite: Suite, module: WriteModule) -> None:
    name = module("import sys\nsys.exit('no GPU here')\n")
    assert_all_failed(suite, translate(suite, f"{name}:translate"), "cannot load: SystemExit: sys.exit('no GPU here')")


def test_ctrl_c_in_the_function_still_stops_the_run(suite: Suite, module: WriteModule) -> None:
    name = module("def translate(sources):\n    raise KeyboardInterrupt\n")
    with pytest.raises(KeyboardInterrupt):
        translate(suite, f"{name}:translate")
