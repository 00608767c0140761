"""Write the HTML report of the bundled suite and take the screenshot shown in the docs.

    python tools/report_screenshot.py [OUT.png]        # default: docs/report-screenshot.png

Runs ``pytest --mt-suite=isabelle2017-en-fr --mt-report=report.html`` (its three recorded systems,
the default judge) in a temporary folder, then renders the page with headless Chromium
(``apt-get install -y chromium``; another binary with ``MTCHALLENGE_CHROMIUM``).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WIDTH, HEIGHT = 1280, 1000


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "report-screenshot.png"
    chromium = os.environ.get("MTCHALLENGE_CHROMIUM") or next(
        (path for name in ("chromium", "chromium-browser", "google-chrome") if (path := shutil.which(name))), None)
    if chromium is None:
        print("no Chromium: apt-get install -y chromium (or set MTCHALLENGE_CHROMIUM)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="mtchallenge-screenshot-") as folder:
        report = Path(folder) / "report.html"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", folder,
                        "--mt-suite=isabelle2017-en-fr", f"--mt-report={report}", "--mt-report-only"],
                       cwd=folder, env=env, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--user-data-dir={folder}/profile", f"--window-size={WIDTH},{HEIGHT}",
                        f"--screenshot={out.resolve()}", report.as_uri()],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
