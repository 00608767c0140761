"""The idiom family (French idioms, not word-for-word renderings) on hand-written French variants."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.idiom import IdiomChecker
from pytest_mtchallenge.languages.fr.patterns import Pattern
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = IdiomChecker()
BUSH: Mapping[str, object] = {
    "accepted": ["=tourner ~ autour du pot", "par quatre chemins"],
    "rejected": ["brousse", "=buisson", "=battre la campagne", "=battre autour"],
}
CART: Mapping[str, object] = {
    "accepted": ["=charrue * avant|devant le|les =boeuf"],
    "rejected": ["=cheval", "=chariot", "=charrette"],
}
STRAW: Mapping[str, object] = {
    "accepted": ["=goutte * =faire déborder le vase", "=goutte (d'eau) de trop"],
    "rejected": ["=paille", "=chameau", "=dromadaire"],
}
NAIL: Mapping[str, object] = {
    "accepted": ["=faire ~ mouche", "=mettre ~ le doigt dessus|sur", "le doigt * =mettre dessus|sur", "dans le mille",
                 "=toucher|=viser|=taper|=tomber|=frapper ~ juste", "=tomber|=taper ~ pile",
                 "la cause =être entendue"],
    "rejected": ["=clou", "=ongle", "=frapper * sur|à la tête"],
    "doubtful": ["=enfoncer le clou"],
}
MILK: Mapping[str, object] = {
    "accepted": ["ce qui est fait est fait", "ce qui est passé est passé", "le mal est fait"],
    "rejected": ["=lait"],
}


def french(params: Mapping[str, object]) -> ChallengeItem:
    return item(checker="idiom", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=french(params), output=output).outcome


@pytest.mark.parametrize(("params", "output", "expected"), [
    (BUSH, "Arrête de tourner autour du pot !", Outcome.PASS),
    (BUSH, "Cessez donc de tourner sans cesse autour du pot.", Outcome.PASS),
    (BUSH, "Arrêtez d'y aller par quatre chemins.", Outcome.PASS),
    (BUSH, "Arrêtez de battre autour du buisson.", Outcome.FAIL),
    (BUSH, "Cessez de tourner autour des buissons.", Outcome.FAIL),
    (BUSH, "Arrêtez de battre la campagne.", Outcome.FAIL),
    (BUSH, "Arrêtez de tergiverser.", Outcome.UNDECIDED),
    (CART, "Vous mettez la charrue avant les boeufs.", Outcome.PASS),
    (CART, "Tu mets la charrue devant les bœufs.", Outcome.PASS),
    (CART, "Vous êtes en train de mettre la charrue avant les bœufs.", Outcome.PASS),
    (CART, "La charrue a été mise avant les bœufs.", Outcome.PASS),  # the passive of S16
    (CART, "Vous mettez la charrue avant le cheval.", Outcome.FAIL),
    (CART, "Le chariot a été mis devant les chevaux.", Outcome.FAIL),
    (CART, "Vous placez la charrette devant le cheval.", Outcome.FAIL),
    (STRAW, "Son commentaire a été la goutte d'eau qui a fait déborder le vase.", Outcome.PASS),
    (STRAW, "Son commentaire s'est révélé la goutte qui fait déborder le vase.", Outcome.PASS),
    (STRAW, "Son commentaire fut la goutte d’eau de trop.", Outcome.PASS),
    (STRAW, "Son commentaire s'est avéré être la paille qui a rompu le dos du chameau.", Outcome.FAIL),
    (STRAW, "Son commentaire s'est avéré être la dernière paille.", Outcome.FAIL),
    (STRAW, "Son commentaire a été le coup de grâce.", Outcome.UNDECIDED),
])
def test_common_idioms(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


@pytest.mark.parametrize(("params", "output", "expected"), [
    (NAIL, "Son argument faisait vraiment mouche.", Outcome.PASS),
    (NAIL, "Son argument a vraiment tapé dans le mille.", Outcome.PASS),
    (NAIL, "Son argument a vraiment visé juste.", Outcome.PASS),
    (NAIL, "Son argument est vraiment tombé pile.", Outcome.PASS),
    (NAIL, "Avec cet argument, on a mis le doigt dessus.", Outcome.PASS),
    (NAIL, "Avec cet argument, la cause était entendue.", Outcome.PASS),
    (NAIL, "Son argument a vraiment frappé l'ongle sur la tête.", Outcome.FAIL),
    (NAIL, "Avec cet argument, le clou a été frappé sur la tête.", Outcome.FAIL),
    (NAIL, "Son argument a vraiment enfoncé le clou.", Outcome.UNDECIDED),
    (NAIL, "Son argument était vraiment pertinent.", Outcome.UNDECIDED),
    (MILK, "Ce qui est fait, est fait.", Outcome.PASS),
    (MILK, "CE QUI EST FAIT EST FAIT !", Outcome.PASS),
    (MILK, "Inutile de pleurer, le mal est fait.", Outcome.PASS),
    (MILK, "Il ne sert à rien de pleurer sur le lait renversé.", Outcome.FAIL),
    (MILK, "À quoi bon pleurer sur du lait versé ?", Outcome.FAIL),
    (MILK, "Il ne sert à rien de pleurer.", Outcome.UNDECIDED),
    (MILK, "", Outcome.NA),
])
def test_idioms_with_free_inflection_and_order(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_an_idiom_beside_a_literal_rendering_is_left_to_a_human() -> None:
    assert outcome(CART, "On met la charrue avant les bœufs, pas le chariot devant le cheval.") is Outcome.UNDECIDED


def test_reasons_quote_the_words_and_the_pattern() -> None:
    passed = CHECKER.check(item=french(CART), output="On a mis la charrue devant les bœufs.")
    assert passed.reason == "found the French idiom 'charrue devant les boeufs' (=charrue * avant|devant le|les =boeuf)"
    failed = CHECKER.check(item=french(BUSH), output="Arrêtez de battre autour de la brousse.")
    assert failed.reason == ("expected a French idiom; found 'brousse' (brousse), 'battre autour' (=battre autour), "
                             "a literal or wrong rendering")


def test_pattern_syntax() -> None:
    pattern = Pattern.parse("=goutte (d'eau) qui * =faire ~ déborder le vase")
    assert len(pattern.elements) == 9
    for bad in ["", "* pot", "pot *", "(pot", "tourner *autour", "a||b", "~", "= pot", "?"]:
        with pytest.raises(ValueError):
            Pattern.parse(bad)


@pytest.mark.parametrize(("params", "message"), [
    ({"rejected": ["=lait"]}, "accepted"),
    ({"accepted": []}, "accepted"),
    ({"accepted": "tourner autour du pot"}, "accepted"),
    ({"accepted": ["tourner autour du pot"], "rejected": ["(buisson"]}, "rejected"),
    ({"accepted": ["tourner autour du pot"], "doubtful": [3]}, "doubtful"),
    ({"accepted": ["tourner autour du pot"], "literal": ["buisson"]}, "literal"),
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        IdiomChecker.parse_params(params)
