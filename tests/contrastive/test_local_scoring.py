"""hf: and ct2: scores of given translations: equal to a direct computation from the model's logits, the same
in both kinds, and the same decisions whatever the batch size. Tiny models built by the tests (nothing downloaded)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pytest_mtchallenge.contrastive.judging import requests_for
from pytest_mtchallenge.contrastive.model import Candidate, ContrastiveParams
from pytest_mtchallenge.contrastive.rules import decide
from pytest_mtchallenge.contrastive.scoring import ScoreRequest
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.systems import SystemOptions, parse_system_spec
from pytest_mtchallenge.systems.ctranslate2 import CTranslate2System
from pytest_mtchallenge.systems.huggingface import HuggingFaceSystem
from tests.suites import write_suite

pytest.importorskip("torch", reason="the hf extra is not installed (pip install .[hf])")
pytest.importorskip("transformers", reason="the hf extra is not installed (pip install .[hf])")
pytest.importorskip("sentencepiece", reason="the hf extra is not installed (pip install .[hf])")

KINDS = {"hf": HuggingFaceSystem, "ct2": CTranslate2System}
PAIRS = [("The horses run.", "Les chevaux courent."), ("The horses run.", "Le cheval court."),
         ("She must leave.", "Il faut qu'elle parte."), ("She must leave.", "Il faut qu'il parte."),
         ("I want him to come.", "Je veux qu'il vienne."), ("Hello", "Bonjour tout le monde, le chat dort.")]


@pytest.fixture(scope="module")
def marian(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.systems.test_huggingface import write_tiny_marian

    return write_tiny_marian(tmp_path_factory.mktemp("models") / "marian", seed=3)


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("suite")
    return load_suite(write_suite(folder, [{"id": "i1", "source": "x", "reference": "x"}]))


def system(spec: str):
    return parse_system_spec(spec, KINDS, SystemOptions())


def requests() -> list[ScoreRequest]:
    return [ScoreRequest(key=str(n), source=source, candidate=candidate) for n, (source, candidate) in enumerate(PAIRS)]


def test_hf_scores_equal_a_direct_computation_from_the_logits(marian, suite):
    import torch
    import transformers

    scores = system(f"hf:{marian},device=cpu").score(suite=suite, requests=requests())
    assert not scores.errors
    tokenizer = transformers.AutoTokenizer.from_pretrained(marian)
    model = transformers.AutoModelForSeq2SeqLM.from_pretrained(marian).eval()
    for n, (source, candidate) in enumerate(PAIRS):
        labels = tokenizer(text_target=[candidate], return_tensors="pt")["input_ids"]
        assert labels[0, -1].item() == tokenizer.eos_token_id  # </s> is scored, as translating generates it
        with torch.no_grad():
            logits = model(**tokenizer([source], return_tensors="pt"), labels=labels).logits
        direct = torch.log_softmax(logits, dim=-1)[0].gather(-1, labels[0].unsqueeze(-1)).squeeze(-1).tolist()
        found = scores.scores[str(n)]
        assert found.tokens == pytest.approx(direct, abs=1e-5)
        assert found.total == pytest.approx(sum(direct), abs=1e-4) and found.total == sum(found.tokens)


def test_ct2_scores_of_the_converted_model_agree_with_hf_per_token(marian, suite, tmp_path):
    pytest.importorskip("ctranslate2", reason="the ct2 extra is not installed (pip install .[ct2])")
    import transformers
    from ctranslate2.converters import TransformersConverter

    from pytest_mtchallenge.systems.huggingface import quiet_transformers

    converted = tmp_path / "ct2"
    with quiet_transformers(transformers):
        TransformersConverter(str(marian), copy_files=["source.spm", "target.spm"]).convert(str(converted))
    hf = system(f"hf:{marian},device=cpu").score(suite=suite, requests=requests())
    ct2 = system(f"ct2:{converted},device=cpu").score(suite=suite, requests=requests())
    assert not ct2.errors, ct2.errors
    for key, score in hf.scores.items():
        assert len(ct2.scores[key].tokens) == len(score.tokens)
        assert ct2.scores[key].tokens == pytest.approx(score.tokens, abs=1e-3)


def test_decisions_are_the_same_for_batch_sizes_1_8_and_64(marian, suite):
    import random

    rng = random.Random(38)
    words = "les chevaux courent il faut qu elle parte je veux vienne le chat dort sur tapis".split()
    items = []
    for n in range(30):
        source = rng.choice([p[0] for p in PAIRS])
        texts = [" ".join(rng.choices(words, k=rng.randint(2, 9))) for _ in range(4)]
        params = ContrastiveParams(candidates=(Candidate(texts[0], True), *(Candidate(t, False, "e") for t in texts[1:])))
        item = suite.items[0].__class__(id=f"i{n}", suite="s", category="c", subcategory="s", source=source,
                                        references=(texts[0],), question="?", checker="contrastive")
        items.append((item, params))
    all_requests = [r for item, params in items for r in requests_for(item, params)]
    decisions = {}
    for batch in (1, 8, 64):
        scores = system(f"hf:{marian},device=cpu,batch={batch}").score(suite=suite, requests=all_requests)
        decisions[batch] = [decide(params, [scores.scores[r.key] for r in requests_for(item, params)])
                            for item, params in items]
    for one, eight, sixty_four in zip(decisions[1], decisions[8], decisions[64]):
        if not (one.tie or eight.tie or sixty_four.tie):
            assert one.right == eight.right == sixty_four.right
        assert eight.margin == pytest.approx(one.margin, abs=1e-3) and sixty_four.margin == pytest.approx(one.margin, abs=1e-3)
    assert len({d.right for d in decisions[1]}) == 2  # the items are not all decided alike


def test_isabelle2017_runs_in_contrastive_mode_with_a_local_model_end_to_end(marian, pytester, monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", f"--mt-system=tiny=hf:{marian},beam=1,max_length=6,"
                                "device=cpu", "--mt-contrastive", "--mt-report-only", "--mt-report=report.json",
                                "--mt-report=report.html", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*category / subcategory*┃*tiny*┃*tiny+contrastive*",
                                 "*S1 S-V agreement*/3*/3*", "Overall*/108*/87*"])
    assert result.ret == 0
    # the HTML report too: both columns side by side, and each contrastive test's candidates with their scores
    page = (pytester.path / "report.html").read_text(encoding="utf-8")
    header = re.search(r'<table class="summary"><thead><tr>(.*?)</tr></thead>', page).group(1)
    assert re.findall(r"</span>([^<]+)</th>", header) == ["tiny", "tiny+contrastive"]
    overall = re.search(r'<tr class="overall">(.*?)</tr>', page).group(1)
    assert re.findall(r'<span class="counts">\d+/(\d+)</span>', overall) == ["108", "87"]
    assert len(re.findall(r'<details class="item"[^>]*data-system="tiny\+contrastive"', page)) == 87
    assert page.count('<div class="contrastive"><table class="candidates">') == 87
