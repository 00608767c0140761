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

#: Complex prepositions and conjunctions: phrases that work as one function word, so that none of their words
#: (*partir* of *à partir de*, *train* of *en train de*, *cause* of *à cause de*) is read as a content word.
STOP_PHRASES = frozenset("""
à partir de|à partir d'|en train de|en train d'|au lieu de|au lieu d'|à cause de|à cause d'|grâce à|au cours de|
au cours d'|afin de|afin d'|afin que|au sein de|au sein d'|en dépit de|à l'égard de|vis-à-vis de|quant à|lors de|
lors d'|au moment où|au moment de|tandis que|alors que|bien que|pour que|dès que|tant que|de sorte que|
jusqu'à ce que|à moins que|à moins de|au bout de|au bout d'|à côté de|à côté d'|en face de|en face d'|
au-dessus de|au-dessous de|autour de|autour d'|auprès de|auprès d'|à travers|le long de|le long d'|
au milieu de|au milieu d'|au lieu que|de peur que|de crainte que|en raison de|en raison d'|à l'aide de|
à l'aide d'|au fur et à mesure|par rapport à|à propos de|à propos d'|d'après|en vue de|en vue d'|faute de|
faute d'|hormis|sauf|parmi|durant|dès|jusqu'à|jusqu'au|jusqu'aux|aussi longtemps que|tous les deux|
toutes les deux|tous deux|toutes deux
""".replace("\n", "").split("|"))
