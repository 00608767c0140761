"""MT systems: the registry of system kinds, spec parsing and the batch-translation interface."""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import ClassVar, TypeVar

from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.systems.spec import (
    DOCUMENT,
    MODES,
    SENTENCE,
    NoParams,
    SystemParams,
    SystemSpec,
    UnknownSystemKind,
    argument_head,
    split_parameters,
)


#: The most bytes read from what a system returns at once: an HTTP reply's body (after
#: decompression), a command's standard output, a ``python:`` call's outputs (as UTF-8). More is
#: not read: the request, command or call fails in one line, and the run's memory stays bounded.
#: (Output files and recorded systems are files: :data:`pytest_mtchallenge.files.MAX_FILE_BYTES`.)
MAX_REPLY_BYTES = 64 * 1024 * 1024


def too_large(what: str) -> str:
    """The one line about a reply past :data:`MAX_REPLY_BYTES`: ``what`` names it ("the reply's body")."""
    return f"{what} is larger than {MAX_REPLY_BYTES / (1024 * 1024):g} MiB (MAX_REPLY_BYTES): not read further"


#: Sources per request or generation batch when ``--mt-batch-size`` is not given, for every kind
#: that has no default of its own (a local model on a GPU has: ``huggingface.GPU_BATCH_SIZE``).
DEFAULT_BATCH_SIZE = 32


@dataclass(frozen=True, slots=True)
class SystemOptions:
    """Settings shared by every system of a run (command line and ini file)."""

    rootdir: Path = Path(".")
    timeout: float = 600.0  # seconds for one request or one command
    #: ``--mt-batch-size``: sources per request or generation batch; None when it is not given, and each
    #: kind then takes its own default (:meth:`sources_per_batch`).
    batch_size: int | None = None
    concurrency: int = 4  # requests in flight at once
    retries: int = 4  # further attempts after a connection error, 429 or 5xx
    backoff: float = 0.5  # seconds before the first retry; doubles each time
    settings: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # system-kind ini settings

    def sources_per_batch(self, default: int = DEFAULT_BATCH_SIZE) -> int:
        """``--mt-batch-size`` when it is given, else ``default`` (the kind's own)."""
        return max(1, self.batch_size if self.batch_size is not None else default)


