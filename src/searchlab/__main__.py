"""``python -m searchlab``: the same command as ``searchlab``."""

from searchlab.cli.main import main

main()
