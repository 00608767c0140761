"""Tests of the French families and entity_gender's French reading (``pytest_mtchallenge/checkers/fr/``)."""
