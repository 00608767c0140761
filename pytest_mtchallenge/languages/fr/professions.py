"""The bilingual table of person nouns (English profession → French renderings and their gender), loaded lazily."""
from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources

from pytest_mtchallenge.languages.fr.reader import tokenize
from pytest_mtchallenge.languages.professions import KINDS, Mention, Rendering, TableError, read_renderings

TABLE_FILE = "professions-en-fr.tsv"


class ProfessionTable:
    """English person nouns and their French renderings; finds those renderings in tokens."""

    def __init__(self, renderings: Iterable[Rendering]) -> None:
        by_english: dict[str, list[Rendering]] = {}
        by_head: dict[str, list[Rendering]] = {}
        for rendering in renderings:
            by_english.setdefault(rendering.english, []).append(rendering)
            by_head.setdefault(rendering.words[0], []).append(rendering)
        self.renderings: Mapping[str, tuple[Rendering, ...]] = {k: tuple(v) for k, v in by_english.items()}
        # longest forms first, so that *rédacteur en chef* is read before *rédacteur*
        self._by_head = {k: tuple(sorted(v, key=lambda r: -len(r.words))) for k, v in by_head.items()}

    @property
    def english(self) -> tuple[str, ...]:
        """The English nouns the table knows."""
        return tuple(self.renderings)

    def forms(self, english: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r.form for r in self.renderings.get(english, ())))

    def mentions(self, tokens: Sequence[str]) -> list[Mention]:
        """Every rendering of a person noun in ``tokens`` (lowercased, as the reader tokenises),
        left to right, the longest form at each place, singular or plural (*s*, *x*)."""
        found: list[Mention] = []
        index = 0
        while index < len(tokens):
            mention = self._mention_at(tokens, index)
            if mention is None:
                index += 1
                continue
            found.append(mention)
            index = mention.end
        return found

    def _mention_at(self, tokens: Sequence[str], index: int) -> Mention | None:
        token = tokens[index]
        heads = [(token, False)]
        if len(token) > 2 and token[-1] in "sx":
            heads.append((token[:-1], True))
        for head, plural in heads:
            for rendering in self._by_head.get(head, ()):
                size = len(rendering.words)
                rest = tokens[index + 1:index + size]
                if tuple(rest) == rendering.words[1:] or plural and _plural_rest(rest, rendering.words[1:]):
                    same = tuple(r for r in self._by_head[head] if r.words == rendering.words)
                    return Mention(index, index + size, tuple(tokens[index:index + size]), plural, same)
        return None


def _plural_rest(rest: Sequence[str], words: Sequence[str]) -> bool:
    """The rest of a plural form: its adjectives may be plural too (*directeurs généraux* is not
    listed, *ouvriers du bâtiment* is)."""
    return len(rest) == len(words) and all(r == w or r in (w + "s", w + "x") for r, w in zip(rest, words))


def parse_table(lines: Iterable[str]) -> ProfessionTable:
    """The table from its text (``professions-en-fr.tsv``): a ``TableError`` naming the line when
    a line is malformed or a form is given twice for one English noun."""
    return ProfessionTable(read_renderings(lines, tokenize=tokenize, language="French"))


@functools.lru_cache(maxsize=1)
def profession_table() -> ProfessionTable:
    """The shipped table, read once per process on first use."""
    text = resources.files("pytest_mtchallenge.languages.fr.data").joinpath(TABLE_FILE).read_text(encoding="utf-8")
    return parse_table(text.splitlines())


__all__ = ["KINDS", "Mention", "ProfessionTable", "Rendering", "TableError", "parse_table", "profession_table"]
