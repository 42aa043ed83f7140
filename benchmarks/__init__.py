"""skyhex's benchmark suite: every figure measured against an anchor in the same process
(python-chess, the reference for a typed pure-Python game engine), as a ratio, with the CPU
time it took, so that the figures hold on a loaded machine.

Run the whole table with ``python -m benchmarks`` (``--quick`` for a short run, ``--only
NAME`` for one group); ``docs/performance.md`` keeps the latest table. python-chess comes with
the ``bench`` extra: ``pip install -e '.[bench]'``.
"""
