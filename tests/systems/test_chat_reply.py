"""What a chat model wraps around its translation, removed and named; and what is left alone."""
from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.systems.chat_reply import MAX_REPLY_CHARS, clean_reply, is_refusal

SOURCE = "I want him to come."
WANTED = "Je veux qu'il vienne."


@pytest.mark.parametrize(("reply", "removed"), [
    (f'Here is the translation:\n\n"{WANTED}"',
     ("removed the preamble 'Here is the translation:'", 'removed the quotes "…" around the translation')),
    (f"Sure! Here's the French translation: « {WANTED} »",
     ("removed the preamble 'Sure! Here's the French translation:'", "removed the quotes «…» around the translation")),
    (f'Here is the translation of "{SOURCE}" into French:\n{WANTED}',
     ("removed the preamble 'Here is the translation of \"I want him to come.\" into Frenc…'",)),
    (f"Certainly.\n{WANTED}", ("removed the preamble 'Certainly.'",)),
    (f"French: {WANTED}", ("removed the preamble 'French:'",)),
    (f"Traduction : {WANTED}", ("removed the preamble 'Traduction :'",)),
    (f"Translation (French): “{WANTED}”",
     ("removed the preamble 'Translation (French):'", "removed the quotes “…” around the translation")),
    (f"```\n{WANTED}\n```", ("took the text inside the code fence",)),
    (f"Here you go:\n```text\n{WANTED}\n```\nLet me know if you need anything else!",
     ("took the text inside the code fence (dropped 'Here you go: Let me know if you need anything else!')",)),
    (f"{WANTED}\n\nNote: the subjunctive follows « vouloir que ».",
     ("removed a trailing note 'Note: the subjunctive follows « vouloir que ».'",)),
    (f"{WANTED}\n\n**Explanation:** vouloir que takes the subjunctive.",
     ("removed a trailing note '**Explanation:** vouloir que takes the subjunctive.'",)),
    (f"{WANTED}\nThis translation uses the subjunctive.",
     ("removed a trailing note 'This translation uses the subjunctive.'",)),
    (f"{WANTED} (Note: subjunctive after vouloir)", ("removed a trailing note '(Note: subjunctive after vouloir)'",)),
    (f"<think>\nThe user wants French. 'come' → subjunctive.\n</think>\n\n{WANTED}",
     ("removed the model's reasoning (<think>…</think>)",)),
    (f"'{WANTED}'", ("removed the quotes '…' around the translation",)),
])
def test_what_is_not_the_translation_is_removed_and_named(reply: str, removed: tuple[str, ...]) -> None:
    cleaned = clean_reply(reply, source=SOURCE, target_language="fr")
    assert cleaned.text == WANTED
    assert cleaned.removed == removed
    assert cleaned.note == "the model's reply was cleaned: " + "; ".join(removed)


@pytest.mark.parametrize(("reply", "source", "target"), [
    ("Il a dit : viens.", "He said: come.", "fr"),  # a colon of the sentence's own
    ("Traduction : un métier difficile.", "Translation: a hard job.", "fr"),  # the source has the label too
    ("English: a language.", "Anglais : une langue.", "en"),  # the source opens with a label of its own
    ("The translation is wrong: fix it.", "La traduction est fausse : corrige-la.", "en"),
    ("« Il pleut. »", "“It rains.”", "fr"),  # a quotation stays one
    ('"Viens", a-t-il dit, "maintenant".', '"Come", he said, "now".', "fr"),  # two quotations, not one pair
    ("Or he could come.", "Ou il pourrait venir.", "en"),  # "Or" starts a sentence, not a note
    ("OK\nI am coming.", "D'accord\nJ'arrive.", "en"),  # as many lines as the source
    ("Sure, I'm coming.", "Bien sûr, j'arrive.", "en"),
    ("Note: the meeting is at noon.", "Remarque : la réunion est à midi.", "en"),
    ("Use ```pip install``` first.", "Utilisez d'abord ```pip install```.", "en"),
    ("L'homme et l'enfant.", "The man and the child.", "fr"),  # apostrophes are not quotes
])
def test_what_belongs_to_the_translation_is_kept(reply: str, source: str, target: str) -> None:
    cleaned = clean_reply(reply, source=source, target_language=target)
    assert (cleaned.text, cleaned.removed) == (reply, ())


@pytest.mark.parametrize("reply", ["Here is the French translation:", "French:", "Sure! Here is the translation: ",
                                   'Traduction : ""'])
