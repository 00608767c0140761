"""Reading Lingeval97 (Sennrich 2017) in place: ``lingeval97.json``, 97,408 English→German contrastive pairs.

Each entry has ``source``, ``reference`` and ``errors`` (each a ``contrastive`` translation of a
``type``, with a ``distance`` and a ``frequency`` where they apply). Lingeval97 counts each pair on
its own, so each pair is an item here (``N.K``: entry N's K-th error, both from 1), right when the
reference scores better than the variant. A scores file for it (``scores:PATH``) holds, as its
``evaluate.py`` reads it, each entry's reference and then each of its errors, one number per line.
Results are broken down as its ``evaluate.py`` does: error type, distance bin (0-15, >15) and training
frequency bin (:func:`frequency_bin`).
"""
from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from pathlib import Path
from types import MappingProxyType

from pytest_mtchallenge import files
from pytest_mtchallenge.contrastive.model import Candidate, ContrastiveParams
from pytest_mtchallenge.formats.contrastive_suites import Entry, build_suite
from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.model import Suite

NAME = "lingeval97"
CITATION = ("Rico Sennrich (2017). How Grammatical is Character-level Neural Machine Translation? Assessing MT "
            "Quality with Contrastive Translation Pairs. In EACL 2017.")
#: The error types Lingeval97's evaluate.py counts, in the order it prints them, and the category each is
#: reported under here.
ERROR_TYPES: Mapping[str, str] = MappingProxyType({
    "np_agreement": "agreement", "subj_verb_agreement": "agreement", "subj_adequacy": "agreement",
    "polarity_particle_nicht_del": "polarity", "polarity_particle_kein_del": "polarity",
    "polarity_affix_del": "polarity", "polarity_particle_nicht_ins": "polarity",
    "polarity_particle_kein_ins": "polarity", "polarity_affix_ins": "polarity",
    "auxiliary": "verbs", "verb_particle": "verbs", "compound": "subwords", "transliteration": "subwords",
})
CATEGORIES = (("agreement", "Agreement"), ("polarity", "Polarity"), ("verbs", "Auxiliaries and verb particles"),
              ("subwords", "Unseen compounds and names"), ("other", "Other error types"))
#: Distance bins, in report order: each distance 0 to 15, then the rest.
DISTANCE_BINS = (*(str(n) for n in range(16)), ">15")
#: Frequency bins, in report order, each with the lowest frequency it holds (its upper end is the next
#: one's lower end, less one). As in Lingeval97's evaluate.py, 5 falls in ">2", not ">5": its table
#: gives 5 to both and the later one wins.
FREQUENCY_BINS = ((">10k", 10001), (">5k", 5001), (">2k", 2001), (">1k", 1001), (">500", 501), (">200", 201),
                  (">100", 101), (">50", 51), (">20", 21), (">10", 11), (">5", 6), (">2", 3), ("2", 2), ("1", 1),
                  ("0", 0))


def _whole(value: object) -> int | None:
    """``value`` as a whole number, as a dictionary lookup in Lingeval97's evaluate.py matches it
    (``3.0`` is ``3``, ``"0"`` is 0, other text is no number)."""
    if value == "0":
        return 0
    if isinstance(value, (int, float)) and math.isfinite(value) and value == int(value):
        return int(value)
    return None


def distance_bin(distance: object) -> str | None:
    """The distance's bin: its own for 0 to 15, ``>15`` for anything else; None when it has none."""
    if distance is None:
        return None
    number = _whole(distance)
    return str(number) if number is not None and 0 <= number <= 15 else ">15"


def frequency_bin(frequency: object) -> str | None:
    """The training frequency's bin (``>10k`` for anything past 10,000 or not a count); None when it has none."""
    if frequency is None:
        return None
    number = _whole(frequency)
    if number is None or number < 0 or number > 10000:
        return ">10k"
    return next(name for name, lowest in FREQUENCY_BINS[1:] if number >= lowest)


def looks_like(path: Path) -> bool:
    """A JSON list whose first entry has ``reference`` and ``errors`` with a ``type``."""
    if path.suffix.lower() != ".json" or not path.is_file():
        return False
    with path.open("rb") as handle:
        head = handle.read(8192).decode("utf-8", errors="ignore").lstrip()
    return (head.startswith("[") and '"reference"' in head and '"errors"' in head and '"type"' in head
            and '"ref pronoun"' not in head)


def load(path: Path, *, checkers: Mapping[str, type] | Collection[str] | None = None,
         validate_params: object = None) -> Suite:
    document = files.read_json(path, error=SuiteError, what="Lingeval97 file")
    if not isinstance(document, list) or not document:
        raise SuiteError("a Lingeval97 file is a non-empty JSON list of entries", file=path)
    entries: list[Entry] = []
    line = 0
    for index, record in enumerate(document, 1):
        if not isinstance(record, dict):
            raise SuiteError("expected an object", file=path, item=str(index))
        for key in ("source", "reference", "errors"):
            if key not in record:
                raise SuiteError("missing", file=path, item=str(index), field=key)
        errors = record["errors"]
        if not isinstance(errors, list):
            raise SuiteError("expected a list", file=path, item=str(index), field="errors")
        reference_line = line
        line += 1
        for number, error in enumerate(errors, 1):
            item_id = f"{index}.{number}"
            if not isinstance(error, dict) or "type" not in error or "contrastive" not in error:
                raise SuiteError("an error has a type and a contrastive translation", file=path, item=item_id,
                                 field="errors")
            error_type = str(error["type"])
            facets = {"type": error_type}
            for name, binned in (("distance", distance_bin(error.get("distance"))),
                                 ("frequency", frequency_bin(error.get("frequency")))):
                if binned is not None:
                    facets[name] = binned
            params = ContrastiveParams(
                candidates=(Candidate(text=str(record["reference"]), correct=True, line=reference_line),
                            Candidate(text=str(error["contrastive"]), correct=False, error=error_type, line=line)),
                rule="each-pair", facets=MappingProxyType(facets))
            line += 1
            entries.append(Entry(id=item_id, category=ERROR_TYPES.get(error_type, "other"), subcategory=error_type,
                                 subcategory_title=error_type.replace("_", " "), source=str(record["source"]),
                                 params=params, document=str(record.get("origin", ""))))
    if not entries:
        raise SuiteError("no entry has an error (a contrastive translation)", file=path)
    stem = path.name.removesuffix(".json")
    return build_suite(path=path, name=stem, title=f"Lingeval97 ({stem})", citation=CITATION,
                       source_language="en", target_language="de",
                       question="Does the model score the reference better than this variant?",
                       categories=CATEGORIES, entries=entries,
                       description="Contrastive translation pairs (Lingeval97's rule: each pair counts).")


__all__ = ["DISTANCE_BINS", "ERROR_TYPES", "FREQUENCY_BINS", "NAME", "distance_bin", "frequency_bin", "load",
           "looks_like"]
