"""ContraPro- and Lingeval97-format files written by the tests from a seeded generator, with a scores file each.

No peer data is copied: the sentences are made up, and the numbers drawn; what matters is the shape
(every pronoun category and distance bin of ContraPro; every error type, distance and frequency bin of
Lingeval97) and scores with exact ties, which a strict rule counts as wrong.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

from pytest_mtchallenge.formats.lingeval97 import ERROR_TYPES

PRONOUNS = {"it": ("er", "sie", "es"), "they": ("sie",), "you": ("du", "sie")}
NOUNS = ("house", "cat", "river", "song", "door", "table", "idea", "street")


def _score(rng: random.Random, previous: float | None) -> float:
    """A negative log-likelihood, now and then equal to the one before (an exact tie)."""
    if previous is not None and rng.random() < 0.08:
        return previous
    return round(rng.uniform(0.05, 9.0), rng.choice((2, 4, 6)))


def write_contrapro(folder: Path, *, seed: int = 38, items: int = 240, texts: bool = False) -> tuple[Path, Path]:
    """``contrapro.json`` of ``items`` items (1 to 4 errors each) and ``scores`` beside it; with ``texts``
    the extracted ``contrapro.text.{en,de}`` and ``contrapro.context.{en,de}`` too."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    records, scores, text_en, text_de, context_en, context_de = [], [], [], [], [], []
    distances = [0, 1, 2, 3, 4, 5, 7, 12]
    for n in range(items):
        source_pronoun = rng.choice(sorted(PRONOUNS))
        reference_pronoun = rng.choice(PRONOUNS[source_pronoun])
        distance = distances[n % len(distances)] if n < 2 * len(distances) else rng.choice(distances)
        noun = rng.choice(NOUNS)
        source = f"The {noun} was there {n} times; {source_pronoun} stayed."
        reference = f"Der {noun} war {n}-mal da; {reference_pronoun} blieb."
        others = [p for p in ("er", "sie", "es", "du", "ihr", "man") if p != reference_pronoun]
        errors = [{"contrastive": f"Der {noun} war {n}-mal da; {p} blieb.", "replacement": p}
                  for p in rng.sample(others, rng.randint(1, 4))]
        records.append({"src segment": source, "ref segment": reference, "src pronoun": source_pronoun.capitalize()
                        if rng.random() < 0.3 else source_pronoun, "ref pronoun": reference_pronoun,
                        "ante distance": distance, "intrasegmental": distance == 0, "document id": f"doc{n // 10}",
                        "segment id": n % 10 + 1, "errors": errors})
        previous = None
        for target in (reference, *(error["contrastive"] for error in errors)):
            previous = _score(rng, previous)
            scores.append(previous)
            text_en.append(source)
            text_de.append(target)
            context_en.append(f"Before {n}." if distance else "")
            context_de.append(f"Vorher {n}." if distance else "")
    path = folder / "contrapro.json"
    path.write_text(json.dumps(records, ensure_ascii=False, indent=1), encoding="utf-8")
    scores_path = folder / "scores"
    scores_path.write_text("".join(f"{value}\n" for value in scores), encoding="utf-8")
    if texts:
        for name, lines in (("text.en", text_en), ("text.de", text_de), ("context.en", context_en),
                            ("context.de", context_de)):
            (folder / f"contrapro.{name}").write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path, scores_path


def write_lingeval97(folder: Path, *, seed: int = 97, entries: int = 260) -> tuple[Path, Path]:
    """``lingeval97.json`` of ``entries`` entries (0 to 3 errors each, of every type, with distances 0-20
    and frequencies 0-20000 including 5, which its evaluate.py bins as ">2") and ``scores`` beside it."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    types = list(ERROR_TYPES)
    frequencies = [0, 1, 2, 3, 5, 6, 10, 11, 20, 21, 50, 51, 100, 150, 300, 700, 1500, 3000, 7000, 10000, 10001, 20000]
    records, scores = [], []
    pair = 0
    for n in range(entries):
        reference = f"Die Sache Nummer {n} ist gut."
        errors = []
        for k in range(rng.randint(0, 3)):
            error: dict[str, object] = {"type": types[pair % len(types)] if pair < 3 * len(types) else rng.choice(types),
                                        "contrastive": f"Der Sache Nummer {n} ist {k} gut."}
            if rng.random() < 0.7:
                error["distance"] = pair % 21 if pair < 42 else rng.randint(0, 20)
            if rng.random() < 0.7:
                error["frequency"] = frequencies[pair % len(frequencies)] if pair < 44 else rng.choice(frequencies)
            errors.append(error)
            pair += 1
        records.append({"source": f"Thing number {n} is good.", "reference": reference, "origin": f"newstest.{n}",
                        "errors": errors})
        previous = None
        for _ in range(1 + len(errors)):
            previous = _score(rng, previous)
            scores.append(previous)
    path = folder / "lingeval97.json"
    path.write_text(json.dumps(records, ensure_ascii=False, indent=1), encoding="utf-8")
    scores_path = folder / "scores"
    scores_path.write_text("".join(f"{value}\n" for value in scores), encoding="utf-8")
    return path, scores_path


def write_discevalmt(path: Path, *, blocks: int = 12) -> Path:
    """A DiscEvalMT-format ``anaphora.json`` of ``blocks`` numbered blocks, each with the previous and the
    current English sentence and two contrastive pairs (a correct, or semi-correct, and an incorrect
    translation of both sentences), as its loader reads them."""
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {}
    for n in range(1, blocks + 1):
        noun = NOUNS[n % len(NOUNS)]
        previous, previous_fr = f"The {noun} number {n} is here.", f"Le {noun} numéro {n} est là."
        pairs = [{"correct": [previous_fr, f"Il est grand ({n})."], "incorrect": [previous_fr, f"Elle est grande ({n})."],
                  "type": "m.sg"},
                 {"semi-correct": [previous_fr, f"Celui-ci est grand ({n})."],
                  "incorrect": [previous_fr, f"Celle-ci est grande ({n})."], "type": "m.sg"}]
        document[str(n)] = {"src": [previous, f"It is big ({n})."], "trg": pairs,
                            "inspired by": "made up by the tests"}
    path.write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")
    return path