@dataclass(frozen=True, slots=True)
class Translations:
    """A system's outputs for a batch of items: an output or an error for each item.

    ``problems`` are one-line messages about the reply as a whole (an output for an item the
    suite does not have, say) that do not stop the other items from being judged.
    """

    outputs: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    errors: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    problems: tuple[str, ...] = ()
    #: For document-level items translated in document mode: the translation of the context
    #: sentences, by item id (the item's own output is in ``outputs``).
    context_outputs: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    #: What the system spent on these items, e.g. an LLM's ``{"prompt_tokens": n,
    #: "completion_tokens": m, "requests": k}`` (empty when the kind counts nothing).
    usage: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    #: One line per item whose output the system changed before returning it (an LLM reply
    #: cleaned of a preamble or quotes, say), by item id: meant for the judgement's reason.
    notes: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: Item id → how many different sources the system gave that item's output for, where it gave
    #: the same output for many (:mod:`pytest_mtchallenge.translation.repeats`).
    repeats: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def failed(cls, items: Sequence[ChallengeItem], reason: str) -> Translations:
        """Every item errors with the same reason (the system failed as a whole)."""
        return cls(errors=MappingProxyType({item.id: reason for item in items}), problems=(reason,))

    @classmethod
    def aligned(cls, items: Sequence[ChallengeItem], outputs: object, *, origin: str) -> Translations:
        """Outputs given as a list in item order; a wrong length or type fails the batch."""
        if not isinstance(outputs, (list, tuple)):
            return cls.failed(items, f"{origin}: expected a list of outputs, got {type(outputs).__name__}")
        if len(outputs) != len(items):
            return cls.failed(items, f"{origin}: returned {len(outputs)} outputs for {len(items)} sources")
        for item, output in zip(items, outputs):
            if not isinstance(output, str):
                return cls.failed(items, f"{origin}: output for item {item.id} is {type(output).__name__}, not text")
        return cls(outputs=MappingProxyType({item.id: out for item, out in zip(items, outputs)}))

    def _texts(self) -> Iterator[object]:
        yield from self.outputs.values()
        for context in self.context_outputs.values():
            yield from context

    @property
    def settled(self) -> int:
        """How many items have an output or an error."""
        return len(self.outputs) + len(self.errors)

    def screened(self, origin: str) -> Translations:
        """These translations with each output that is not text (see :func:`not_text`), in the
        output or in its context translation, turned into an error for its item naming ``origin``;
        an output of a ``str`` subclass becomes a plain ``str`` of its characters, so that none of
        its own methods (a ``__str__`` that raises) runs while it is judged, stored and reported."""
        translations = self
        if any(type(output) is not str and isinstance(output, str) for output in self._texts()):
            translations = replace(self, outputs=MappingProxyType({i: _plain(o) for i, o in self.outputs.items()}),
                                   context_outputs=MappingProxyType({i: tuple(map(_plain, c))
                                                                     for i, c in self.context_outputs.items()}))
        bad: dict[str, str] = {}
        for item_id, output in translations.outputs.items():
            why = not_text(output) or next(filter(None, map(not_text, translations.context_outputs.get(item_id, ()))),
                                           None)
            if why is not None:
                bad[item_id] = f"{origin}: the output for item {item_id} {why}"
        if not bad:
            return translations
        return replace(
            translations, outputs=MappingProxyType({i: o for i, o in translations.outputs.items() if i not in bad}),
            errors=MappingProxyType({**translations.errors, **bad}),
            context_outputs=MappingProxyType({i: c for i, c in translations.context_outputs.items() if i not in bad}),
            notes=MappingProxyType({i: n for i, n in translations.notes.items() if i not in bad}))

    def redacted(self, redact: Callable[[str], str]) -> Translations:
        """These translations with ``redact`` applied to their messages: errors, problems and notes.
        Outputs and context translations are kept as the system gave them, to be judged so; where
        they are reported, their secrets are hidden (:func:`~pytest_mtchallenge.redaction.redacted_result`)."""
        return replace(
            self, errors=MappingProxyType({i: redact(e) for i, e in self.errors.items()}),
            problems=tuple(dict.fromkeys(redact(problem) for problem in self.problems)),
            notes=MappingProxyType({i: redact(n) for i, n in self.notes.items()}))


#: Told each finished batch's result (an output or an error for each of its items) as soon as it is
#: known, the ``on_batch`` argument of :meth:`System.translate`: the translator shows progress and
#: stores the outputs in the cache at once.
OnBatch = Callable[[Translations], None]


def _plain(output: object) -> object:
    """A ``str`` subclass's characters as a ``str`` (read by ``str`` itself); anything else as it is."""
    return str.__str__(output) if isinstance(output, str) and type(output) is not str else output


def not_text(output: object) -> str | None:
    """Why ``output`` is not text that can be judged, stored and written as UTF-8, or None.

    A lone surrogate (``"\\ud800"`` escaped in JSON or YAML, or produced by a Python function)
    is a string Python holds but no UTF-8 file can.
    """
    if not isinstance(output, str):
        return f"is {type(output).__name__}, not text"
    try:
        str.encode(output, "utf-8")
    except UnicodeEncodeError as exc:
        return (f"holds a lone surrogate U+{ord(output[exc.start]):04X} at character {exc.start + 1}, "
                "which is not valid Unicode text")
    return None


def document_text(item: ChallengeItem) -> str:
    """A document-level item as one text: its context sentences, then its sentence."""
    return " ".join((*item.context, item.source))


def split_document_output(text: str, language: str) -> tuple[str, tuple[str, ...]]:
    """A document's translation → (the last sentence: the item's output, the sentences before it:
    the context translation), split by the target language's rules."""
    from pytest_mtchallenge.languages import split_sentences

    sentences = split_sentences(text, language)
    if len(sentences) < 2:
        return text.strip(), ()
    return sentences[-1], tuple(sentences[:-1])


