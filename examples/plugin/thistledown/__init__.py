"""Thistledown: a race of thistle seeds across a meadow on the wind, a small skyhex game
written as a plugin (``docs/plugins.md`` walks through it).

Each player's tuft of thistledown starts on the meadow's west edge and races for the hedge
on its east edge. A turn plays one gust token from a hidden hand of two (1 to 3 hexes, in
any of the six directions); an updraft carries a tuft one hex further; then the wind of the
round, rolled on a six-faced wind die, drifts it one hex. Thorn bushes stop a flight. The
race lasts a fixed number of rounds; a tuft scores the columns it crossed, and a tuft at the
hedge the rounds it had to spare.
"""

GAME = "thistledown"
"""The game's registry name (its entry point in ``skyhex.games``)."""
