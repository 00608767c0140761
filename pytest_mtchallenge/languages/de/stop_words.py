"""German function words: what marks a text as German (articles, pronouns, auxiliaries, prepositions)."""
from __future__ import annotations

STOP_WORDS = frozenset("""
der die das den dem des ein eine einen einem einer eines kein keine keinen keinem keiner
und oder aber denn sondern weil dass daß wenn ob als wie wo wann warum was wer wen wem wessen
ich du er sie es wir ihr mich dich sich uns euch mir dir ihm ihnen mein meine dein deine sein seine
unser unsere euer eure ihre
ist sind war waren bin bist seid sein gewesen hat habe hast haben hatte hatten gehabt wird werden wurde
wurden worden kann können konnte konnten muss müssen musste soll sollen sollte will wollen wollte darf dürfen
mag möchte
nicht nichts auch noch schon sehr nur hier dort da dann doch ja nein so zu zum zur im ins am vom beim
in an auf aus bei mit nach von vor über unter zwischen durch für gegen ohne um bis seit während wegen trotz
dieser diese dieses diesen diesem jeder jede jedes alle allem allen man
""".split())
