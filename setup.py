"""Package discovery: every package under ``pytest_mtchallenge/`` is found, plus the bundled ``suites/``
folder shipped as ``pytest_mtchallenge.suites``. The rest of the configuration is in pyproject.toml;
this file exists because ``[tool.setuptools.packages.find]`` cannot ship a folder under another
package's name (``package-dir`` maps it, ``find`` would only call it ``suites``)."""
from __future__ import annotations

from setuptools import find_packages, setup


def packages() -> list[str]:
    """The packages the wheel ships."""
    return [*find_packages(include=["pytest_mtchallenge", "pytest_mtchallenge.*"]), "pytest_mtchallenge.suites"]


if __name__ == "__main__":
    setup(packages=packages())
