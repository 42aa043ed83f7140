"""Turbulences: a landscape of 37 tiles, six regions with three cities each, clouds blown
by the Wind Rose (rules engine to come)."""

GAME = "turbulences"
