"""The SQLite translation cache: keys, storage, concurrent writers, unusable files and concurrent clears."""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from pytest_mtchallenge.translation.cache import KEY_VERSION, Segment, TranslationCache, cache_key, clear

SCOPE = ("sig", "en", "fr", "output")


def put(cache: TranslationCache, outputs: dict[str, str], scope: tuple[str, ...] = SCOPE) -> None:
    """Store outputs of sentences translated alone."""
    cache.put_many(scope, {Segment(sentence): output for sentence, output in outputs.items()})


def get(cache: TranslationCache, sentences: list[str], scope: tuple[str, ...] = SCOPE) -> dict[str, str]:
    """The stored outputs of sentences translated alone, by sentence."""
    return {segment.sentence: output for segment, output in cache.get_many(scope, list(map(Segment, sentences))).items()}


def test_outputs_are_keyed_by_signature_language_pair_and_source(tmp_path: Path) -> None:
    cache = TranslationCache(tmp_path / "t.sqlite")
    put(cache, {"Hello.": "Bonjour.", "Yes.": "Oui."}, ("cmd:mt --beam 4", "en", "fr"))
    assert get(cache, ["Hello.", "No."], ("cmd:mt --beam 4", "en", "fr")) == {"Hello.": "Bonjour."}
    assert get(cache, ["Hello."], ("cmd:mt --beam 5", "en", "fr")) == {}
    assert get(cache, ["Hello."], ("cmd:mt --beam 4", "en", "de")) == {}
    assert len(cache) == 2
    assert cache_key(("a", "en", "fr"), Segment("x")) != cache_key(("a", "en", "fr"), Segment("y"))
    cache.close()
    clear(tmp_path / "t.sqlite")
    assert len(TranslationCache(tmp_path / "t.sqlite")) == 0


def test_many_lookups_at_once(tmp_path: Path) -> None:
    cache = TranslationCache(tmp_path / "t.sqlite")
    sources = [f"sentence {n}" for n in range(1500)]
    put(cache, {s: s.upper() for s in sources})
    assert get(cache, sources) == {s: s.upper() for s in sources}


def _writer(path: str, worker: int) -> None:
    cache = TranslationCache(Path(path))
    for round_ in range(20):
        put(cache, {f"w{worker} s{round_} n{n}": "x" for n in range(25)})
        get(cache, [f"w{1 - worker} s{round_} n0"])
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
    put(cache, {"Hello.": "Bonjour."})
    assert get(cache, ["Hello."]) == {"Hello.": "Bonjour."}
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
        other.execute(f"PRAGMA user_version = {KEY_VERSION}")
        for source, value in (("int", "42"), ("real", "0.5"), ("blob", "x'00ff'"), ("null", "NULL"),
                              ("latin-1", "CAST(x'e9' AS TEXT)"), ("ok", "'OK'")):
            other.execute(f"INSERT INTO translation VALUES (?, 'sig', {value}, 0)",
                          (cache_key(SCOPE, Segment(source)),))
    other.close()
    cache = TranslationCache(path)
    assert get(cache, ["int", "real", "blob", "null", "latin-1", "ok"]) == {"ok": "OK"}
    put(cache, {"int": "quarante-deux"})
    assert get(cache, ["int"]) == {"int": "quarante-deux"}


def test_an_output_that_is_not_valid_unicode_is_not_stored(tmp_path: Path) -> None:
    cache = TranslationCache(tmp_path / "t.sqlite")
    put(cache, {"a": "\ud800 x", "b": "fine", "source \udfff": "also fine"})
    assert get(cache, ["a", "b", "source \udfff"]) == {"b": "fine", "source \udfff": "also fine"}


# -- another run clearing or deleting the file while this one writes -----------------------------

