"""Tests of the ``python:module:function`` system: a callable taking the list of sources."""
from __future__ import annotations

import json
import os
import textwrap
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.systems import SystemOptions, Translations, builtin_system_kinds, parse_system_spec
from tests.systems.translations import assert_all_failed


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


def test_the_function_is_called_once_per_batch_and_its_module_imported_once(
        suite: Suite, module: WriteModule, tmp_path: Path) -> None:
    calls = tmp_path / "calls.txt"
    name = module(f"""
        import json, os
        with open({str(calls)!r}, "a") as handle:
            handle.write(f"imported in {{os.getpid()}}\\n")

        def translate(sources):
            with open({str(calls)!r}, "a") as handle:
                handle.write(json.dumps(sources) + "\\n")
            return [source.upper() for source in sources]
    """)
    system = parse_system_spec(f"python:{name}:translate", builtin_system_kinds(),
                               SystemOptions(rootdir=suite.path.parent, batch_size=2))
    for _ in range(2):  # two suites' worth of calls: one process, one import
        translations = system.translate(suite=suite, items=suite.items)
        assert dict(translations.outputs) == {item.id: item.source.upper() for item in suite.items}
    batches = json.dumps([suite.items[0].source, suite.items[1].source]), json.dumps([suite.items[2].source])
    lines = calls.read_text().splitlines()
    assert lines[1:] == [*batches, *batches]
    assert lines[0].startswith("imported in ") and lines[0] != f"imported in {os.getpid()}"  # not this process


def test_a_call_past_the_timeout_errors_the_suites_remaining_batches_and_its_process_is_stopped(
        suite: Suite, module: WriteModule, tmp_path: Path) -> None:
    """The first call blocks for ten minutes: its process is stopped at the timeout, the suite's other
    batch is not sent, and the next suite gets a new process."""
    calls, hang = tmp_path / "calls.txt", tmp_path / "hang"
    hang.touch()
    name = module(f"""
        import os, time

        def translate(sources):
            with open({str(calls)!r}, "a") as handle:
                handle.write(f"{{os.getpid()}}\\n")
            if os.path.exists({str(hang)!r}):
                time.sleep(600)
            return [source.upper() for source in sources]
    """)
    system = parse_system_spec(f"python:{name}:translate", builtin_system_kinds(),
                               SystemOptions(rootdir=suite.path.parent, batch_size=2, timeout=0.5))
    translations = system.translate(suite=suite, items=suite.items)
    assert not translations.outputs
    assert translations.errors["s1"] == translations.errors["s2"] == (
        f"python:{name}:translate: did not return within 0.5s (--mt-timeout); its process was stopped")
    assert translations.errors["p1"] == (
        f"python:{name}:translate: not called: an earlier call timed out after 0.5s (--mt-timeout)")
    (hung,) = calls.read_text().split()  # one call: the second batch was not sent
    with pytest.raises(ProcessLookupError):  # the process is gone, not left sleeping
        os.kill(int(hung), 0)
    hang.unlink()
    again = system.translate(suite=suite, items=suite.items)
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


@pytest.mark.parametrize(("body", "message"), [
    ("raise KeyboardInterrupt", "raised KeyboardInterrupt"),
    ("os._exit(3)", "ended the process it runs in (exit status 3) without returning"),
    ("os.kill(os.getpid(), signal.SIGKILL)", "ended the process it runs in (SIGKILL) without returning"),
])
def test_a_function_that_ends_its_process_fails_in_one_line_and_is_not_called_again(
        suite: Suite, module: WriteModule, tmp_path: Path, body: str, message: str) -> None:
    """Issue 25, 15: these ended the whole run, with no reports."""
    calls = tmp_path / "calls.txt"
    name = module(f"""
        import os, signal
        def translate(sources):
            with open({str(calls)!r}, "a") as handle:
                handle.write("called\\n")
            {body}
    """)
    system = parse_system_spec(f"python:{name}:translate", builtin_system_kinds(),
                               SystemOptions(rootdir=tmp_path, batch_size=1))
    translations = system.translate(suite=suite, items=suite.items)
    first = suite.items[0].id
    assert translations.errors[first] == f"python:{name}:translate: {message}"
    assert {translations.errors[item.id] for item in suite.items[1:]} == {
        f"python:{name}:translate: not called: an earlier call {message}"}
    assert calls.read_text() == "called\n"


def test_an_output_of_a_str_subclass_is_read_as_its_characters(suite: Suite, module: WriteModule) -> None:
    """Issue 25, 15: an output whose __str__ raised ended the run in an INTERNALERROR."""
    name = module("""
        class Hostile(str):
            def __str__(self):
                raise RuntimeError("no")
            __repr__ = __format__ = __str__

        def translate(sources):
            return [Hostile(source.upper()) for source in sources]
    """)
    translations = translate(suite, f"{name}:translate")
    assert dict(translations.outputs) == {item.id: item.source.upper() for item in suite.items}
    assert all(type(output) is str for output in translations.outputs.values())


def test_outputs_larger_than_the_limit_fail_their_batch_in_one_line(
        suite: Suite, module: WriteModule, monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_mtchallenge import systems

    monkeypatch.setattr(systems, "MAX_REPLY_BYTES", 1024 * 1024)
    name = module("def translate(sources):\n    return ['x' * (400 * 1024) for source in sources]\n")
    assert_all_failed(suite, translate(suite, f"{name}:translate"),
                      f"python:{name}:translate: what it returned for the batch is larger than 1 MiB (MAX_REPLY_BYTES)")
    name = module("def translate(sources):\n    return ['é' * (300 * 1024) for source in sources]\n")  # 1.8 MB
    assert_all_failed(suite, translate(suite, f"{name}:translate"), "is larger than 1 MiB (MAX_REPLY_BYTES)")


def test_lone_surrogates_and_what_the_function_prints_do_not_disturb_the_outputs(
        suite: Suite, module: WriteModule) -> None:
    name = module("""
        import sys
        def translate(sources):
            print("loading the model…")
            sys.stdout.flush()
            return [source + "\\ud800" if source.startswith("I") else source for source in sources]
    """)
    translations = translate(suite, f"{name}:translate")
    assert translations.outputs["s1"] == "I want him to come.\ud800"
    assert translations.outputs["p1"] == "The horses run."
