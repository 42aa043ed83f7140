"""Game rules and packaged component data: pure, typed, free of I/O beyond this package's own
data files, and free of heavy imports (no networkx, no SVG, no CLI)."""

__version__ = "0.1.0"
