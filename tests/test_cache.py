"""The SQLite translation cache: keys, storage, concurrent writers, unusable files and concurrent clears."""
from __future__ import annotations

import multiprocessing
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

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


# -- files that are not a usable cache, and values that are not text ---------------------------

def _foreign_database(path: Path) -> None:
    """Another program's SQLite file that happens to have a table named ``translation``."""
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE translation (word TEXT, meaning TEXT)")
        connection.execute("INSERT INTO translation VALUES ('chat', 'cat')")
    connection.close()


@pytest.mark.parametrize("make", [
    pytest.param(lambda path: path.write_bytes(b"this is not a database\n" * 200), id="garbage"),
    pytest.param(lambda path: path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000), id="truncated"),
    pytest.param(_foreign_database, id="foreign-table"),
    pytest.param(lambda path: sqlite3.connect(path).execute("CREATE TABLE users (name TEXT)").connection.commit(),
                 id="other-program"),
])
def test_an_unusable_file_is_set_aside_and_a_new_cache_made(tmp_path: Path, make: Callable[[Path], None]) -> None:
    path = tmp_path / "t.sqlite"
    make(path)
    original = path.read_bytes()
    warnings: list[str] = []
    cache = TranslationCache(path, warn=warnings.append)
    cache.put_many("sig", "en", "fr", {"Hello.": "Bonjour."})
    assert cache.get_many("sig", "en", "fr", ["Hello."]) == {"Hello.": "Bonjour."}
    (aside,) = tmp_path.glob("t.sqlite.unusable-*[0-9]")
    assert aside.read_bytes() == original  # kept as it was, for whoever wants it back
    (warning,) = warnings
    assert warning.startswith(f"mtchallenge: the translation cache {path} is not usable (")
    assert warning.endswith(f"moved it to {aside.name} and started a new one")


def test_values_that_are_not_text_are_misses(tmp_path: Path) -> None:
    """A cache written by another version or program, whose untyped columns hold numbers, bytes,
    NULL or text that is not UTF-8: those rows are misses (translated again), never a TypeError."""
    path = tmp_path / "t.sqlite"
    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE translation (key PRIMARY KEY, system, output, created)")
        for source, value in (("int", "42"), ("real", "0.5"), ("blob", "x'00ff'"), ("null", "NULL"),
                              ("latin-1", "CAST(x'e9' AS TEXT)"), ("ok", "'OK'")):
            other.execute(f"INSERT INTO translation VALUES (?, 'sig', {value}, 0)",
                          (cache_key("sig", "en", "fr", source),))
    other.close()
    cache = TranslationCache(path)
    assert cache.get_many("sig", "en", "fr", ["int", "real", "blob", "null", "latin-1", "ok"]) == {"ok": "OK"}
    cache.put_many("sig", "en", "fr", {"int": "quarante-deux"})
    assert cache.get_many("sig", "en", "fr", ["int"]) == {"int": "quarante-deux"}


def test_an_output_that_is_not_valid_unicode_is_not_stored(tmp_path: Path) -> None:
    cache = TranslationCache(tmp_path / "t.sqlite")
    cache.put_many("sig", "en", "fr", {"a": "\ud800 x", "b": "fine", "source \udfff": "also fine"})
    assert cache.get_many("sig", "en", "fr", ["a", "b", "source \udfff"]) == {"b": "fine", "source \udfff": "also fine"}


# -- another run clearing or deleting the file while this one writes -----------------------------

def test_a_concurrent_clear_loses_no_later_write(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    running = TranslationCache(path)
    running.put_many("sig", "en", "fr", {"before": "avant"})
    clear(path)  # --mt-cache-clear in another run
    running.put_many("sig", "en", "fr", {"after": "après"})
    later = TranslationCache(path)
    assert later.get_many("sig", "en", "fr", ["before", "after"]) == {"after": "après"}


def test_a_file_deleted_under_a_running_cache_is_recreated(tmp_path: Path) -> None:
    folder = tmp_path / ".pytest_cache" / "d" / "mtchallenge"
    path = folder / "t.sqlite"
    running = TranslationCache(path)
    running.put_many("sig", "en", "fr", {"before": "avant"})
    shutil.rmtree(tmp_path / ".pytest_cache")  # pytest --cache-clear in another run
    running.put_many("sig", "en", "fr", {"after": "après"})
    assert running.get_many("sig", "en", "fr", ["before", "after"]) == {"after": "après"}
    assert TranslationCache(path).get_many("sig", "en", "fr", ["after"]) == {"after": "après"}
