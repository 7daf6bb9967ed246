"""Many runs of a search, summarised: trials, tables, plots, and the executors that
spread them over local processes or a Dask cluster.

Submodules are imported by the commands that need them (numba, matplotlib and Dask are
heavy); this package itself imports nothing.
"""
