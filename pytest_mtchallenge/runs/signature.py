"""A run's signature: what produced its judgements, formatted for people and parsed back to compare runs."""
from __future__ import annotations

from dataclasses import dataclass

#: The fields that must agree for two runs to be compared like for like (system and version may differ).
COMPARABLE_FIELDS = ("suite", "suite-hash", "checkers", "lexicon", "verdicts-hash", "judge", "triage")


@dataclass(frozen=True, slots=True)
class RunSignature:
    """sacrebleu-style signature of a (suite, system) run:
    ``suite:NAME|suite-hash:H|checkers:FAMILY@V,…|lexicon:PACK…|verdicts-hash:H|judge:MODE|system:ID|version:V``
    (one ``lexicon:`` part per language pack the suite's families read, none when they read none; a
    ``triage:MODEL@THRESHOLD`` part after ``judge:`` when the run had the semantic triage)."""

    suite: str = ""
    suite_hash: str = ""
    checkers: str = ""
    lexicons: tuple[str, ...] = ()
    verdicts_hash: str = "none"
    judge: str = ""
    system: str = ""
    version: str = ""
    triage: str = ""

    def format(self) -> str:
        return "|".join([
            f"suite:{self.suite}", f"suite-hash:{self.suite_hash}", f"checkers:{self.checkers}",
            *(f"lexicon:{lexicon}" for lexicon in self.lexicons),
            f"verdicts-hash:{self.verdicts_hash}", f"judge:{self.judge}",
            *((f"triage:{self.triage}",) if self.triage else ()), f"system:{self.system}",
            f"version:{self.version}",
        ])

    def __str__(self) -> str:
        return self.format()

    @classmethod
    def parse(cls, text: str) -> RunSignature:
        """A signature read back from its text (a saved run's); a part it does not know is ignored,
        a missing one is empty."""
        found: dict[str, str] = {}
        lexicons: list[str] = []
        for part in text.split("|"):
            key, sep, value = part.partition(":")
            if not sep:
                continue
            if key == "lexicon":
                lexicons.append(value)
            else:
                found[key] = value
        return cls(suite=found.get("suite", ""), suite_hash=found.get("suite-hash", ""),
                   checkers=found.get("checkers", ""), lexicons=tuple(lexicons),
                   verdicts_hash=found.get("verdicts-hash", ""), judge=found.get("judge", ""),
                   system=found.get("system", ""), version=found.get("version", ""),
                   triage=found.get("triage", ""))

    def field(self, name: str) -> str:
        """A field by its name in the text (``suite-hash``); ``?`` when the text had none."""
        value = {"suite": self.suite, "suite-hash": self.suite_hash, "checkers": self.checkers,
                 "lexicon": self.lexicons[-1] if self.lexicons else "", "verdicts-hash": self.verdicts_hash,
                 "judge": self.judge, "system": self.system, "version": self.version, "triage": self.triage}[name]
        if name == "lexicon" and len(self.lexicons) > 1:
            value = ",".join(self.lexicons)
        return value or "?"

    def differences(self, baseline: RunSignature) -> tuple[str, ...]:
        """Where this run differs from ``baseline`` in what makes runs comparable, as ``field: before → now``."""
        return tuple(f"{name}: {baseline.field(name)} → {self.field(name)}" for name in COMPARABLE_FIELDS
                     if self.field(name) != baseline.field(name))

    def comparable_with(self, baseline: RunSignature) -> bool:
        return not self.differences(baseline)


def parse_signature(signature: str) -> dict[str, str]:
    """``suite:x|suite-hash:y|…`` → ``{"suite": "x", "suite-hash": "y", …}`` (the last part of a
    repeated name wins)."""
    fields: dict[str, str] = {}
    for part in signature.split("|"):
        key, sep, value = part.partition(":")
        if sep:
            fields[key] = value
    return fields


__all__ = ["COMPARABLE_FIELDS", "RunSignature", "parse_signature"]
