"""The compiled Sudoku solver (``solver``): loaded only by the commands that use it."""
