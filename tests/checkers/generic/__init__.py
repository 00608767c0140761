"""Tests of the families for any target language (``pytest_mtchallenge/checkers/generic/``)."""
