"""Tests of Paragliders that belong to the game alone."""
