"""The collector settings of the long-running bot process.

A full collection walks every object the process holds; with the modules, the games and the
libraries loaded that took 60 to 160 ms on the 2-core machine, long enough to hold up a page's
update or a button's answer. Once start-up is done, what exists is frozen out of those walks
(``gc.freeze``: it is never collected, it lives as long as the process anyway), and the young
generation gets room for the short-lived objects of one change (a page's scene, its JSON), so they
die before they are ever promoted and full collections come rarely and are short.
"""

from __future__ import annotations

import gc

#: allocations between young collections (CPython's default is 700)
YOUNG = 10_000


def settle() -> None:
    """Call once, after start-up."""
    gc.collect()
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
