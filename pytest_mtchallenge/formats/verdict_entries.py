"""The entries of a verdict file: the one rule that its reader and every writer apply, and their YAML.

The reader (:func:`pytest_mtchallenge.formats.yaml.verdicts_of`) refuses an entry that breaks
:func:`check_entry`; every writer (``mtchallenge review``, ``mtchallenge convert``) calls the same
function before it writes, so that a file written here always reads back, with the same texts.
What YAML cannot hold at all (a lone surrogate, which no UTF-8 file can carry) is refused by the
rule, not found by the next reader; control characters, line breaks and other texts YAML would
fold are written double-quoted, with escapes (:func:`render_entries`).
"""
from __future__ import annotations

import re

import unicodedata
from collections.abc import Collection, Mapping, Sequence

from pytest_mtchallenge.model import RecordedVerdict

VERDICT_VALUES = ("yes", "no", "na")
#: The fields an entry may have.
ENTRY_KEYS = frozenset({"item", "output", "verdict", "system", "annotators", "annotator", "source"})
#: The text fields of an entry; ``item`` and ``output`` must not be blank (a run makes an empty
#: output an error, never a question for a human).
TEXT_FIELDS = ("item", "output", "system", "annotator", "source")


class EntryProblem(ValueError):
    """An entry that a verdict file cannot hold: the field and what is wrong with it."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


def text_problem(text: str) -> str | None:
    """What makes ``text`` impossible to store in a verdict file (a UTF-8 YAML file), or None."""
    surrogate = next((char for char in text if "\ud800" <= char <= "\udfff"), None)
    if surrogate is not None:
        return (f"holds a lone surrogate (U+{ord(surrogate):04X}), which is not a character: "
                "a verdict file cannot hold it")
    return None


#: Characters that do not show, or reorder what follows: format characters (zero-width spaces and
#: joiners, bidirectional marks, embeddings, overrides and isolates, the BOM), and the other
#: invisible separators.
_HIDDEN = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
                     "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]")


def hidden_character(text: str) -> str | None:
    """The first character of ``text`` that does not show or reorders what follows (``U+200B``), or None."""
    found = _HIDDEN.search(text)
    return f"U+{ord(found.group()):04X}" if found else None


def check_entry(*, item: str, output: str, verdict: object, system: str = "", annotator: str = "", source: str = "",
                annotators: Mapping[str, object] | None = None, item_ids: Collection[str] | None = None) -> None:
    """Refuse (:class:`EntryProblem`) an entry that a verdict file cannot hold or its reader would refuse."""
    texts = {"item": item, "output": output, "system": system, "annotator": annotator, "source": source}
    for field in TEXT_FIELDS:
        problem = text_problem(texts[field])
        if problem is not None:
            raise EntryProblem(field, problem)
    for field in ("item", "output"):
        if not texts[field].strip():
            raise EntryProblem(field, "must not be empty")
    hidden = hidden_character(annotator)
    if hidden:  # two annotators whose names look alike would count as two people
        raise EntryProblem("annotator", f"holds an invisible or direction-changing character ({hidden}): "
                                        "an annotator's name must read as it is")
    if item_ids is not None and item not in item_ids:
        raise EntryProblem("item", "verdict for an item the suite does not have")
    if verdict not in VERDICT_VALUES:
        raise EntryProblem("verdict", f"expected one of {', '.join(VERDICT_VALUES)}, found {verdict!r}")
    for key, count in (annotators or {}).items():
        if key not in VERDICT_VALUES or not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise EntryProblem(f"annotators.{key}", "annotator counts map yes/no/na to a whole number")


def check_verdict(verdict: RecordedVerdict, *, item_ids: Collection[str] | None = None) -> None:
    """:func:`check_entry` for a recorded verdict about to be written."""
    check_entry(item=verdict.item, output=verdict.output, verdict=verdict.verdict, system=verdict.system,
                annotator=verdict.annotator, source=verdict.source, annotators=verdict.annotators, item_ids=item_ids)


def render_entries(verdicts: Sequence[RecordedVerdict]) -> str:
    """Verdicts as entries of a block-style ``verdicts:`` list (``- item: …`` lines), each checked first."""
    entries = []
    for verdict in verdicts:
        check_verdict(verdict)
        entry: dict[str, object] = {"item": verdict.item, "output": verdict.output, "verdict": verdict.verdict}
        for key in ("system", "annotator", "source"):
            if getattr(verdict, key):
                entry[key] = getattr(verdict, key)
        if verdict.annotators:
            entry["annotators"] = dict(verdict.annotators)
        entries.append(entry)
    return render_yaml(entries)


def render_yaml(document: object) -> str:
    """``document`` as block YAML whose every text reads back exactly (:func:`dumper`)."""
    import yaml

    return yaml.dump(document, Dumper=dumper(), sort_keys=False, allow_unicode=True, width=1_000_000,
                     default_flow_style=False)


def _needs_escapes(text: str) -> bool:
    """Whether a text holds characters YAML reads as line breaks or that cannot stand unescaped."""
    return any(c in "\n\r\t\x85\u2028\u2029\ufeff" or unicodedata.category(c)[0] == "C" for c in text)


def dumper() -> type:
    """A safe dumper that writes texts with line breaks or control characters double-quoted, with
    escapes, so that every text reads back exactly (YAML would fold them otherwise)."""
    import yaml

    class Dumper(yaml.SafeDumper):
        pass

    def text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
        style = '"' if _needs_escapes(value) else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Dumper.add_representer(str, text)
    return Dumper
