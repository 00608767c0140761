"""A small report whose rates are known by construction, for the HTML report tests."""
from __future__ import annotations

from pytest_mtchallenge.reporting import ItemResult, Run, build_runs
from pytest_mtchallenge.verdict import DecidedBy, Judgement, Outcome

#: (item, category, subcategory) in suite order.
ITEMS = [("M1a", "morpho", "M1"), ("M1b", "morpho", "M1"), ("M2a", "morpho", "M2"), ("M2b", "morpho", "M2"),
         ("S1a", "syntax", "S1"), ("S1b", "syntax", "S1")]
#: Outcomes per system, parallel to ITEMS.
OUTCOMES = {
    "alpha": ["pass", "pass", "pass", "fail", "pass", "review"],  # morpho 3/4, syntax 1/2, overall 4/6
    "beta": ["fail", "na", "pass", "fail", "pass", "pass"],  # morpho 1/4, syntax 2/2, overall 3/6
}
#: The success rates (pass / items) the charts must show.
RATES = {
    ("alpha", "overall"): 4 / 6, ("beta", "overall"): 3 / 6,
    ("alpha", "morpho"): 3 / 4, ("beta", "morpho"): 1 / 4,
    ("alpha", "syntax"): 1 / 2, ("beta", "syntax"): 2 / 2,
    ("alpha", "M1"): 1.0, ("beta", "M1"): 0.0, ("alpha", "M2"): 1 / 2, ("beta", "M2"): 1 / 2,
    ("alpha", "S1"): 1 / 2, ("beta", "S1"): 1.0,
}
TITLES = {"morpho": "Morpho-syntactic", "syntax": "Syntactic", "M1": "Agreement", "M2": "Mood", "S1": "Questions"}


def known_runs(*, output_of: dict[tuple[str, str], str] | None = None,
               titles: dict[str, str] | None = None) -> list[Run]:
    """The runs of systems alpha and beta on suite ``demo`` (``titles`` replace some of :data:`TITLES`)."""
    title = {**TITLES, **(titles or {})}
    results = []
    for system_position, (system, outcomes) in enumerate(OUTCOMES.items()):
        for position, ((item, category, subcategory), outcome) in enumerate(zip(ITEMS, outcomes)):
            output = (output_of or {}).get((system, item), f"sortie de {system} pour {item}")
            decided = DecidedBy.NONE if outcome == "review" else DecidedBy.CHECKER
            judgement = Judgement(suite="demo", system=system, item=item, category=category, subcategory=subcategory,
                                  output=output, outcome=Outcome(outcome), decided_by=decided,
                                  reason=f"reason {outcome} {item}")
            results.append(ItemResult.of(
                judgement, suite_title="Demo suite", judge="auto+human", position=position,
                system_position=system_position, category_title=title[category], subcategory_title=title[subcategory],
                question=f"Is {item} right?", source=f"source of {item}", reference=f"référence de {item}"))
    return build_runs(results)
