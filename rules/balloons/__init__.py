"""Balmy Balloonists: a balloon race counter-clockwise around the globe, in lanes between the
Polar Vortex and the Equatorial Doldrums, driven by Local Wind, Quadrant, Misfortune and
Advantage cards (rules fragment in ``shared/rulebooks/balloon-race-rules-fragment.txt``;
what the fragment leaves open is decided in ``docs/rules-notes.md``)."""

GAME = "balloons"
