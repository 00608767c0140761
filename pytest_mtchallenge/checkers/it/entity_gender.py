"""The ``entity_gender`` family's Italian reading: the gender an Italian translation gives one person of a WinoMT
sentence (*la sviluppatrice, l'analista … lei, perché era stanca, l'ha pagata*)."""
from __future__ import annotations

from pytest_mtchallenge.checkers.romance_gender import RomanceReading
from pytest_mtchallenge.languages.it.professions import profession_table
from pytest_mtchallenge.languages.it.reader import SentenceReader
from pytest_mtchallenge.languages.professions import PluralRuleTable


class ItalianReading(RomanceReading):
    """Reads an Italian output as docs/checkers.md (*entity_gender*) says: the noun phrase (*il, lo, la, i,
    gli, le, un, uno, una, un'*, the articulated prepositions, possessives; the noun form: *sviluppatore /
    sviluppatrice*; adjectives) decides; where it shows no gender (*l'analista, dell'assistente*) the words
    that refer to the person do (*lui, lei*; *lo, la, gli, le*; *con lei*; the participle agreeing with
    *l'* after *avere*: *l'ha pagata*; the predicate of a copula or of *essere*: *perché era stanca, è
    arrivata*)."""

    language = "Italian"
    neutral = ("Italian gives every person a gender, and WinoMT's Italian measure counts these items wrong "
               "whatever the translation")
    #: Bump with any change of the profession table (data/professions-en-it.tsv) or of the reading.
    version = "7"
    #: Every masculine person noun is the generic masculine in the context-aware reading: a feminine word that refers
    #: to the person makes her a woman (*il parrucchiere … l'ha pagata*, *il contabile … le ha consigliato*), as the team's annotators read real outputs (issue 37); only a
    #: rendering in another sense keeps its own gender.
    generic_masculine = frozenset({"generic", "fixed", "masculine", "epicene"})

    def table(self) -> PluralRuleTable:
        return profession_table()

    def reader(self, output: str) -> SentenceReader:
        return SentenceReader(output)


READING = ItalianReading()

__all__ = ["READING", "ItalianReading"]
