"""Headless core of the 10-ball referee desk: rules, match log, exports, CLI.

Nothing in this package imports Qt, so every rule and every file format can be
tested and used without a display.
"""

__version__ = "0.1.0"
