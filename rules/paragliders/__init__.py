"""Paragliders: terrain, tokens, component set, board layout and maps (rules engine to come)."""

GAME = "paragliders"
