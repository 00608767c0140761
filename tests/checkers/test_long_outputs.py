"""Every family, on outputs built to make a reading go back over what it read (issue 25, 5): bounded.

The automatic judge reads at most ``MAX_JUDGED_CHARS`` characters of an output; at that length
every family answers at once, and a 200 KB output is not read at all. The run is a subprocess
with a generous timeout: only a reading that is out of bounds again (minutes, hours) runs past it.
"""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the script's working folder: it imports tests.items

_EVERY_FAMILY = """
from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.formats import bundled_suites, load_any_suite
from pytest_mtchallenge.judge import MAX_JUDGED_CHARS, Judge
from tests.items import item

families = builtin_checkers()
items = {}
for path in bundled_suites().values():
    suite = load_any_suite(path, checkers=families)
    for loaded in suite.items:
        items.setdefault(loaded.checker, (loaded, (suite.source_language, suite.target_language)))
for name, params in {"formality": {"register": "vous"}, "verb_ellipsis": {"lemma": "faire"},
                     "ctxpro-expected": {"expected": "vous"}, "tq-regex": {"positive": "vous", "negative": "tu"},
                     "regex": {"positive": "vous"}, "human": {},
                     "contrastive": {"correct": ["Vous l'avez fait."], "contrastive": ["Tu l'as fait."]}}.items():
    families[name].parse_params(params)
    items.setdefault(name, (item("You did it.", ("Vous l'avez fait.",), checker=name, params=params), ("en", "fr")))
missing = sorted(set(families) - set(items))
assert not missing, missing

pieces = ["que ", "il ne ", ".", "a ", "l'", "(", "'", "-", "\\\\n", "le chat, ", "est-ce que ",
          "the cat that he did not ", "Je veux qu'il vienne. ", "é"]
judged = 0
for name, (probe, languages) in sorted(items.items()):
    judge = Judge(languages=languages, checkers={name: families[name]()})
    for piece in pieces:
        for size in (MAX_JUDGED_CHARS, 200_000):
            output = (piece * (size // len(piece) + 1))[:size]
            judge.verdict(probe, output, context=(output,))
            judged += 1
print("judged", judged)
"""


def test_every_family_judges_hostile_outputs_in_bounded_time() -> None:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(_EVERY_FAMILY)], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)  # generous: a family out of bounds on 200 KB takes hours
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split()[0] == "judged"
