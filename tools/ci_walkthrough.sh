#!/usr/bin/env bash
# docs/ci.md's walkthrough in a fresh virtual environment: install this checkout, then run the
# documented commands verbatim in an empty directory.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet "$repo"
block=$(python3 -c "import re,sys; t=open(sys.argv[1]).read().split('## Walkthrough',1)[1]; print(re.search(r'\`\`\`sh\n(.*?)\`\`\`', t, re.S).group(1))" "$repo/docs/ci.md")
cd "$work" && PATH="$work/venv/bin:$PATH" bash -c "$block"