Built = TypeVar("Built", bound="System")


class System:
    """One MT system under test. Subclasses set ``kind`` and implement :meth:`translate`.

    ``argument`` is what follows ``KIND:`` in the ``--mt-system`` spec (:class:`SystemSpec`). A
    kind whose argument is ``HEAD[,NAME=VALUE…]`` declares its :attr:`Params` and :attr:`head_name`:
    the pairs are parsed once, when the spec is, and the kind reads the typed fields of
    :attr:`params`, and :attr:`head`. ``translate`` is called once per suite with all of that
    suite's items and must never raise for a system fault: it reports faults in the returned
    :class:`Translations`.

    ``mode`` says how document-level items are translated: ``sentence`` (the sentence alone) or
    ``document`` (context and sentence together). A kind that handles documents itself sets
    ``handles_documents`` and gets items with their context; for other kinds, in document mode,
    each document-level item reaches :meth:`translate` as one text (:func:`document_text`) and its
    output is split afterwards (:func:`split_document_output`).
    """

    kind: ClassVar[str] = ""
    needs_argument: ClassVar[bool] = True
    #: The kind's parameters, parsed once from the spec's ``NAME=VALUE`` pairs (:class:`SystemParams`).
    #: The default, :class:`NoParams`, makes the argument free text, never split at commas.
    Params: ClassVar[type[SystemParams]] = NoParams
    #: For a kind with :attr:`Params`: what its argument holds before them, in usage messages
    #: (``PATH``, ``MODEL``); "" when the argument is parameters alone (``deepl:formality=less``).
    head_name: ClassVar[str] = ""
    #: Whether outputs may be kept in the translation cache (not for outputs read from files).
    cacheable: ClassVar[bool] = True
    #: Whether ``translate`` reads ``item.context`` itself in document mode (and fills
    #: ``Translations.context_outputs``) instead of receiving the document as one text.
    handles_documents: ClassVar[bool] = False
    #: The environment variable holding the kind's API key ("" for a kind that reads none). A kind
    #: whose user may name another variable overrides :attr:`key_variable`; the key is read by
    #: :attr:`api_key` alone, and is one of the :attr:`secrets`.
    key_env: ClassVar[str] = ""
    #: Other environment variables the kind, or a library it uses, reads a secret from (``HF_TOKEN``
    #: for the Hugging Face hub). Their values, and :attr:`key_env`'s, are secrets of every run,
    #: whether or not it has a system of this kind (:func:`well_known_secrets`).
    secret_env: ClassVar[tuple[str, ...]] = ()
    #: Environment variables holding a URL the kind calls (``DEEPL_SERVER_URL``): the credentials in
    #: their values (password, key-like query values) are secrets of every run.
    url_env: ClassVar[tuple[str, ...]] = ()

    def __init__(self, *, argument: str, name: str | None, options: SystemOptions, mode: str | None = None,
                 version: str = "", params: SystemParams | None = None) -> None:
        """``mode`` and ``version`` are the spec's ``,mode=…`` and ``,version=…`` (None: sentence mode, or
        the kind's own choice); ``params`` are the kind's :attr:`Params` as the spec's pairs gave them
        (:meth:`from_spec`), or, for a system built by hand (a test, a tool), None: parsed here from
        ``argument``, as a spec's are."""
        self.argument = argument
        self.options = options
        self.mode = SENTENCE if mode is None else mode
        self.version = version
        self.params = params if params is not None else self.params_of(argument)
        self.name = name or self.default_name()

    @classmethod
    def takes_parameters(cls) -> bool:
        """Whether the kind's argument is ``HEAD[,NAME=VALUE…]`` (it declares :attr:`Params`)."""
        return cls.Params is not NoParams

    @classmethod
    def from_spec(cls: type[Built], spec: SystemSpec, *, options: SystemOptions) -> Built:
        """The system ``spec`` names, its pairs parsed into :attr:`Params` (``spec`` was parsed with this kind)."""
        params = cls.read_params(spec.pairs, spec=spec.shown) if cls.takes_parameters() else None
        return cls(argument=spec.argument, name=spec.name, options=options, mode=spec.mode, version=spec.version,
                   params=params)

    @classmethod
    def params_of(cls, argument: str) -> SystemParams:
        """The parameters ``argument`` gives, split and parsed as a spec's are (:func:`split_parameters`)."""
        if not cls.takes_parameters():
            return NoParams()
        shown = SystemSpec(kind=cls.kind, argument=argument).shown
        _, pairs = split_parameters(argument, head=bool(cls.head_name), spec=shown)
        return cls.read_params(pairs, spec=shown)

    @classmethod
    def read_params(cls, pairs: Mapping[str, str], *, spec: str) -> SystemParams:
        """``Params.parse(pairs)``, its ``ValueError`` in one line naming the spec (``KIND:ARGUMENT``)."""
        try:
            return cls.Params.parse(pairs)
        except ValueError as exc:
            raise ValueError(f"--mt-system={spec}: {exc}") from None

    @property
    def shown_spec(self) -> str:
        """``KIND:ARGUMENT`` as messages show it after ``--mt-system=``, the credentials of its URLs hidden."""
        return SystemSpec(kind=self.kind, argument=self.argument).shown

    @property
    def head(self) -> str:
        """What the argument holds before its parameters (a model's path or name, stripped): "" for a
        kind without :attr:`head_name` (a free-text kind reads :attr:`argument`)."""
        return argument_head(self.argument) if self.head_name else ""

    def default_name(self) -> str:
        return f"{self.kind}:{self.argument}" if self.argument else self.kind

    @property
    def signature(self) -> str:
        """What identifies this system's outputs (used in saved runs and caches)."""
        return f"{self.kind}:{self.argument}" if self.argument else self.kind

    @property
    def identity(self) -> str:
        """The signature with the run-wide settings that change outputs: the mode (documents) and a
        version the user states (``,version=2``) when the outputs changed in ways no file shows."""
        extra = (f",mode={self.mode}" if self.mode != SENTENCE else "") + (f",version={self.version}" if self.version else "")
        return self.signature + extra

    def identity_for(self, suite: Suite) -> str:
        """:attr:`identity` for the outputs of ``suite``: the same for every suite unless the kind's
        outputs are obtained differently per suite (a recording says its own mode)."""
        return self.identity

    def check_usable(self) -> None:
        """Raise ``ValueError`` with a one-line reason when the system cannot work at all (a missing
        file, a command not found): checked once when the run starts, instead of one error per item."""

    def check_suite(self, suite: Suite) -> None:
        """Raise ``ValueError`` with a one-line reason when the system cannot translate ``suite`` at
        all (a file of outputs whose line count is not the suite's): checked once the suites are
        collected, before any test, instead of one error per item. Only a kind that can tell
        without translating checks anything."""

    @property
    def key_variable(self) -> str:
        """The environment variable this system reads its API key from: :attr:`key_env` unless the
        kind lets the user name another ("" when it reads none)."""
        return self.key_env

    @property
    def api_key(self) -> str:
        """The API key in :attr:`key_variable`, without surrounding white space; "" when the
        variable is unset or empty, or the kind reads none. Never shown: it is one of :attr:`secrets`."""
        variable = self.key_variable
        return os.environ.get(variable, "").strip() if variable else ""

    @property
    def secrets(self) -> tuple[str, ...]:
        """Values no message, report or cache entry may show: the value of each ``${NAME}`` in its
        argument, the credentials of a URL in it (password, ``user:password``, key-like query
        values), and the kind's API key (:attr:`api_key`)."""
        from pytest_mtchallenge.redaction import environment_secrets, url_secrets

        key = self.api_key
        return (*environment_secrets(self.argument), *url_secrets(self.argument), *((key,) if key else ()))

    def covers(self, suite: Suite) -> bool:
        """Whether this system has anything to say about ``suite`` (recorded systems may not)."""
        return True

    def covers_item(self, suite: Suite, item: ChallengeItem) -> bool:
        """Whether this system gets a test for ``item`` (a recorded system only has its recorded items)."""
        return True

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        """The outputs for ``items`` of ``suite``. A kind that translates in batches tells ``on_batch``
        each batch's result as soon as it is settled (as
        :func:`~pytest_mtchallenge.systems.batching.translate_in_batches` does); one that translates
        in one call may ignore it: its whole result is stored when it returns."""
        raise NotImplementedError


