"""The project's test configuration: Hypothesis profiles for local runs and CI, and the loopback server.

pytest loads this file in any run started from the repository root (``testpaths``), a run of the
bundled suites too (``pip install . && pytest --mt-suite=…``), where the test extra and with it
Hypothesis may be absent: the profiles are then simply not registered.
"""
from __future__ import annotations

import os

from tests.loopback import loopback  # noqa: F401 - the fixture of every test that needs an HTTP server

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # only the package is installed: nothing here is needed
    pass
else:
    settings.register_profile("ci", max_examples=200, deadline=None, derandomize=True,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.register_profile("dev", max_examples=100, deadline=None)
    settings.load_profile("ci" if os.environ.get("CI") else "dev")
