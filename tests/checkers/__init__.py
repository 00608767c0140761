"""Tests of the checker families, one folder per language pack as in ``pytest_mtchallenge/checkers/``, and the helpers they share."""
