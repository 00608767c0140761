"""The ``entity_gender`` family's Spanish reading: the gender a Spanish translation gives one person of a WinoMT
sentence (*la desarrolladora, el conserje … ella, porque estaba cansada*)."""
from __future__ import annotations

from pytest_mtchallenge.checkers.romance_gender import RomanceReading
from pytest_mtchallenge.languages.es.professions import profession_table
from pytest_mtchallenge.languages.es.reader import SentenceReader
from pytest_mtchallenge.languages.professions import PluralRuleTable


class SpanishReading(RomanceReading):
    """Reads a Spanish output as docs/checkers.md (*entity_gender*) says: the noun phrase (*el, la, los, las,
    un, una, del, al*; the noun form: *desarrollador / desarrolladora*; adjectives) decides; where it shows no
    gender (*su analista*) the words that refer to the person do (*él, ella*; *lo, la*; *para ella*; the
    predicate of a copula after the person, a pronoun or a dropped subject: *porque estaba cansada*)."""

    language = "Spanish"
    neutral = ("Spanish gives every person a gender, and WinoMT's Spanish measure counts these items wrong "
               "whatever the translation")
    #: Bump with any change of the profession table (data/professions-en-es.tsv) or of the reading.
    version = "8"
    #: Every masculine person noun is the generic masculine in the context-aware reading: a feminine word that refers
    #: to the person makes her a woman (*al editor … la dejó satisfecha*, *el gerente … ella es abusiva*), as the team's annotators read real outputs (issue 37); only a
    #: rendering in another sense keeps its own gender.
    generic_masculine = frozenset({"generic", "fixed", "masculine", "epicene"})

    def table(self) -> PluralRuleTable:
        return profession_table()

    def reader(self, output: str) -> SentenceReader:
        return SentenceReader(output)


READING = SpanishReading()

__all__ = ["READING", "SpanishReading"]
