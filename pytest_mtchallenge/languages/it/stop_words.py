"""Italian function words: what marks a text as Italian (articles, pronouns, auxiliaries, prepositions)."""
from __future__ import annotations

STOP_WORDS = frozenset("""
il lo la l' i gli le un uno una un' del dello della dell' dei degli delle al allo alla all' ai agli alle
dal dallo dalla dall' dai dagli dalle nel nello nella nell' nei negli nelle sul sullo sulla sull' sui sugli sulle
questo questa questi queste quello quella quelli quelle quel quei quegli quell'
mio mia miei mie tuo tua tuoi tue suo sua suoi sue nostro nostra nostri nostre vostro vostra vostri vostre loro
e ed o oppure né ma però che perché poiché quando se anche mentre dove come cui chi quale quali quanto
di da in con su per tra fra senza verso contro durante dopo prima sopra sotto a ad
io tu lui lei egli ella esso essa noi voi essi esse mi ti si ci vi ne me te se sé
è sono era erano fu furono essere stato stata stati state sarà sarebbe ero sei siamo siete
ha hanno ho hai abbiamo avete aveva avevano avere avuto avrebbe c'è fa fare fatto
non no sì già molto più meno anche mai sempre qui qua lì là tutto tutta tutti tutte altro altra altri altre
qualcosa qualcuno nessuno niente nulla ogni stesso stessa tanto tanta così
""".split())
