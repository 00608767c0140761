"""Snapshot every system's per-item outcome on the bundled suites (and the DFKI files and the ctxpro sets,
read by the French families, when present), to show that a change of the code leaves judgements as they were.

    python tools/outcome_snapshot.py snapshot OUT.json              # run the suites, write the outcomes
    python tools/outcome_snapshot.py snapshot OUT.json --only TEXT  # only the runs whose --mt-suite holds TEXT
    python tools/outcome_snapshot.py diff BEFORE.json AFTER.json
    python tools/outcome_snapshot.py snapshot OUT.json --reports DIR  # keep every JSON report in DIR
    python tools/outcome_snapshot.py reports-diff BEFORE_DIR AFTER_DIR  # the JSON reports, byte by byte

``reports-diff`` compares the kept reports of two revisions: a report is identical, or each item that
differs is counted as a changed verdict (its outcome or ``decided_by`` moved: a change of behaviour, not
of the JSON) or by the fields that differ while the verdict stayed (a change of the JSON itself).
Dates are the only fields a report may change run to run; the report holds none today, and any field
named in ``DATED`` is ignored.

Each run uses every recorded system plus the reference, under each judge mode; the snapshot keys
are ``suite|system|judge|item`` and the values ``outcome|decided_by``.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DFKI = ROOT.parent / "shared" / "external" / "dfki-mt-testsuite"
CTXPRO = ROOT.parent / "shared" / "external" / "ctxpro-en-fr" / "paper" / "jsons"


def _suites() -> list[list[str]]:
    runs = [["--mt-suite=isabelle2017-en-fr"], ["--mt-suite=isabelle-kuhn2018-fr-en"]]
    extra = sorted(p.name for p in (ROOT / "suites").iterdir() if (p / "suite.yaml").is_file())
    for name in extra:
        if ["--mt-suite=" + name] not in runs:
            runs.append(["--mt-suite=" + name])
    for name in ("de-en.items.json", "en-de.items.json"):
        if (DFKI / name).is_file():
            runs.append([f"--mt-suite={DFKI / name}"])
    sets = [CTXPRO / f"{name}.opensubtitles.en-fr.test.json" for name in ("mini.formality", "auxiliary")]
    if all(path.is_file() for path in sets):
        runs.append([f"--mt-suite=ctxpro:{path}" for path in sets])
    return runs


DATED = frozenset({"created", "date", "started", "finished", "duration"})


def _report_name(suite_args: list[str], judge: str) -> str:
    names = "+".join(Path(arg.split("=", 1)[1].split(":", 1)[-1]).name for arg in suite_args)
    return f"{names}.{judge}.json"


def snapshot(out: Path, only: str = "", reports: Path | None = None) -> None:
    outcomes: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for suite_args in _suites():
            if only not in " ".join(suite_args):
                continue
            for judge in ("auto", "human", "auto+human"):
                report = Path(tmp) / "report.json"
                args = [sys.executable, "-m", "pytest", "-q", "--tb=no", "-p", "no:cacheprovider", "--mt-no-cache",
                        *suite_args, "--mt-system=recorded:*", "--mt-system=reference", f"--mt-judge={judge}",
                        "--mt-report-only", f"--mt-report={report}", "-o", "addopts="]
                report.unlink(missing_ok=True)  # a run that writes none must not be read as the previous run's
                done = subprocess.run(args, cwd=tmp, capture_output=True, text=True)
                if not report.exists():
                    sys.exit(f"{' '.join(suite_args)} {judge}: no report (exit {done.returncode})\n{done.stdout[-2000:]}")
                if reports is not None:
                    reports.mkdir(parents=True, exist_ok=True)
                    (reports / _report_name(suite_args, judge)).write_bytes(report.read_bytes())
                for run in json.loads(report.read_text(encoding="utf-8"))["runs"]:
                    for item in run["items"]:
                        key = f"{run['suite']}|{run['system']}|{judge}|{item['id']}"
                        outcomes[key] = f"{item['outcome']}|{item['decided_by']}"
                print(f"{' '.join(suite_args)} {judge}: {len(outcomes)} outcomes so far", file=sys.stderr)
    out.write_text(json.dumps(outcomes, indent=0, sort_keys=True, ensure_ascii=False), encoding="utf-8")


def diff(before: Path, after: Path) -> int:
    old = json.loads(before.read_text(encoding="utf-8"))
    new = json.loads(after.read_text(encoding="utf-8"))
    changed = sorted(k for k in old.keys() & new.keys() if old[k] != new[k])
    missing, added = sorted(old.keys() - new.keys()), sorted(new.keys() - old.keys())
    for key in changed:
        print(f"changed {key}: {old[key]} -> {new[key]}")
    for key in missing:
        print(f"missing {key}")
    for key in added:
        print(f"added {key}")
    print(f"{len(old)} before, {len(new)} after: {len(changed)} changed, {len(missing)} missing, {len(added)} added")
    return 1 if changed or missing else 0


def _undated(value: object) -> object:
    if isinstance(value, dict):
        return {k: _undated(v) for k, v in value.items() if k not in DATED}
    if isinstance(value, list):
        return [_undated(v) for v in value]
    return value


def reports_diff(before: Path, after: Path) -> int:
    """Compare the JSON reports kept by two snapshots; 1 when a report differs other than by verdicts."""
    old_names = {p.name for p in before.glob("*.json")}
    new_names = {p.name for p in after.glob("*.json")}
    identical = verdicts = json_changes = 0
    fields: dict[str, int] = {}
    for name in sorted(old_names - new_names):
        print(f"missing report {name}")
    for name in sorted(old_names & new_names):
        old_bytes, new_bytes = (before / name).read_bytes(), (after / name).read_bytes()
        old, new = _undated(json.loads(old_bytes)), _undated(json.loads(new_bytes))
        if old_bytes == new_bytes or old == new and json.dumps(old) == json.dumps(new):
            identical += 1
            continue
        old_items = {(r["suite"], r["system"], i["id"]): i for r in old["runs"] for i in r["items"]}
        new_items = {(r["suite"], r["system"], i["id"]): i for r in new["runs"] for i in r["items"]}
        report_fields: dict[str, int] = {}
        for key in old_items.keys() | new_items.keys():
            a, b = old_items.get(key), new_items.get(key)
            if a == b and list(a or ()) == list(b or ()):
                continue
            if a is None or b is None:
                report_fields["(item missing or added)"] = report_fields.get("(item missing or added)", 0) + 1
            elif (a["outcome"], a["decided_by"]) != (b["outcome"], b["decided_by"]):
                verdicts += 1
            else:
                names = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k)) or ["(key order)"]
                for field in names:
                    report_fields[field] = report_fields.get(field, 0) + 1
        rest_old = {k: v for k, v in old.items() if k != "runs"}
        rest_new = {k: v for k, v in new.items() if k != "runs"}
        if rest_old != rest_new:
            report_fields["(report header)"] = 1
        for field, count in report_fields.items():
            json_changes += count
            fields[field] = fields.get(field, 0) + count
        print(f"{name}: differs ({sum(report_fields.values())} item fields, the rest verdicts)")
    for field, count in sorted(fields.items(), key=lambda kv: -kv[1]):
        print(f"  field {field}: {count} items")
    print(f"{len(old_names & new_names)} reports: {identical} identical; {verdicts} items with a changed verdict; "
          f"{json_changes} item fields changed with the verdict unchanged; {len(old_names - new_names)} missing")
    return 1 if json_changes or old_names - new_names else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "snapshot":
        snapshot(Path(sys.argv[2]))
    elif len(sys.argv) == 5 and sys.argv[1] == "snapshot" and sys.argv[3] == "--only":
        snapshot(Path(sys.argv[2]), only=sys.argv[4])
    elif len(sys.argv) == 5 and sys.argv[1] == "snapshot" and sys.argv[3] == "--reports":
        snapshot(Path(sys.argv[2]), reports=Path(sys.argv[4]))
    elif len(sys.argv) == 4 and sys.argv[1] == "reports-diff":
        sys.exit(reports_diff(Path(sys.argv[2]), Path(sys.argv[3])))
    elif len(sys.argv) == 4 and sys.argv[1] == "diff":
        sys.exit(diff(Path(sys.argv[2]), Path(sys.argv[3])))
    else:
        sys.exit(__doc__)
