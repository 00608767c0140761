"""The project's test configuration: Hypothesis profiles for local runs and CI, and the loopback server.

pytest loads this file in any run started from the repository root (``testpaths``), a run of the
bundled suites too (``pip install . && pytest --mt-suite=…``), where the test extra and with it
Hypothesis may be absent: the profiles are then simply not registered.
"""
from __future__ import annotations

import os

# rich in sys.modules before any in-process pytester run: pytester restores sys.modules after each run,
# so a rich first imported inside one was imported again by the next, and the report table (holding
# the first rich.style.Style) met a second Style class: "'Style' object has no attribute 'strip'",
# failing whichever tests came after in that worker. The plugin itself still imports rich lazily.
import rich.console  # noqa: F401
import rich.style  # noqa: F401
import rich.table  # noqa: F401
import rich.text  # noqa: F401

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
