"""French function words: what marks a text as French (articles, pronouns, auxiliaries, prepositions)."""
from __future__ import annotations

STOP_WORDS = frozenset("""
le la les l' un une des du de d' au aux a à ce cet cette ces mon ma mes ton ta tes son sa ses notre nos votre vos
leur leurs et ou mais donc car ni que qu' qui quoi dont où si s' quand comme lorsque puisque parce
je j' tu il elle on nous vous ils elles me m' te t' se lui eux moi toi soi y en ne n' pas plus jamais rien
personne aucun aucune est sont était étaient été être ai as avons avez ont avait avaient avoir suis es sommes êtes
fait faire fut sera seront serait seraient aura auront aurait auraient
dans sur sous avec sans pour par vers chez entre depuis pendant avant après contre selon malgré
très aussi déjà encore toujours ici là puis ensuite alors tout tous toute toutes même mêmes autre autres quel quelle quels quelles
c' ça cela ceci celui celle ceux celles n'est c'est qu'il qu'elle
pourquoi comment combien lequel laquelle lesquels lesquelles quelqu'un quelqu'une quelque quelques chacun chacune
oui non
""".split())
