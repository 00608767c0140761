"""What every system kind shares (systems/__init__.py): the API key a kind declares, read in one place, never shown;
the parameters, mode and version a spec gives its constructor."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.systems import (
    NoParams,
    OnBatch,
    System,
    SystemOptions,
    SystemParams,
    Translations,
    builtin_system_kinds,
    parse_system_spec,
)

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


# -- a kind's parameters, mode and version reach its constructor ---------------------------------

@dataclass(frozen=True, slots=True)
class EchoParams(SystemParams):
    upper: bool = False
    repeat: int = 1

    @classmethod
    def parse(cls, pairs: Mapping[str, str]) -> EchoParams:
        unknown = sorted(set(pairs) - {"upper", "repeat"})
        if unknown:
            raise ValueError(f"unknown parameter {unknown[0]!r}")
        if pairs.get("upper", "false") not in ("true", "false"):
            raise ValueError(f"upper={pairs['upper']}: expected true or false")
        return cls(upper=pairs.get("upper") == "true", repeat=int(pairs.get("repeat", "1")))


class EchoSystem(System):
    """A plugin's kind with parameters: ``echo:PREFIX[,upper=true,repeat=N]``."""

    kind = "echo"
    Params = EchoParams
    params: EchoParams
    head_name = "PREFIX"
    built: ClassVar[list[tuple[str | None, str, SystemParams | None]]] = []

    def __init__(self, *, argument: str, name: str | None, options: SystemOptions, mode: str | None = None,
                 version: str = "", params: SystemParams | None = None) -> None:
        EchoSystem.built.append((mode, version, params))
        super().__init__(argument=argument, name=name, options=options, mode=mode, version=version, params=params)

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        outputs = [f"{self.head} {item.source}" * self.params.repeat for item in items]
        return Translations.aligned(items, [o.upper() if self.params.upper else o for o in outputs], origin="echo")


def test_the_spec_gives_the_constructor_its_mode_version_and_parsed_parameters() -> None:
    EchoSystem.built.clear()
    system = parse_system_spec("e=echo:>> ,upper=true,repeat=2,mode=document,version=7", {"echo": EchoSystem},
                               SystemOptions())
    assert EchoSystem.built == [("document", "7", EchoParams(upper=True, repeat=2))]
    assert (system.name, system.head, system.mode, system.version) == ("e", ">>", "document", "7")
    assert system.signature == "echo:>> ,upper=true,repeat=2"
    assert system.identity == "echo:>> ,upper=true,repeat=2,mode=document,version=7"


def test_a_system_built_by_hand_parses_its_argument_as_a_spec_would(make_suite: Callable[..., Suite]) -> None:
    system = EchoSystem(argument=">>,repeat=2", name=None, options=SystemOptions())
    assert (system.params, system.mode, system.version) == (EchoParams(repeat=2), "sentence", "")
    suite = make_suite(1)
    assert system.translate(suite=suite, items=suite.items).outputs == {"g0": ">> source 0>> source 0"}


@pytest.mark.parametrize(("spec", "message"), [
    ("echo:>>,loud=yes", "--mt-system=echo:>>,loud=yes: unknown parameter 'loud'"),
    ("echo:>>,upper=maybe", "--mt-system=echo:>>,upper=maybe: upper=maybe: expected true or false"),
    ("echo:>>,upper", "--mt-system=echo:>>,upper: expected NAME=VALUE, got 'upper'"),
])
def test_a_bad_parameter_is_one_line_naming_the_spec_and_the_parameter(spec: str, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        parse_system_spec(spec, {"echo": EchoSystem}, SystemOptions())
    assert str(raised.value) == message


def test_a_free_text_kind_has_no_parameters() -> None:
    command = parse_system_spec("cmd:translate --beam=5,6", builtin_system_kinds(), SystemOptions())
    assert (command.params, command.argument, command.head) == (NoParams(), "translate --beam=5,6", "")
    assert not command.takes_parameters()
