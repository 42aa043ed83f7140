"""Balmy Balloonists's own JSON Schemas: its events, moves-file entries, maps, scenarios and what else its
files hold, each joined to the shared envelope of its kind (``skyhex.schemas``) by ``$ref``.
Its ``GameEntry`` names this package (``schemas=``)."""
