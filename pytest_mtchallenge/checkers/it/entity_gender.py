"""The ``entity_gender`` family's Italian judge: the gender an Italian translation gives one person of a WinoMT
sentence (*la sviluppatrice, l'analista … lei, perché era stanca, l'ha pagata*)."""
from __future__ import annotations

from typing import ClassVar

from pytest_mtchallenge.checkers.entity_gender import Conflicts, Params
from pytest_mtchallenge.checkers.romance_gender import judge
from pytest_mtchallenge.languages.it.professions import profession_table
from pytest_mtchallenge.languages.it.reader import SentenceReader
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict


class ItalianEntityGender:
    """Reads an Italian output as docs/checkers.md (*entity_gender*) says: the noun phrase (*il, lo, la, i,
    gli, le, un, uno, una, un'*, the articulated prepositions, possessives; the noun form: *sviluppatore /
    sviluppatrice*; adjectives) decides; where it shows no gender (*l'analista, dell'assistente*) the words
    that refer to the person do (*lui, lei*; *lo, la, gli, le*; *con lei*; the participle agreeing with
    *l'* after *avere*: *l'ha pagata*; the predicate of a copula or of *essere*: *perché era stanca, è
    arrivata*)."""

    #: Bump with any change of the profession table (data/professions-en-it.tsv) or of the reading.
    version: ClassVar[str] = "1"
    #: The noun phrase decides outright, a fixed noun's gender included (*il medico … interessata*: male; *la
    #: guardia*: female; *qualcuno*: male): how WinoMT's Italian annotators read them.
    CONFLICTS: ClassVar[Conflicts] = Conflicts(pronoun_overrides=False, fixed_shows=True)
    packs: ClassVar[tuple[str, ...]] = ("it",)

    @classmethod
    def validate(cls, params: dict[str, object]) -> None:
        Params.parse(params, profession_table().english, "the Italian pack's profession table")

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        return judge(item, output, reader=SentenceReader(output), table=profession_table(),
                     conflicts=self.CONFLICTS)


__all__ = ["ItalianEntityGender"]
