"""skyhex: generate, check, replay and print flying-themed hex board games.

The library is ``skyhex.games`` (see docs/library.md); the command line is ``skyhex`` or
``python -m skyhex``. The version is the rules engine's: logs and maps record it.
"""

from skyhex.rules import __version__

__all__ = ["__version__"]
