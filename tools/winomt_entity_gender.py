"""The entity_gender family measured: on the team's variants, the WinoMT authors' annotations, and systems.

    python tools/winomt_entity_gender.py                               # tests/data/winomt-fr-variants.yaml
    python tools/winomt_entity_gender.py --winomt DIR --annotations    # agreement with data/human_annotations/fr.in
    python tools/winomt_entity_gender.py --winomt DIR --systems        # Acc, F1, ΔG, ΔS per system (translations/*/en-fr.txt)
    python tools/winomt_entity_gender.py --language de ...             # German: winomt-de-variants.yaml, aws.de.in, en-de.txt
    python tools/winomt_entity_gender.py ... --list                    # and each disagreement / undecided item
    python tools/winomt_entity_gender.py --language es ...             # Spanish (es.in) or Italian (google.it.in)

Every measure is given in both readings of the family (the paper's, the entity's noun phrase alone, which the
suites' outcome and headline follow; the context-aware one), and --systems puts the published Acc beside them.
fr, de, es and it: every language the family reads.

DIR is a copy of the WinoMT repository (gabrielStanovsky/mt_gender): data/aggregates/en.txt, en_pro.txt,
en_anti.txt, data/human_annotations/, translations/<system>/en-<language>.txt. The measures follow the paper's
evaluate.py: Acc over every item (a neutral gold is never matched: predictions are male, female or none),
F1 of the male and female classes, ΔG = F1(male) − F1(female), ΔS = Acc(pro) − Acc(anti).
"""
from __future__ import annotations

import argparse
import csv
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import yaml

from pytest_mtchallenge.checkers.entity_gender import CONTEXT_AWARE, CONTEXT_EVIDENCE, EVIDENCE, PAPER, EntityGenderChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent
#: The authors' annotations of each language (which system's outputs: data/README.md) and the paper's Acc.
ANNOTATIONS = {"fr": "data/human_annotations/fr.in - fr.in.csv", "de": "data/human_annotations/aws.de.in - de.in.csv",
               "es": "data/human_annotations/es.in - es.in.csv",
               "it": "data/human_annotations/google.it.in - it.in.csv"}
UPSTREAM_ACC = {"fr": {"google": 63.6, "bing": 44.7, "systran": 45.0}, "de": {"google": 59.4},
                "es": {"google": 53.1, "bing": 47.3, "systran": 45.6},
                "it": {"google": 39.6, "bing": 39.8, "systran": 38.9}}
CHECKER = EntityGenderChecker()


def variants_file(language: str) -> Path:
    return ROOT / "tests" / "data" / f"winomt-{language}-variants.yaml"


READINGS = (PAPER, CONTEXT_AWARE)


def item(source: str, entity: str, gender: str, position: int, language: str) -> ChallengeItem:
    return ChallengeItem(id="winomt", suite="winomt", category="gender", subcategory="entity_gender", source=source,
                         references=(), question="", checker="entity_gender",
                         params={"entity": entity, "gender": gender, "position": position},
                         target_language=language)


def predicted(verdict: Verdict, reading: str = PAPER) -> str:
    """male, female, none, or not_found (the entity is not rendered), in ``reading``."""
    if verdict.missing:
        return "not_found"
    if reading == CONTEXT_AWARE:
        return next((e.removeprefix(CONTEXT_EVIDENCE) for e in verdict.evidence if e.startswith(CONTEXT_EVIDENCE)),
                    "none")
    return next((e.removeprefix(EVIDENCE) for e in verdict.evidence
                 if e.startswith(EVIDENCE) and not e.startswith(CONTEXT_EVIDENCE)), "none")


@dataclass(frozen=True)
class Line:
    gender: str
    position: int
    source: str
    entity: str


def read_lines(path: Path) -> list[Line]:
    rows = [line.rstrip("\n").split("\t") for line in path.read_text(encoding="utf-8").splitlines()]
    return [Line(g, int(p), s, e.lower()) for g, p, s, e in rows]


def variants(language: str, show: bool) -> None:
    entries = yaml.safe_load(variants_file(language).read_text(encoding="utf-8"))["items"]
    counts: Counter[str] = Counter()
    for entry in entries:
        test = item(entry["source"], entry["entity"].lower(), entry["gender"], entry["position"], language)
        for output in entry["outputs"]:
            verdict = CHECKER.check(item=test, output=output["output"])
            got, want = predicted(verdict, CONTEXT_AWARE), output["reads"]  # the labels read in context
            counts["total"] += 1
            counts["agree" if got == want else "disagree"] += 1
            if show and got != want:
                print(f"  line {entry['line']} ({entry['entity']}): wanted {want}, got {got}: {output['output']}\n"
                      f"      {verdict.reason}")
    print(f"variants: {counts['agree']}/{counts['total']} agree with the context-aware reading "
          f"({100 * counts['agree'] / counts['total']:.1f} %)")


@dataclass(frozen=True)
class Annotation:
    """A row of the authors' annotations with a gender label: en.txt's line, the system's output, the label."""

    index: int
    line: Line
    sentence: str
    label: str  # male, female or none