def key_variables(kinds: Iterable[type[System]]) -> tuple[str, ...]:
    """The environment variables the ``kinds`` read a key or token from (:attr:`System.key_env`,
    :attr:`System.secret_env`), each once."""
    return tuple(dict.fromkeys(name for kind in kinds for name in (kind.key_env, *kind.secret_env) if name))


def well_known_secrets(kinds: Iterable[type[System]],
                       environ: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The secrets every run hides, whatever its systems: the values of the ``kinds``' key variables
    (:func:`key_variables`) and the credentials of the URLs in their :attr:`System.url_env` — so
    that a ``python:`` system echoing ``DEEPL_AUTH_KEY`` shows ``***`` in a run without ``deepl``."""
    from pytest_mtchallenge.redaction import url_secrets

    environ = os.environ if environ is None else environ
    kinds = list(kinds)
    keys = (environ.get(name, "").strip() for name in key_variables(kinds))
    urls = (environ.get(name, "") for kind in kinds for name in kind.url_env)
    return tuple(dict.fromkeys([*filter(None, keys), *url_secrets(*urls, environ=environ)]))


def builtin_system_kinds() -> dict[str, type[System]]:
    """The system kinds shipped with the plugin, by kind."""
    from pytest_mtchallenge.systems.command import CommandSystem
    from pytest_mtchallenge.systems.ctranslate2 import CTranslate2System
    from pytest_mtchallenge.systems.deepl import DeepLSystem
    from pytest_mtchallenge.systems.file import FileSystem
    from pytest_mtchallenge.systems.http import HttpsSystem, HttpSystem
    from pytest_mtchallenge.systems.huggingface import HuggingFaceSystem
    from pytest_mtchallenge.systems.libretranslate import LibreTranslateSystem
    from pytest_mtchallenge.systems.openai import OpenAISystem
    from pytest_mtchallenge.systems.python import PythonSystem
    from pytest_mtchallenge.systems.recorded import RecordedSystemKind, ReferenceSystem
    from pytest_mtchallenge.systems.scores import ScoresFileSystem

    kinds: list[type[System]] = [RecordedSystemKind, ReferenceSystem, FileSystem, CommandSystem, PythonSystem,
                                 HttpSystem, HttpsSystem, LibreTranslateSystem, DeepLSystem, HuggingFaceSystem,
                                 CTranslate2System, OpenAISystem, ScoresFileSystem]
    return {kind.kind: kind for kind in kinds}


def parse_system_spec(text: str, kinds: Mapping[str, type[System]], options: SystemOptions) -> System:
    """Build a system from ``[NAME=]KIND[:ARGUMENT]`` (:meth:`SystemSpec.parse`); raise ``ValueError``
    with a one-line reason."""
    spec = SystemSpec.parse(text, kinds)
    return kinds[spec.kind].from_spec(spec, options=options)


__all__ = ["DEFAULT_BATCH_SIZE", "DOCUMENT", "MAX_REPLY_BYTES", "MODES", "SENTENCE", "NoParams", "OnBatch", "System",
           "SystemOptions", "SystemParams", "SystemSpec", "Translations", "UnknownSystemKind", "builtin_system_kinds",
           "document_text", "key_variables", "not_text", "parse_system_spec", "split_document_output", "too_large",
           "well_known_secrets"]
