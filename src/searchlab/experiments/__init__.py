"""Many runs of a search, summarised: one descriptor per experiment (``base``), found
through the ``searchlab.experiments`` entry points (``registry``), and the trials,
tables, plots and executors that spread them over local processes or a Dask cluster.

Submodules are imported by the commands that need them (numba, matplotlib and Dask are
heavy, and the descriptors import none of them); this package itself imports nothing.
"""
