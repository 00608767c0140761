"""What every system kind shares (systems/__init__.py): the API key a kind declares, read in one place, never shown."""
from __future__ import annotations

from pathlib import Path

import pytest

from pytest_mtchallenge.systems import SystemOptions, builtin_system_kinds, parse_system_spec

KEY = "s3cret-k3y"


@pytest.mark.parametrize(("spec", "variable"), [
    ("deepl", "DEEPL_AUTH_KEY"),
    ("libretranslate:http://127.0.0.1:5000", "LIBRETRANSLATE_API_KEY"),
    ("openai:m", "OPENAI_API_KEY"),
    ("openai:m,key_env=TEAM_LLM_KEY", "TEAM_LLM_KEY"),
])
def test_a_kind_declares_its_key_variable_and_the_key_is_a_secret(spec: str, variable: str,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(variable, f"  {KEY}\n")
    system = parse_system_spec(spec, builtin_system_kinds(), SystemOptions(rootdir=Path(".")))
    assert system.key_variable == variable and system.api_key == KEY
    assert KEY in system.secrets
    assert KEY not in system.name + system.signature + system.identity


def test_the_ini_names_libretranslates_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LT_KEY", KEY)
    options = SystemOptions(settings={"mt_libretranslate_key_env": "LT_KEY"})
    system = parse_system_spec("libretranslate:http://127.0.0.1:5000", builtin_system_kinds(), options)
    assert (system.key_variable, system.api_key) == ("LT_KEY", KEY)


@pytest.mark.parametrize("spec", ["libretranslate:http://127.0.0.1:5000", "openai:m"])
def test_an_unset_or_blank_key_is_none(spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    system = parse_system_spec(spec, builtin_system_kinds(), SystemOptions())
    monkeypatch.setenv(system.key_variable, " ")
    assert system.api_key == "" and "" not in system.secrets
    monkeypatch.delenv(system.key_variable)
    assert system.api_key == ""


def test_only_the_services_kinds_read_a_key() -> None:
    keyed = {kind: system_class.key_env for kind, system_class in builtin_system_kinds().items() if system_class.key_env}
    assert keyed == {"deepl": "DEEPL_AUTH_KEY", "libretranslate": "LIBRETRANSLATE_API_KEY", "openai": "OPENAI_API_KEY"}
