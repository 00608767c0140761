"""The one grammar of a ``--mt-system`` value, ``[NAME=]KIND[:ARGUMENT]``, and the base of each kind's parameters."""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar

from pytest_mtchallenge.redaction import redact_urls
from pytest_mtchallenge.text.suggest import did_you_mean

if TYPE_CHECKING:
    from pytest_mtchallenge.systems import System

#: How document-level items are translated: the sentence alone, or context and sentence together.
SENTENCE, DOCUMENT = "sentence", "document"
MODES = (SENTENCE, DOCUMENT)

Parsed = TypeVar("Parsed", bound="SystemParams")

# A name holds no ":", so ``cmd:translate --beam=5`` is never read as one.
_NAMED = re.compile(r"^([A-Za-z0-9_.@+-]+)=(.+)$", re.DOTALL)
_MODE = re.compile(r",mode=([A-Za-z]+)$")
_VERSION = re.compile(r",version=([A-Za-z0-9_.+-]+)$")


class UnknownSystemKind(ValueError):
    """A spec whose kind is neither built in nor added by a plugin (the message lists the known kinds)."""


class SystemParams:
    """A system kind's parameters, read once from its spec's ``NAME=VALUE`` pairs, when the spec is parsed.

    A kind whose argument is ``HEAD[,NAME=VALUE…]`` declares a frozen, slotted dataclass subclassing
    this one, one typed field per parameter with its default, and a classmethod :meth:`parse` that
    reads the pairs (raising ``ValueError`` that names the parameter); it names the class as its
    :attr:`System.Params <pytest_mtchallenge.systems.System.Params>` and reads the fields of
    ``self.params``, never the strings again. The kind's counterpart of a checker family's
    :class:`~pytest_mtchallenge.model.FamilyParams`.
    """

    __slots__ = ()

    @classmethod
    def parse(cls: type[Parsed], pairs: Mapping[str, str]) -> Parsed:
        """The parameters in ``pairs`` (name → value, both stripped, none empty); a ``ValueError``
        naming the parameter when one is unknown or its value unusable."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class NoParams(SystemParams):
    """The parameters of a kind whose argument is free text (a command line, a URL, a file): none.
    Its argument is kept whole, commas and ``=`` signs included."""

    @classmethod
    def parse(cls, pairs: Mapping[str, str]) -> NoParams:
        if pairs:
            raise ValueError(f"takes no parameters, got {next(iter(pairs))}=")
        return cls()


def argument_head(argument: str) -> str:
    """What an argument ``HEAD[,NAME=VALUE…]`` holds before its parameters (a model's path or name), stripped."""
    return argument.split(",", 1)[0].strip()


def split_parameters(argument: str, *, head: bool, spec: str) -> tuple[str, Mapping[str, str]]:
    """``HEAD[,NAME=VALUE…]`` — or ``NAME=VALUE[,…]`` when the kind's argument has no ``head`` — as
    its head ("" without one) and its pairs, in order, names and values stripped.

    Empty pieces (a trailing comma) are skipped. A piece without ``=``, an empty value and a name
    given twice are each a ``ValueError`` in one line naming ``spec`` (``KIND:ARGUMENT``).
    """
    pieces = argument.split(",")
    if head:
        pieces = pieces[1:]
    pairs: dict[str, str] = {}
    for piece in filter(str.strip, pieces):
        name, sep, value = (part.strip() for part in piece.partition("="))
        if not sep or not name:
            raise ValueError(f"--mt-system={spec}: expected NAME=VALUE, got {piece.strip()!r}")
        if not value:
            raise ValueError(f"--mt-system={spec}: {name}= has no value (expected {name}=VALUE)")
        if name in pairs:
            raise ValueError(f"--mt-system={spec}: {name}= is given twice")
        pairs[name] = value
    return (argument_head(argument) if head else ""), MappingProxyType(pairs)


@dataclass(frozen=True, slots=True)
class SystemSpec:
    """One ``--mt-system`` value, parsed: ``[NAME=]KIND[:ARGUMENT][,mode=MODE][,version=VERSION]``.

    ``argument`` is what follows ``KIND:`` without the trailing ``,mode=`` and ``,version=``: it is
    what the system's signature and default name are made of. For a kind that declares parameters
    (:attr:`System.Params <pytest_mtchallenge.systems.System.Params>`) it is ``HEAD[,NAME=VALUE…]``:
    ``head`` is what comes before the first comma (a model's path or name; "" for a kind whose
    argument is parameters alone, as ``deepl:formality=less``) and ``pairs`` the parameters by
    name, in order. Another kind's argument is free text (a command line, a URL), kept whole: its
    ``head`` is "" and its ``pairs`` empty.
    """

    kind: str
    argument: str = ""
    name: str | None = None
    #: ``,mode=…``: None when the spec does not say (the kind's own choice stands, else sentence).
    mode: str | None = None
    #: ``,version=…``: what the user states changed the outputs in ways no file shows ("" for none).
    version: str = ""
    head: str = ""
    pairs: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def parse(cls, text: str, kinds: Mapping[str, type[System]] | None = None) -> SystemSpec:
        """The spec ``text``; a ``ValueError`` in one line naming it when it cannot be one.

        With ``kinds`` (the run's system kinds, by kind), its kind must be one of them, a kind that
        needs an argument must have one, and a kind that declares parameters has its argument split
        into ``head`` and ``pairs``. Without, the argument is kept whole.
        """
        name: str | None = None
        spec = text
        named = _NAMED.match(spec)
        if named:
            name, spec = named.group(1), named.group(2)
        version = ""
        stated_version = _VERSION.search(spec)
        if stated_version:
            version, spec = stated_version.group(1), spec[:stated_version.start()]
        mode: str | None = None
        stated = _MODE.search(spec)
        if stated:
            mode, spec = stated.group(1), spec[:stated.start()]
            if mode not in MODES:
                raise ValueError(f"--mt-system={spec}{stated.group(0)}: unknown mode {mode!r} "
                                 f"(known: {', '.join(MODES)})")
        kind, _, argument = spec.partition(":")
        parsed = cls(kind=kind, argument=argument, name=name, mode=mode, version=version)
        if kinds is None:
            return parsed
        if kind not in kinds:
            hint = did_you_mean(kind, kinds)
            raise UnknownSystemKind(f"unknown system kind {kind!r} in --mt-system={spec!r}"
                                    f"{': ' + hint if hint else ''} (known kinds: {', '.join(sorted(kinds))})")
        system_class = kinds[kind]
        if system_class.needs_argument and not argument:
            raise ValueError(f"--mt-system={spec!r}: the {kind!r} kind needs an argument ({kind}:...)")
        if not system_class.takes_parameters():
            return parsed
        head, pairs = split_parameters(argument, head=bool(system_class.head_name), spec=parsed.shown)
        return cls(kind=kind, argument=argument, name=name, mode=mode, version=version, head=head, pairs=pairs)

    @property
    def shown(self) -> str:
        """``KIND:ARGUMENT`` as messages show it (``--mt-system=…``), the credentials of its URLs hidden."""
        return redact_urls(f"{self.kind}:{self.argument}" if self.argument else self.kind)


__all__ = ["DOCUMENT", "MODES", "SENTENCE", "NoParams", "SystemParams", "SystemSpec", "UnknownSystemKind",
           "argument_head", "split_parameters"]
