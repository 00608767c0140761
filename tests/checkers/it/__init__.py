"""Tests of entity_gender's Italian reading (``pytest_mtchallenge/checkers/it/``)."""