def test_a_concurrent_clear_loses_no_later_write(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    running = TranslationCache(path)
    put(running, {"before": "avant"})
    clear(path)  # --mt-cache-clear in another run
    put(running, {"after": "après"})
    later = TranslationCache(path)
    assert get(later, ["before", "after"]) == {"after": "après"}


def test_a_file_deleted_under_a_running_cache_is_recreated(tmp_path: Path) -> None:
    folder = tmp_path / ".pytest_cache" / "d" / "mtchallenge"
    path = folder / "t.sqlite"
    running = TranslationCache(path)
    put(running, {"before": "avant"})
    shutil.rmtree(tmp_path / ".pytest_cache")  # pytest --cache-clear in another run
    put(running, {"after": "après"})
    assert get(running, ["before", "after"]) == {"after": "après"}
    assert get(TranslationCache(path), ["after"]) == {"after": "après"}


# -- keys encode structure, and older keys are never served (issue 25, finding 11) ------------------

def test_a_sentence_never_has_the_key_of_a_document() -> None:
    """The text of a list and a document with that context and sentence were one key: the second
    item got the first one's output."""
    document = Segment("It is old.", ("We bought a house.",))
    lookalike = Segment(json.dumps([*document.context, document.sentence], ensure_ascii=False))
    assert cache_key(SCOPE, document) != cache_key(SCOPE, lookalike)
    assert cache_key(SCOPE, Segment("a", ())) != cache_key(SCOPE, Segment("a"))  # no context is not "alone"
    assert cache_key(SCOPE, Segment("c", ("a", "b"))) != cache_key(SCOPE, Segment("c", ("a b",)))
    assert cache_key(("sig|x", "en"), Segment("s")) != cache_key(("sig", "x|en"), Segment("s"))


def test_a_document_and_a_sentence_that_spells_it_are_stored_apart(tmp_path: Path) -> None:
    cache = TranslationCache(tmp_path / "t.sqlite")
    document = Segment("It is old.", ("We bought a house.",))
    lookalike = Segment('["We bought a house.", "It is old."]')
    cache.put_many(SCOPE, {lookalike: "[« Nous avons acheté une maison. », « Elle est vieille. »]"})
    assert cache.get_many(SCOPE, [document, lookalike]) == {
        lookalike: "[« Nous avons acheté une maison. », « Elle est vieille. »]"}
    cache.put_many(SCOPE, {document: "Elle est vieille."})
    assert cache.get_many(SCOPE, [document])[document] == "Elle est vieille."


def test_entries_of_an_older_key_version_are_dropped_never_served(tmp_path: Path) -> None:
    """A version-1 file (flat text keys, user_version 0): its rows cannot be rekeyed from their hashes,
    and one of them may be a document's output under a sentence's key. They are deleted, once."""
    path = tmp_path / "t.sqlite"
    lookalike = '["We bought a house.", "It is old."]'
    with sqlite3.connect(path) as old:
        old.execute("CREATE TABLE translation (key TEXT PRIMARY KEY, system TEXT NOT NULL, output TEXT NOT NULL, "
                    "created REAL NOT NULL)")
        old_key = hashlib.sha256(json.dumps(["sig", "en", "fr", lookalike]).encode()).hexdigest()
        old.execute("INSERT INTO translation VALUES (?, 'sig', 'Elle est vieille.', 0)", (old_key,))
        old.execute("INSERT INTO translation VALUES ('k2', 'sig', 'echoed: sk-live/Old0123456789', 0)")
    old.close()
    warnings: list[str] = []
    cache = TranslationCache(path, warn=warnings.append)
    assert len(cache) == 0 and get(cache, [lookalike]) == {}
    (warning,) = warnings
    assert warning == (f"mtchallenge: the translation cache {path} holds 2 entries of an older version, whose keys "
                       "could mistake one source for another; they were dropped and will be translated again")
    stored = b"".join(part.read_bytes() for part in tmp_path.glob("t.sqlite*"))
    assert b"sk-live/Old" not in stored and b"Elle est vieille" not in stored  # overwritten, not left in free pages
    put(cache, {"Hello.": "Bonjour."})
    cache.close()
    again = TranslationCache(path, warn=warnings.append)  # migrated once: this version's rows stay
    assert get(again, ["Hello."]) == {"Hello.": "Bonjour."} and len(warnings) == 1
    assert again.connection.execute("PRAGMA user_version").fetchone()[0] == KEY_VERSION


def test_a_newer_key_version_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    newer = TranslationCache(path)
    put(newer, {"Hello.": "Bonjour."})
    newer.connection.execute(f"PRAGMA user_version = {KEY_VERSION + 1}")
    newer.close()
    assert len(TranslationCache(path)) == 1
