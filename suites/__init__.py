"""Challenge suites bundled with pytest-mtchallenge (installed as ``pytest_mtchallenge.suites``)."""
