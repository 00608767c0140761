"""The parameter types French families share (lemma lists, phrase lists, verb lemmas, agreement features) and their readers."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from pytest_mtchallenge.languages.fr.reader import Features, tokenize

#: A parameter read by :func:`lemma_list`: lemmas, stripped and lowercased.
Lemmas = tuple[str, ...]
#: A parameter read by :func:`phrase_list`: French words or phrases, as written.
Phrases = tuple[str, ...]
#: A parameter read by :func:`tokenized_phrases` or :func:`phrase_tokens`: each phrase as its tokens.
TokenizedPhrases = tuple[tuple[str, ...], ...]
#: A parameter read by :func:`verb_lemmas`: the single-word lemmas of the verbs a family looks for.
VerbLemmas = frozenset[str]


def lemma_list(value: object, name: str, *, required: bool = True, single_words: bool = False,
               what: str = "a lemma or a non-empty list of lemmas") -> Lemmas:
    """A parameter holding one lemma or a list of lemmas, stripped and lowercased; with
    ``single_words``, each without a space. ``what`` says what the parameter holds, for the message
    (``body_parts must be a noun or a non-empty list of nouns``)."""
    if value is None and not required:
        return ()
    if isinstance(value, str):
        value = [value]
    if (isinstance(value, Sequence) and value
            and all(isinstance(v, str) and v.strip() and not (single_words and " " in v.strip()) for v in value)):
        return tuple(v.strip().lower() for v in value)
    raise ValueError(f"{name} must be {what}")


def tokenized_phrases(value: object, name: str, *, required: bool = False) -> TokenizedPhrases:
    """A parameter holding one French phrase or a list of them, each tokenised as outputs are."""
    if value is None and not required:
        return ()
    if isinstance(value, str):
        value = [value]
    if (not isinstance(value, Sequence) or not value
            or not all(isinstance(phrase, str) and tokenize(phrase) for phrase in value)):
        raise ValueError(f"{name} must be a phrase or a non-empty list of phrases")
    return tuple(tuple(tokenize(phrase)) for phrase in value)


def phrase_list(value: object, name: str, *, single_words: bool = False) -> Phrases:
    """A parameter holding a non-empty list of French words or phrases (as written); with
    ``single_words``, each one word (a lemma: an infinitive)."""
    if isinstance(value, str) or not isinstance(value, Sequence) or not value:
        raise ValueError(f"{name} must be a non-empty list of French words or phrases")
    if not all(isinstance(v, str) and tokenize(v) for v in value):
        raise ValueError(f"{name} must contain only non-empty French words or phrases")
    if single_words and any(len(tokenize(v)) != 1 for v in value):
        raise ValueError(f"{name} must be single-word lemmas (infinitives)")
    return tuple(value)


def phrase_tokens(value: object, name: str) -> TokenizedPhrases:
    """A :func:`phrase_list` parameter, each phrase as its tokens (*avec qui* → (avec, qui))."""
    return tuple(tuple(tokenize(v)) for v in phrase_list(value, name))


def verb_lemmas(value: object, name: str) -> VerbLemmas:
    """A parameter listing the lemmas (single words, as written) of the verbs a family looks for:
    a :func:`phrase_list` of single words."""
    return frozenset(phrase_list(value, name, single_words=True))


#: The agreement features a parameter may give, and the values each takes.
FEATURE_VALUES: Mapping[str, tuple[object, ...]] = {"person": (1, 2, 3), "number": ("s", "p"), "gender": ("m", "f")}


def features(value: object, name: str) -> Features:
    """A parameter giving agreement features (``{person: 3, number: p, gender: f}``; the person is
    3 when not given, the others unknown)."""
    if not isinstance(value, Mapping):
        raise ValueError(f"{name} must be a mapping of person / number / gender")
    for key, allowed in ((k, FEATURE_VALUES.get(k)) for k in value):
        if allowed is None:
            raise ValueError(f"{name} has unknown feature {key!r} (features: person, number, gender)")
        if value[key] not in allowed:
            raise ValueError(f"{name}.{key} must be one of {', '.join(map(str, allowed))}")
    return Features(person=value.get("person", 3), number=value.get("number"), gender=value.get("gender"))  # type: ignore[arg-type]


__all__ = ["FEATURE_VALUES", "Lemmas", "Phrases", "TokenizedPhrases", "VerbLemmas", "features", "lemma_list",
           "phrase_list", "phrase_tokens", "tokenized_phrases", "verb_lemmas"]
