"""``python -m skyhex``: the ``skyhex`` command."""

from skyhex.cli import main

if __name__ == "__main__":
    main()
