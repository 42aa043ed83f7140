"""Turbulences: a landscape of 37 tiles, six regions with three cities each, clouds blown
by the Wind Rose, aircraft carrying parcels between companies' airports (CLASSIC mode; the
team modes, scenario files and replay are still to come)."""

GAME = "turbulences"