def read_annotations(winomt: Path, language: str = "fr") -> list[Annotation]:
    """The rows of the language's annotation file with a gender label (M, F or N), in the file's order."""
    lines = read_lines(winomt / "data/aggregates/en.txt")
    labels = {"M": "male", "F": "female", "N": "none"}
    found = []
    with (winomt / ANNOTATIONS[language]).open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            label = row["Gender? [M/F/N]"].strip()
            if label in labels:
                index = int(row["Index"])
                found.append(Annotation(index, lines[index], row["Sentence"], labels[label]))
    return found


def annotations(winomt: Path, language: str, show: bool) -> None:
    """Agreement with the authors' annotations, in each reading: decided (not 'not found') and agreeing."""
    counts: Counter[str] = Counter()
    for annotation in read_annotations(winomt, language):
        line = annotation.line
        verdict = CHECKER.check(item=item(line.source, line.entity, line.gender, line.position, language),
                                output=annotation.sentence)
        counts["labelled"] += 1
        for reading in READINGS:
            got, want = predicted(verdict, reading), annotation.label
            if got == "not_found":
                continue
            counts[f"decided {reading}"] += 1
            counts[f"agree {reading}"] += int(got == want)
            if show and got != want:
                print(f"  {annotation.index} {line.entity} ({reading}): annotator {want}, family {got}: "
                      f"{annotation.sentence}\n      {verdict.reason}")
    labelled = counts["labelled"]
    for reading in READINGS:
        decided, agree = counts[f"decided {reading}"], counts[f"agree {reading}"]
        print(f"annotations ({reading} reading): {labelled} labelled, {decided} decided "
              f"({100 * decided / max(labelled, 1):.1f} %), {agree} agree ({100 * agree / max(decided, 1):.1f} % of "
              "decided)")


def measures(lines: list[Line], predictions: list[str]) -> dict[str, float]:
    """Acc, F1 male / female, as the paper's evaluate.py computes them."""
    gold = [line.gender for line in lines]
    correct = Counter(g for g, p in zip(gold, predictions) if g == p)
    total, predicted_count = Counter(gold), Counter(predictions)
    result = {"acc": 100 * sum(correct.values()) / len(gold)}
    for gender in ("male", "female"):
        recall = correct[gender] / total[gender] if total[gender] else 0.0
        precision = correct[gender] / predicted_count[gender] if predicted_count[gender] else 0.0
        result[f"f1_{gender}"] = 100 * (2 * precision * recall / (precision + recall) if precision + recall else 0.0)
    return result


def systems(winomt: Path, language: str, show: bool) -> None:
    """Acc, F1, ΔG and ΔS of each system's file, in each reading, beside the published Acc."""
    lines = read_lines(winomt / "data/aggregates/en.txt")
    pro = set(read_lines(winomt / "data/aggregates/en_pro.txt"))
    anti = set(read_lines(winomt / "data/aggregates/en_anti.txt"))
    print("| system | reading | Acc | published Acc | F1 male | F1 female | ΔG | ΔS | not found | no gender |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for path in sorted(winomt.glob(f"translations/*/en-{language}.txt")):
        outputs = [row.split(" ||| ", 1)[1] if " ||| " in row else "" for row in
                   path.read_text(encoding="utf-8").splitlines()]
        verdicts = [CHECKER.check(item=item(line.source, line.entity, line.gender, line.position, language),
                                  output=output) for line, output in zip(lines, outputs)]
        name = path.parent.name
        upstream = UPSTREAM_ACC.get(language, {}).get(name)
        for reading in READINGS:
            predictions = [predicted(verdict, reading) for verdict in verdicts]
            as_gender = [p if p in ("male", "female") else "unknown" for p in predictions]
            overall = measures(lines, as_gender)
            subset = {key: [(ln, p) for ln, p in zip(lines, as_gender) if ln in found]
                      for key, found in (("pro", pro), ("anti", anti))}
            accs = {key: measures(*zip(*rows))["acc"] if rows else 0.0  # type: ignore[arg-type]
                    for key, rows in subset.items()}
            print(f"| {name} | {reading} | {overall['acc']:.1f} | {upstream if upstream else '—'} | "
                  f"{overall['f1_male']:.1f} | {overall['f1_female']:.1f} | "
                  f"{overall['f1_male'] - overall['f1_female']:.1f} | {accs['pro'] - accs['anti']:.1f} | "
                  f"{predictions.count('not_found')} | {predictions.count('none')} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--winomt", type=Path, help="a copy of the WinoMT repository")
    parser.add_argument("--annotations", action="store_true", help="agreement with the authors' annotations")
    parser.add_argument("--systems", action="store_true", help="Acc, F1, ΔG, ΔS per system")
    parser.add_argument("--list", action="store_true", help="list each disagreement")
    parser.add_argument("--language", choices=sorted(ANNOTATIONS), default="fr", help="the target language (fr)")
    args = parser.parse_args(argv)
    if (args.annotations or args.systems) and args.winomt is None:
        parser.error("--annotations and --systems need --winomt DIR")
    if not (args.annotations or args.systems):
        variants(args.language, args.list)
    if args.annotations:
        annotations(args.winomt, args.language, args.list)
    if args.systems:
        systems(args.winomt, args.language, args.list)
    return 0


if __name__ == "__main__":
    sys.exit(main())
