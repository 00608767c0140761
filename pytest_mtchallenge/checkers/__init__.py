"""Checker families: the registry, and the interface every family implements."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from pytest_mtchallenge.model import ChallengeItem, FamilyParams
from pytest_mtchallenge.verdict import Verdict

@dataclass(frozen=True, slots=True)
class NoParams(FamilyParams):
    """The parameters of a family that declares none: nothing is read."""

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> NoParams:
        return cls()


class Checker:
    """A checker family judges one phenomenon from an item's fields and linguistic knowledge.

    Subclasses set ``name`` and ``description``, declare their parameters as ``Params`` (a
    :class:`FamilyParams` dataclass, parsed when the suite loads, so that a bad parameter is a
    suite error), and implement :meth:`check`, which every family declares alike:
    ``check(self, *, item, output, context=())``. A checker never raises on an output: when it
    cannot decide safely it returns ``Verdict.undecided`` with its reason.
    """

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    #: The target languages (ISO 639-1 codes) whose outputs the family can read; empty: any language.
    languages: ClassVar[tuple[str, ...]] = ()
    #: The language packs whose knowledge the family uses (their signatures join the run's).
    packs: ClassVar[tuple[str, ...]] = ()
    #: Bump when the family's judgements change, so saved runs record which checkers judged them.
    version: ClassVar[str] = "1"
    #: Whether a pass needs an output that translates the item's source, not some other sentence
    #: (:mod:`pytest_mtchallenge.languages.relatedness`); False for a family that reproduces a
    #: peer's scoring exactly (ctxpro's rule, TQ-AutoTest's regular expressions).
    needs_related_output: ClassVar[bool] = True
    #: The parameters that name the words of the family's construction itself (a trigger, the switched
    #: verb, *know* of *know how to*), not the item's content: any sentence with the construction has
    #: them, so the judge does not count them as evidence that an output translates this source.
    construction_params: ClassVar[tuple[str, ...]] = ()
    #: Whether the family's phenomenon is figurative (an idiom), so that a faithful rendering names other
    #: things than the source does (*mettre le doigt dessus* for *hit the nail on the head*): the judge then
    #: does not ask the output's nouns to render the source's
    #: (:func:`~pytest_mtchallenge.languages.relatedness.other_participant`).
    figurative: ClassVar[bool] = False
    #: The family's parameters: parsed from each item's ``params`` when the suite loads (see
    #: :class:`FamilyParams`); ``check`` reads them with ``Params.of(item)``.
    Params: ClassVar[type[FamilyParams]] = NoParams

    @classmethod
    def packs_for(cls, language: str) -> tuple[str, ...]:
        """The packs the family uses on a suite of ``language``: its packs, less the target-language
        packs of the other languages it reads (a family for French and German uses one of them)."""
        code = language.split("-")[0].lower()
        return tuple(pack for pack in cls.packs if pack == code or pack not in cls.languages)

    @classmethod
    def judges(cls, language: str) -> bool:
        """Whether the family can judge outputs in ``language`` (a suite's target language)."""
        return not cls.languages or language.split("-")[0].lower() in cls.languages

    @classmethod
    def parse_params(cls, params: Mapping[str, object]) -> FamilyParams:
        """An item's ``params`` read as the family's ``Params``: what a suite loader stores as the
        item's ``parsed_params``. A ``ValueError`` naming the parameter when they are unusable."""
        return cls.Params.parse(params)

    @classmethod
    def version_for(cls, language: str) -> str:
        """The family's version when it judges outputs in ``language`` (a family that reads several
        languages with a reader each may version each reader apart); ``version`` by default."""
        return cls.version

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        """Judge ``output``, the system's translation of ``item``'s source. ``context`` is the
        system's translation of a document-level item's context sentences, oldest first: empty when
        the item has no context or the system translated the sentence alone. A family that judges
        the sentence only ignores it."""
        raise NotImplementedError


def reject_unknown(params: Mapping[str, object], allowed: Iterable[str]) -> None:
    """Raise ``ValueError`` naming the first parameter that is not in ``allowed``."""
    allowed = set(allowed)
    unknown = set(params) - allowed
    if unknown:
        raise ValueError(f"unknown parameter {sorted(unknown)[0]!r} (allowed: {', '.join(sorted(allowed))})")


def check_keys(params: Mapping[str, object], allowed: Iterable[str],
               required: Iterable[str] | Mapping[str, str] = ()) -> None:
    """Reject unknown and missing parameters, naming them; ``required`` may map each required
    parameter to what it holds, for the message."""
    reject_unknown(params, allowed)
    for key in required:
        if key not in params:
            what = f": {required[key]}" if isinstance(required, Mapping) else ""
            raise ValueError(f"missing parameter {key!r}{what}")


def flag(params: Mapping[str, object], name: str, default: bool = False) -> bool:
    """A true/false parameter (``default`` when absent); a ``ValueError`` naming it otherwise."""
    value = params.get(name, default)
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false")
    return value


P = TypeVar("P")


def pattern_list(value: object, name: str, parse: Callable[[object], P], *, required: bool = False) -> tuple[P, ...]:
    """The patterns of parameter ``name``, each read by ``parse`` (a language's ``Pattern.parse``);
    a ``ValueError`` naming the parameter when the value is not a list of patterns or one of them
    is malformed."""
    if value is None and not required:
        return ()
    if isinstance(value, Sequence) and not isinstance(value, str) and (value or not required):
        try:
            return tuple(parse(v) for v in value)
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
    raise ValueError(f"{name} must be a {'non-empty ' if required else ''}list of patterns")


#: The parameters of a phrase family (``idiom``, ``en_phrase``): lists of patterns.
PATTERN_LISTS = ("accepted", "rejected", "doubtful")


def pattern_lists(params: Mapping[str, object], parse: Callable[[object], P]) -> dict[str, tuple[P, ...]]:
    """A phrase family's ``accepted`` (required), ``rejected`` and ``doubtful`` pattern lists, each
    read by ``parse``; a ``ValueError`` for an unknown parameter or a malformed list."""
    reject_unknown(params, PATTERN_LISTS)
    return {name: pattern_list(params.get(name), name, parse, required=name == "accepted") for name in PATTERN_LISTS}


def builtin_checkers() -> dict[str, type[Checker]]:
    """The checker families shipped with the plugin, by name: every ``Checker`` subclass with a
    ``name`` defined in a module of this package or its language subpackages (one module per family)."""
    import importlib
    import pkgutil

    families: dict[str, type[Checker]] = {}
    for info in sorted(pkgutil.walk_packages(__path__, prefix=f"{__name__}."), key=lambda m: m.name):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, Checker) and value.name
                    and value.__module__ == module.__name__):
                if value.name in families:
                    raise RuntimeError(f"two checker families are named {value.name!r}")
                families[value.name] = value
    return families


__all__ = ["PATTERN_LISTS", "Checker", "FamilyParams", "NoParams", "builtin_checkers", "check_keys", "flag", "pattern_list", "pattern_lists", "reject_unknown"]