def test_a_reply_of_a_preamble_only_leaves_nothing(reply: str) -> None:
    cleaned = clean_reply(reply, source=SOURCE, target_language="fr")
    assert cleaned.text == "" and cleaned.removed[0].startswith("removed the preamble '")


def test_a_reply_longer_than_the_limit_is_not_read() -> None:
    def reply(reasoning: int) -> str:
        return "<think>" + "a" * reasoning + "</think>" + WANTED

    longest = MAX_REPLY_CHARS - len(reply(0))
    assert clean_reply(reply(longest), source=SOURCE, target_language="fr").text == WANTED
    cleaned = clean_reply(reply(longest + 1), source=SOURCE, target_language="fr")
    assert cleaned.text == ""
    assert cleaned.removed == (f"not read: {MAX_REPLY_CHARS + 1:,} characters, more than the {MAX_REPLY_CHARS:,} a "
                               "reply may have (MAX_REPLY_CHARS)",)


#: Replies of 1 MB built to make a regular expression go back over the text it read (issue 25, 5:
#: the reasoning pattern took 91 s on 420 KB): each reading is linear, so all of them take well under
#: a second. The limit on a reply's length is lifted to show it; a reading that is quadratic again
#: takes many minutes and runs past the subprocess's timeout.
_HOSTILE_REPLIES = """
import sys
from pytest_mtchallenge.systems import chat_reply
chat_reply.MAX_REPLY_CHARS = 10 ** 8
size = 1_000_000
pieces = ["<think>", "<think>a</thinking>", "<reasoning>x", "```", "```" + "a" * 50, " ", "\\n", "a (or ",
          "(Note:\\n", "translation ", "Here is the translation", "\\t", "«", "'", "Note:\\n", "<"]
for piece in pieces:
    for reply in (piece * (size // len(piece)), "a" + piece * (size // len(piece)) + "b",
                  "Translation" + piece * (size // len(piece)) + ":"):
        chat_reply.clean_reply(reply, source="I want him to come.", target_language="fr")
print("cleaned", len(pieces) * 3)
"""


def test_every_reading_of_a_reply_takes_time_in_proportion_to_its_length() -> None:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(_HOSTILE_REPLIES)], capture_output=True, text=True,
                          timeout=300)  # generous: only a reading that is no longer linear runs past it
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["cleaned", "48"]


def test_a_reply_of_reasoning_only_leaves_nothing() -> None:
    cleaned = clean_reply("<think>Let me consider the subjunctive", source=SOURCE, target_language="fr")
    assert cleaned.text == "" and cleaned.removed == ("removed the model's reasoning (<think>…</think>)",)


@pytest.mark.parametrize(("reply", "source", "target", "refused"), [
    ("I'm sorry, but I can't help with that.", SOURCE, "fr", True),
    ("I cannot translate this text as it contains offensive language.", "You idiot.", "fr", True),
    ("As an AI language model, I cannot produce that content.", "Tu es nul.", "en", True),
    ("I'm sorry, but I can't assist with that request.", "Tu es nul.", "en", True),
    (WANTED, SOURCE, "fr", False),
    ("I'm sorry, I can't come.", "Désolé, je ne peux pas venir.", "en", False),
    # into English, "I cannot translate" may be the translation itself
    ("I cannot translate this text.", "Je ne peux pas traduire ce texte.", "en", False),
    # a source that reads as a refusal is translated
    ("I'm sorry, but I cannot translate that.", "I'm sorry, but I cannot translate that.", "de", False),
])
def test_refusals(reply: str, source: str, target: str, refused: bool) -> None:
    assert is_refusal(reply, source=source, target_language=target) is refused


_WORDS = st.text(alphabet=st.sampled_from("abcdefghijklmnoprstuvéèàçABCDEFGHIJ ,;'-"), min_size=1, max_size=40)
_TEXT = st.text(max_size=120)


@given(reply=_TEXT, source=_TEXT)
def test_cleaning_never_crashes_and_only_removes(reply: str, source: str) -> None:
    cleaned = clean_reply(reply, source=source, target_language="fr")
    if "<" not in reply:  # without reasoning tags every step keeps one piece of the reply
        assert cleaned.text in reply
    assert bool(cleaned.removed) or cleaned.text == reply.strip()


@given(words=_WORDS)
def test_plain_sentences_are_left_alone(words: str) -> None:
    sentence = words.strip().capitalize() + "."
    cleaned = clean_reply(sentence, source="A sentence to translate.", target_language="fr")
    if not sentence.startswith(("'", "Or ", "Note")):
        assert (cleaned.text, cleaned.removed) == (sentence.strip(), ())
