"""Tests of entity_gender's Spanish reading (``pytest_mtchallenge/checkers/es/``)."""
