"""English function words: what marks a text as English (articles, pronouns, auxiliaries, prepositions)."""
from __future__ import annotations

STOP_WORDS = frozenset("""
the a an this that these those and or but if because while although though of to in on at by for with
from into onto about over under after before between through without within during since until than
i you he she it we they me him her us them my your his its our their mine yours hers ours theirs
myself yourself himself herself itself ourselves themselves who whom whose which what where when why how
is are was were be been being am has have had having do does did done will would shall should can could
may might must not no yes there here also very too so just only even still already yet again then
all any some each every both either neither none nothing something anything everything someone anyone
isn't aren't wasn't weren't don't doesn't didn't won't wouldn't can't couldn't shouldn't haven't hasn't
i'm you're he's she's it's we're they're i've you've we've they've i'll you'll he'll she'll we'll they'll
let's that's there's what's
""".split())

#: Complex prepositions and conjunctions: phrases that work as one function word, so that none of their words
#: (*front* of *in front of*, *order* of *in order to*) is read as a content word.
STOP_PHRASES = frozenset("""
because of|instead of|in front of|in spite of|according to|as well as|in order to|in order that|so that|
as soon as|even though|even if|rather than|thanks to|apart from|in case|as long as|as far as|
in addition to|by means of|on behalf of|on top of|next to|out of|away from|ahead of|regardless of|
as if|as though|now that|provided that|in the middle of|by the time|owing to|prior to|up to
""".replace("\n", "").split("|"))
