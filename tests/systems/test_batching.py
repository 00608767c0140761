"""translate_in_batches: batch sizes, concurrency, per-batch faults and progress."""
from __future__ import annotations

import threading
from dataclasses import replace

from pytest_mtchallenge.errors import SystemFailure
from pytest_mtchallenge.systems import SystemOptions, Translations
from pytest_mtchallenge.systems.batching import translate_in_batches
from tests.items import item

ITEMS = [item(f"source {n}", ("r",), id=f"i{n}") for n in range(10)]


def test_batches_of_the_configured_size_in_order() -> None:
    calls: list[list[str]] = []

    def upper(sources: list[str]) -> list[str]:
        calls.append(sources)
        return [s.upper() for s in sources]

    done: list[Translations] = []
    result = translate_in_batches(ITEMS, upper, options=SystemOptions(batch_size=4), origin="upper", concurrency=1,
                                  on_batch=done.append)
    assert [len(c) for c in calls] == [4, 4, 2]
    assert result.outputs["i9"] == "SOURCE 9" and not result.errors
    assert [batch.settled for batch in done] == [4, 4, 2]
    assert [sorted(batch.outputs) for batch in done] == [["i0", "i1", "i2", "i3"], ["i4", "i5", "i6", "i7"],
                                                         ["i8", "i9"]]


def test_a_failing_batch_errors_only_its_items() -> None:
    def flaky(sources: list[str]) -> list[str]:
        if "source 4" in sources:
            raise SystemFailure("server said 500", file="http://127.0.0.1:1/translate")
        return sources

    result = translate_in_batches(ITEMS, flaky, options=SystemOptions(batch_size=4, concurrency=3), origin="flaky")
    assert set(result.errors) == {"i4", "i5", "i6", "i7"}
    assert len(result.outputs) == 6
    assert result.problems == ("http://127.0.0.1:1/translate: server said 500",)


def test_wrong_reply_length_and_crashes_are_reported() -> None:
    result = translate_in_batches(ITEMS[:3], lambda sources: sources[:-1], options=SystemOptions(), origin="short")
    assert set(result.errors) == {"i0", "i1", "i2"} and "returned 2 outputs for 3 sources" in result.errors["i0"]

    def boom(sources: list[str]) -> list[str]:
        raise KeyError("translatedText")

    result = translate_in_batches(ITEMS[:2], boom, options=SystemOptions(), origin="boom")
    assert result.errors["i0"] == "boom raised KeyError: 'translatedText'"


def test_batches_run_concurrently() -> None:
    barrier = threading.Barrier(3, timeout=5)

    def wait_for_peers(sources: list[str]) -> list[str]:
        barrier.wait()  # only returns if three batches are in flight together
        return sources

    result = translate_in_batches(ITEMS[:9], wait_for_peers, options=SystemOptions(batch_size=3, concurrency=3),
                                  origin="peers")
    assert len(result.outputs) == 9 and not result.errors


def test_a_batch_may_settle_its_items_itself() -> None:
    """A kind that turns replies into outputs, errors, context translations and notes per item (an
    LLM's) returns the batch's Translations: merged, and handed whole to on_batch for the cache."""
    def settle(sources: list[str]) -> Translations:
        first, second, *_ = sources
        return Translations(outputs={first: first.upper()}, errors={second: "the model refused"},
                            context_outputs={first: ("AVANT.",)}, notes={first: "preamble removed"},
                            usage={"requests": 1, "prompt_tokens": 7})

    done: list[Translations] = []
    items = [replace(item, source=item.id) for item in ITEMS[:6]]  # sources stand for ids, as openai: does
    result = translate_in_batches(items, settle, options=SystemOptions(batch_size=3), origin="llm", concurrency=1,
                                  on_batch=done.append)
    assert dict(result.outputs) == {"i0": "I0", "i3": "I3"}
    assert dict(result.errors) == {"i1": "the model refused", "i4": "the model refused",
                                   "i2": "llm returned no output for item i2", "i5": "llm returned no output for item i5"}
    assert dict(result.context_outputs) == {"i0": ("AVANT.",), "i3": ("AVANT.",)}
    assert dict(result.notes) == {"i0": "preamble removed", "i3": "preamble removed"}
    assert dict(result.usage) == {"requests": 2, "prompt_tokens": 14}
    assert [dict(batch.context_outputs) for batch in done] == [{"i0": ("AVANT.",)}, {"i3": ("AVANT.",)}]


def test_screening_reads_a_str_subclass_as_its_characters() -> None:
    """An output of a str subclass (a system kind of a plugin may return one) is stored, judged and
    reported as a plain str: a __str__ that raises ended the run in an INTERNALERROR (issue 25, 15)."""
    class Hostile(str):
        def __str__(self) -> str:
            raise RuntimeError("no")

        def encode(self, *args: object, **kwargs: object) -> bytes:  # type: ignore[override]
            raise RuntimeError("no")

    translations = Translations(outputs={"a": Hostile("Bonjour."), "b": "Salut."},
                                context_outputs={"a": (Hostile("Il vient."),)}).screened("mine")
    assert dict(translations.outputs) == {"a": "Bonjour.", "b": "Salut."} and not translations.errors
    assert all(type(text) is str for text in (*translations.outputs.values(), *translations.context_outputs["a"]))
    assert Translations(outputs={"c": Hostile("\ud800")}).screened("mine").errors["c"].startswith(
        "mine: the output for item c holds a lone surrogate U+D800")
