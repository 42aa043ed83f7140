"""Thistledown's schema files (``GameEntry.schemas``): its maps, scenarios, moves-file
entries and draws, and log events, each joined to skyhex's shared schema of its kind by
``$ref`` (``urn:skyhex:schema:thistledown.KIND``)."""
