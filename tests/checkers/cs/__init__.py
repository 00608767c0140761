"""Tests of the Czech families (``pytest_mtchallenge/checkers/cs/``)."""
