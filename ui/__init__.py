"""The PySide6 desk: turns presses into events for the core and shows its state."""
