"""Tests of the English families (``pytest_mtchallenge/checkers/en/``)."""
