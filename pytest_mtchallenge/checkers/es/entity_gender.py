"""The ``entity_gender`` family's Spanish judge: the gender a Spanish translation gives one person of a WinoMT
sentence (*la desarrolladora, el conserje … ella, porque estaba cansada*)."""
from __future__ import annotations

from typing import ClassVar

from pytest_mtchallenge.checkers.entity_gender import Conflicts, Params
from pytest_mtchallenge.checkers.romance_gender import judge
from pytest_mtchallenge.languages.es.professions import profession_table
from pytest_mtchallenge.languages.es.reader import SentenceReader
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict


class SpanishEntityGender:
    """Reads a Spanish output as docs/checkers.md (*entity_gender*) says: the noun phrase (*el, la, los, las,
    un, una, del, al*; the noun form: *desarrollador / desarrolladora*; adjectives) decides; where it shows no
    gender (*su analista*) the words that refer to the person do (*él, ella*; *lo, la*; *para ella*; the
    predicate of a copula after the person, a pronoun or a dropped subject: *porque estaba cansada*)."""

    #: Bump with any change of the profession table (data/professions-en-es.tsv) or of the reading.
    version: ClassVar[str] = "1"
    #: The noun phrase decides outright, and a fixed noun shows no gender (*alguien … ella*: none): how WinoMT's
    #: Spanish annotators read them.
    CONFLICTS: ClassVar[Conflicts] = Conflicts(pronoun_overrides=False)
    packs: ClassVar[tuple[str, ...]] = ("es",)

    @classmethod
    def validate(cls, params: dict[str, object]) -> None:
        Params.parse(params, profession_table().english, "the Spanish pack's profession table")

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        return judge(item, output, reader=SentenceReader(output), table=profession_table(),
                     conflicts=self.CONFLICTS)


__all__ = ["SpanishEntityGender"]
