"""Throughput of the ``hf:`` system against raw batched ``model.generate`` on the same model and batches.

Run from the repository root (needs the hf extra):

    python benchmarks/bench_hf.py                       # the tests' tiny Marian model, made in a temporary directory
    python benchmarks/bench_hf.py PATH --sources 256    # a checkpoint of yours, e.g. opus-mt-en-fr

In one process, back to back and alternated (``--repeat`` rounds, medians reported):

(a) the ``hf:PATH,beam=B,max_length=L`` system translating a generated suite of ``--sources`` sources
    in batches of ``--batch-size`` (the plugin's path: batching, length sorting, decoding, mapping
    outputs back to items);
(b) the same loaded model and tokenizer called directly: the same batches (sources sorted by length,
    cut into batches of the same size), ``tokenizer(...)``, ``model.generate(...)`` under
    ``torch.inference_mode()``, ``batch_decode``;
(c) for information, (b) with the batches in suite order (no length sorting).

It checks that (a) and (b) give the same outputs and prints sources per second and the ratio a/b.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORDS = ("the", "horses", "run", "quickly", "across", "a", "green", "field", "while", "she", "must", "leave",
         "before", "I", "want", "him", "to", "come", "cat", "sleeps", "on", "mat", "letters", "from", "my",
         "brother", "should", "have", "warned", "us", "dog", "of", "neighbours", "barks", "every", "night")


def generated_sources(count: int, *, seed: int = 0) -> list[str]:
    """``count`` sentences of 3 to 30 words, the lengths of challenge-set items."""
    rng = random.Random(seed)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 30))).capitalize() + "." for _ in range(count)]


def suite_file(directory: Path, sources: list[str]) -> Path:
    import json

    items = "\n".join(f"          - {{id: s{n}, source: {json.dumps(source)}, reference: x}}"
                      for n, source in enumerate(sources))
    path = directory / "suite.yaml"
    path.write_text(f"""format: mtchallenge-suite/1
name: bench
title: Generated sources
citation: none
source_language: en
target_language: fr
categories:
  - id: all
    title: All
    subcategories:
      - id: all
        title: All
        question: Is it right?
        checker: human
        items:
{items}
""", encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("model", nargs="?", help="a transformers seq2seq checkpoint directory (default: a tiny Marian)")
    parser.add_argument("--sources", type=int, default=512)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--beam", type=int, default=4)
    parser.add_argument("--max-length", type=int, default=32)
    parser.add_argument("--device", default="auto")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--threads", type=int, default=0,
                        help="torch.set_num_threads (default: torch's own choice); 1 gives steady timings of the "
                             "tiny model on a 2-core machine, where two OpenMP threads on tiny matrices are erratic")
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    from pytest_mtchallenge.formats.yaml import load_suite
    from pytest_mtchallenge.systems import SystemOptions, parse_system_spec
    from pytest_mtchallenge.systems.huggingface import HuggingFaceSystem, TransformersModel, quiet_transformers

    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        if args.model:
            model_dir = Path(args.model)
        else:
            sys.path.insert(0, str(ROOT / "tests" / "systems"))
            from test_huggingface import write_tiny_marian

            model_dir = write_tiny_marian(work / "tiny-marian")
        sources = generated_sources(args.sources)
        suite = load_suite(suite_file(work, sources))
        spec = f"hf:{model_dir.resolve()},beam={args.beam},max_length={args.max_length},device={args.device}"
        system = parse_system_spec(spec, {"hf": HuggingFaceSystem}, SystemOptions(batch_size=args.batch_size))
        assert isinstance(system, HuggingFaceSystem)
        loaded = system.load()
        assert isinstance(loaded, TransformersModel)
        tokenizer, model, torch = loaded.tokenizer, loaded.model, loaded.torch
        if args.threads:
            torch.set_num_threads(args.threads)
        limit = {"truncation": True, "max_length": loaded.input_limit} if loaded.input_limit else {}

        def raw(batches: list[list[str]]) -> list[str]:
            outputs: list[str] = []
            for batch in batches:
                encoded = tokenizer(batch, return_tensors="pt", padding=True, **limit)
                with torch.inference_mode(), quiet_transformers(loaded.transformers):
                    generated = model.generate(input_ids=encoded["input_ids"].to(loaded.device),
                                               attention_mask=encoded["attention_mask"].to(loaded.device),
                                               num_beams=args.beam, max_new_tokens=args.max_length, do_sample=False)
                outputs.extend(text.strip() for text in tokenizer.batch_decode(generated, skip_special_tokens=True))
            return outputs

        def cut(ordered: list[str]) -> list[list[str]]:
            return [ordered[i:i + args.batch_size] for i in range(0, len(ordered), args.batch_size)]

        shortest_first = sorted(sources, key=len)  # what the hf: system does
        sorted_batches = cut(shortest_first)
        suite_order_batches = cut(sources)

        def plugin() -> dict[str, str]:
            translations = system.translate(suite=suite, items=suite.items)
            assert not translations.errors, translations.problems
            return {item.source: translations.outputs[item.id] for item in suite.items}

        raw(sorted_batches[:1])  # warm-up: first-call allocations belong to neither side
        runs: dict[str, list[float]] = {"plugin": [], "raw": [], "raw-suite-order": []}
        results: dict[str, object] = {}
        measured: dict[str, Callable[[], object]] = {
            "plugin": plugin,
            "raw": lambda: dict(zip(shortest_first, raw(sorted_batches))),
            "raw-suite-order": lambda: raw(suite_order_batches),
        }
        for _ in range(args.repeat):
            for name, run in measured.items():
                start = time.perf_counter()
                results[name] = run()
                runs[name].append(time.perf_counter() - start)

    same = results["plugin"] == results["raw"]
    print(f"model: {'tiny Marian (tests)' if not args.model else args.model}; device {loaded.device}; "
          f"{args.sources} sources, batch {args.batch_size}, beam {args.beam}, max_length {args.max_length}; "
          f"median of {args.repeat}; torch {torch.__version__}, {torch.get_num_threads()} threads")
    rates = {}
    for name, times in runs.items():
        median = statistics.median(times)
        rates[name] = args.sources / median
        print(f"  {name:16} {median:8.3f} s  {rates[name]:9.1f} sources/s  (runs: "
              + ", ".join(f"{t:.3f}" for t in times) + ")")
    print(f"plugin / raw generate throughput: {rates['plugin'] / rates['raw']:.3f}; outputs identical: {same}")
    print(f"length sorting: raw sorted / raw in suite order: {rates['raw'] / rates['raw-suite-order']:.3f}")
    if not same:
        raise SystemExit("the plugin's outputs differ from raw generate")


if __name__ == "__main__":
    main()
