"""Generic searches over any problem: nothing here knows a puzzle."""
