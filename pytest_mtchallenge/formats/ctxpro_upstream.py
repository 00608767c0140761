"""ctxpro sets judged by ctxpro's own rule: ``ctxpro-upstream:PATH`` (stated only, never detected)."""
from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path

from pytest_mtchallenge.formats.ctxpro import ParamValidator, load_ctxpro
from pytest_mtchallenge.model import Suite

NAME = "ctxpro-upstream"


def looks_like(path: Path) -> bool:
    """Never: the same files are detected as ``ctxpro``; this reading is chosen by naming it."""
    return False


def load(path: Path, *, checkers: Mapping[str, type] | Collection[str] | None = None,
         validate_params: ParamValidator | None = None) -> Suite:
    """Every rule judged by ``ctxpro-expected``, document-mode outputs cut as ``ctxpro score`` cuts them:
    the report's rates are ctxpro's scores."""
    return load_ctxpro(path, upstream=True, checkers=checkers, validate_params=validate_params)
