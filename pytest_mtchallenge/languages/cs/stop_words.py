"""Czech function words: what marks a text as Czech (conjunctions, prepositions, pronouns, auxiliaries)."""
from __future__ import annotations

STOP_WORDS = frozenset("""
a i ale nebo ani že aby kdyby když protože jestli zda než jako tak také též už již jen ještě
v ve na do z ze s se k ke o u po pro před za nad pod mezi při bez od přes kolem podle proti místo
já ty on ona ono my vy oni ony mě mne mi mně tě tebe ti tobě ho jej jeho mu jemu ji jí je jich jim
nás nám vás vám si sebe sobě můj moje tvůj tvoje náš naše váš vaše její jejich svůj svoje
ten ta to ti ty ta tento tato toto tyto tím tom tomu toho té tu tou který která které kteří co kdo
jsem jsi je jsme jste jsou byl byla bylo byli byly bude budou být není nejsou by bych bychom
ne není nic nikdo nikdy všechno všichni každý
""".split())
