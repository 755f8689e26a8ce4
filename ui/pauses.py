"""What the app has loaded to run, kept out of the garbage collector's full passes.

Python's cyclic collector looks through every object it tracks in its oldest generation every few
minutes: with Qt's bindings, the core and an open tournament loaded, one such pass holds every
thread of the app still for 30-50 ms (measured in bench/phones.py's window). An organizer's window
that phones move on every few seconds is then late to a key, however little its own work is. What
is loaded once the window is open lives as long as the app, so it is frozen (`gc.freeze`): the
full passes look only at what came after. Objects still die by their reference counts as before.
"""

from __future__ import annotations

import gc


def freeze_what_is_loaded() -> None:
    """Collect once, then keep everything alive now out of later full passes (call it once a long-
    lived window is built, not from tests: each would keep its windows' cycles for good)."""
    gc.collect()
    gc.freeze()
