"""The SQLite translation cache: keys, storage, concurrent writers."""
from __future__ import annotations

import multiprocessing
from pathlib import Path

from pytest_mtchallenge.translation.cache import TranslationCache, cache_key, clear


def test_outputs_are_keyed_by_signature_language_pair_and_source(tmp_path: Path) -> None:
    cache = TranslationCache(tmp_path / "t.sqlite")
    cache.put_many("cmd:mt --beam 4", "en", "fr", {"Hello.": "Bonjour.", "Yes.": "Oui."})
    assert cache.get_many("cmd:mt --beam 4", "en", "fr", ["Hello.", "No."]) == {"Hello.": "Bonjour."}
    assert cache.get_many("cmd:mt --beam 5", "en", "fr", ["Hello."]) == {}
    assert cache.get_many("cmd:mt --beam 4", "en", "de", ["Hello."]) == {}
    assert len(cache) == 2
    assert cache_key("a", "en", "fr", "x") != cache_key("a", "en", "fr", "y")
    cache.close()
    clear(tmp_path / "t.sqlite")
    assert len(TranslationCache(tmp_path / "t.sqlite")) == 0


def test_many_lookups_at_once(tmp_path: Path) -> None:
    cache = TranslationCache(tmp_path / "t.sqlite")
    sources = [f"sentence {n}" for n in range(1500)]
    cache.put_many("sig", "en", "fr", {s: s.upper() for s in sources})
    assert cache.get_many("sig", "en", "fr", sources) == {s: s.upper() for s in sources}


def _writer(path: str, worker: int) -> None:
    cache = TranslationCache(Path(path))
    for round_ in range(20):
        cache.put_many("sig", "en", "fr", {f"w{worker} s{round_} n{n}": "x" for n in range(25)})
        cache.get_many("sig", "en", "fr", [f"w{1 - worker} s{round_} n0"])
    cache.close()


def test_concurrent_processes_do_not_corrupt_it(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    TranslationCache(path).close()
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_writer, args=(str(path), w)) for w in (0, 1)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
        assert worker.exitcode == 0
    cache = TranslationCache(path)
    assert len(cache) == 2 * 20 * 25
    assert cache._connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"  # noqa: SLF001
