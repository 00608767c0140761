"""Readings of German outputs by the families that judge German (the entity_gender family's German side)."""
