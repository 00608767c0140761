"""python -m pytest_mtchallenge: the mtchallenge command."""
from __future__ import annotations

from pytest_mtchallenge.cli import main

raise SystemExit(main())
