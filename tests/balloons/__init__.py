"""Tests of Balmy Balloonists that belong to the game alone."""
