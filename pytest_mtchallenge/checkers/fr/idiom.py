"""The ``idiom`` family: an English idiom rendered by an accepted French idiom, not word for word."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, pattern_lists
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.languages.fr.patterns import Pattern, Words
from pytest_mtchallenge.languages.fr.reader import is_empty
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict


@dataclass(frozen=True, slots=True)
class IdiomParams(FamilyParams):
    """The accepted, rejected and doubtful patterns."""

    accepted: tuple[Pattern, ...]
    rejected: tuple[Pattern, ...] = ()
    doubtful: tuple[Pattern, ...] = ()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> IdiomParams:
        lists = pattern_lists(mapping, Pattern.parse)
        return cls(lists["accepted"], lists["rejected"], lists["doubtful"])


class IdiomChecker(FrenchChecker):
    """An English idiom (*beat around the bush*) must become a French idiom of the same meaning
    (*tourner autour du pot*); the word-for-word rendering (*battre autour du buisson*) is wrong.

    Parameters (from the source sentence, never from an output) are lists of patterns:

    - ``accepted``: French idioms that render the source, with their inflectional and
      word-order variants (``=mettre la charrue avant|devant les =boeuf``,
      ``=charrue * =mettre avant|devant les =boeuf`` for the passive);
    - ``rejected``: the literal renderings and wrong idioms (``brousse``, ``=cheval``, ``=lait``);
    - ``doubtful``: expressions a human should judge (an idiom close in meaning but not the same).

    In a pattern a word is a literal form, ``=lemma`` stands for every inflected form of the
    lemma (read with the lexicon), ``a|b`` gives alternatives, ``*`` a gap of up to four words,
    ``~`` up to two adverbs or negation words, and ``(…)`` optional words. The output is
    tokenised and folded (case, *œ*/*oe*, apostrophes, punctuation ignored) before matching.

    An output with none of the lists' patterns names what it lacks (``Verdict.not_found``): in a broken
    output — a rule-based engine's word-for-word rendering, a calque of the source's idiom or of a pivot
    language's with words the lists do not name (*battant autour de l'arbuste*) — the judge fails it as
    not rendered; a fluent one (a paraphrase, an unlisted idiom) is left to a human.

    A pass needs the sentence's subject to be the reference's (:meth:`FrenchChecker.same_subject`):
    *Ils ont mis la charrue devant les bœufs* for *Vous mettez …* fails (another person), *Sa
    plaisanterie a fait mouche* for *Son argument a vraiment fait mouche* is left to a human.
    """

    name = "idiom"
    description = "Idioms rendered by an accepted French idiom, not word for word (pattern lists)"
    # 2: an output with no word (only punctuation or numbers) is not applicable
    # 3: an output with none of the lists' patterns is 'not found' (a broken one fails as not rendered)
    # 4: the sentence's subject must be the reference's (FrenchChecker.same_subject, issue 23, 5)
    version = "4"
    figurative = True  # the nouns of a French idiom are not the English idiom's (*le doigt* for *the nail*)
    Params = IdiomParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        words = Words(output, self.lexicon)
        if is_empty(words.tokens):
            return Verdict.not_applicable("the output is empty")
        params = IdiomParams.of(item)
        good, bad, unsure = (_found(words, params.accepted), _found(words, params.rejected),
                             _found(words, params.doubtful))
        if unsure:
            return Verdict.undecided(f"found {', '.join(unsure)}, an expression for a human to judge", *unsure)
        if good and not bad:
            return self.same_subject(Verdict.passed(f"found the French idiom {', '.join(good)}", *good),
                                     item=item, output=output, role="subject of the idiom")
        if bad and not good:
            return Verdict.failed(f"expected a French idiom; found {', '.join(bad)}, a literal or wrong rendering",
                                  *bad)
        if good and bad:
            return Verdict.undecided(f"found both the idiom {', '.join(good)} and {', '.join(bad)}", *good, *bad)
        return Verdict.not_found("a French idiom or a known literal rendering",
                                 "found neither an accepted French idiom nor a known literal rendering")


def _found(words: Words, patterns: tuple[Pattern, ...]) -> list[str]:
    """What each of ``patterns`` matches in the output, in the patterns' order."""
    return [m for p in patterns for m in [p.find(words)] if m is not None]
