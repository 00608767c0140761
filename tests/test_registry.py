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


def test_the_registry_holds_every_kind_of_extension_and_plugins_formats_are_tried_first(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from types import SimpleNamespace

    from pytest_mtchallenge import formats, languages
    from pytest_mtchallenge.registry import Registry

    class Hooks:
        def pytest_mtchallenge_checkers(self):  # type: ignore[no-untyped-def]
            return [{"mine": A}]

        def pytest_mtchallenge_system_kinds(self):  # type: ignore[no-untyped-def]
            return []

        def pytest_mtchallenge_suite_formats(self):  # type: ignore[no-untyped-def]
            return [{"lines": SimpleNamespace(looks_like=lambda path: path.suffix == ".lines")}]

        def pytest_mtchallenge_report_formats(self):  # type: ignore[no-untyped-def]
            return [None]

        def pytest_mtchallenge_language_packs(self):  # type: ignore[no-untyped-def]
            return [{"tlh": SimpleNamespace(PACK=languages.LanguagePack(code="tlh", name="Klingon"))}]

    registry = Registry.build(Hooks())  # type: ignore[arg-type]
    assert registry.checkers["mine"] is A and "regex" in registry.checkers and "file" in registry.system_kinds
    assert list(registry.report_formats) == ["json", "html", "contrastive"]
    registry.install()
    try:
        assert formats.detect_format(tmp_path / "x.lines") == "lines"
        assert languages.language_pack("tlh").name == "Klingon"
    finally:
        Registry.uninstall()
    assert formats.format_module.__module__ and "lines" not in formats._ACTIVE  # noqa: SLF001
    assert languages.language_pack("tlh").name == "tlh"  # a generic pack again


def test_a_plugins_contribution_that_is_no_mapping_is_refused() -> None:
    with pytest.raises(RegistryError, match="a plugin's report formats must be a mapping"):
        combine({"json": "x"}, [["csv"]], "report formats")  # type: ignore[list-item]


def test_the_conftests_from_the_projects_root_down_are_loaded_with_their_pytest_plugins(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from pytest_mtchallenge.registry import load_conftests, plugin_manager

    project = tmp_path / "project"
    (project / "sub" / "deeper").mkdir(parents=True)
    (project / "tox.ini").write_text("[pytest]\n")
    (tmp_path / "conftest.py").write_text("raise SystemExit('above the root: never imported')\n")
    (project / "conftest.py").write_text("pytest_plugins = 'extra_plugin'\n"
                                         "def pytest_mtchallenge_checkers():\n    return {'root': int}\n")
    (project / "extra_plugin.py").write_text("def pytest_mtchallenge_checkers():\n    return {'extra': float}\n")
    (project / "sub" / "conftest.py").write_text("def pytest_mtchallenge_checkers():\n    return {'sub': str}\n")
    manager = plugin_manager()
    load_conftests(manager, project / "sub" / "deeper")
    found = {name for result in manager.hook.pytest_mtchallenge_checkers() for name in result}
    assert found == {"root", "extra", "sub"}
