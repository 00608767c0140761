"""Spanish function words: what marks a text as Spanish (articles, pronouns, auxiliaries, prepositions)."""
from __future__ import annotations

STOP_WORDS = frozenset("""
el la los las lo un una unos unas del al este esta estos estas ese esa esos esas aquel aquella aquellos aquellas
mi mis tu tus su sus nuestro nuestra nuestros nuestras vuestro vuestra vuestros vuestras
y e o u ni pero sino que porque pues como cuando si aunque mientras donde cuyo cuya quien quienes cual cuales
qué quién cuál cómo dónde cuándo cuánto por para con sin sobre entre hasta desde hacia contra según durante
ante bajo tras de a en
yo tú él ella ello nosotros nosotras vosotros vosotras ellos ellas usted ustedes me te se nos os le les mí ti sí
conmigo contigo consigo
es son era eran fue fueron ser sido siendo soy eres somos está están estaba estaban estar estado estoy
ha han he has hemos había habían haber habría hay hubo tiene tienen tenía tener hizo hace hacer
no sí ya muy más menos también tampoco nunca siempre aquí allí ahí todo toda todos todas otro otra otros otras
algo alguien nadie nada cada mismo misma mismos mismas tan tanto tanta
""".split())
