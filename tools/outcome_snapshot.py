"""Snapshot every system's per-item outcome on the bundled suites (and the DFKI files and the ctxpro sets,
read by the French families, when present), to show that a change of the code leaves judgements as they were.

    python tools/outcome_snapshot.py snapshot OUT.json              # run the suites, write the outcomes
    python tools/outcome_snapshot.py snapshot OUT.json --only TEXT  # only the runs whose --mt-suite holds TEXT
    python tools/outcome_snapshot.py diff BEFORE.json AFTER.json

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


def snapshot(out: Path, only: str = "") -> None:
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


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "snapshot":
        snapshot(Path(sys.argv[2]))
    elif len(sys.argv) == 5 and sys.argv[1] == "snapshot" and sys.argv[3] == "--only":
        snapshot(Path(sys.argv[2]), only=sys.argv[4])
    elif len(sys.argv) == 4 and sys.argv[1] == "diff":
        sys.exit(diff(Path(sys.argv[2]), Path(sys.argv[3])))
    else:
        sys.exit(__doc__)
