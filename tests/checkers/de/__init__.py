"""Tests of entity_gender's German reading (``pytest_mtchallenge/checkers/de/``)."""
