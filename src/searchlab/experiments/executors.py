"""Where trials run: this process, a pool of local worker processes, or a Dask cluster.

Everything is a ``concurrent.futures.Executor``, so the code that hands out work does
not care which. Dask is an optional extra (``pip install searchlab[cluster]``) and is
imported only when ``--cluster`` asks for it. A Dask ``LocalCluster`` spawns workers
that re-import ``__main__``, so it is started here, called from the CLI's entry
function, never at import time.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

from searchlab.core.errors import InputError
from searchlab.core.options import Option

P = ParamSpec("P")
T = TypeVar("T")

CLUSTER_EXTRA = "pip install 'searchlab[cluster]'"
# Seconds to wait for an existing Dask scheduler to answer before giving up.
CONNECT_TIMEOUT = 10.0

JOBS = Option(
    "jobs",
    "int",
    "worker processes (default: every core; 1 runs in this process); on a local Dask "
    "cluster, its workers",
    low=1,
    high=1024,
    metavar="J",
)
CLUSTER = Option(
    "cluster",
    "text",
    "run the trials on a Dask cluster: a scheduler's address (tcp://HOST:PORT), or "
    "local to start one for the run; needs the extra searchlab[cluster], and searchlab "
    "on every remote worker",
    metavar="ADDRESS|local",
)


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def check_jobs(jobs: int | None) -> int:
    """``jobs`` as a worker count (None: all cores); fewer than 1 is an InputError."""
    if jobs is None:
        return default_jobs()
    checked: int = JOBS.parse(jobs)
    return checked


def check_cluster(cluster: str | None) -> str | None:
    """``local``, ``HOST:PORT`` or ``SCHEME://HOST:PORT``; anything else is an InputError."""
    if cluster is None or cluster == "local":
        return cluster
    address = cluster if "://" in cluster else f"tcp://{cluster}"
    scheme, _, rest = address.partition("://")
    host, _, port = rest.rpartition(":")
    if not scheme or not host or not port.isdigit():
        raise InputError(
            f"cluster takes 'local' or a scheduler address like tcp://HOST:8786, not {cluster!r}",
            field="cluster",
        )
    return address


class SerialExecutor(Executor):
    """Runs each task at once, in this process: ``--jobs 1`` without process start-up
    or pickling, and with the same code path as the parallel executors."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # handed to the caller through the future, as a pool would
            future.set_exception(error)
        return future


# How often a worker's watchdog looks for its parent, in seconds.
WATCHDOG_SECONDS = 1.0
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def _worker_setup(parent: int, from_main_thread: bool) -> None:
    """Worker initializer. Ctrl-C is the parent's to handle (a worker that got it too
    would print a traceback of its own); and a worker dies with the run that started it,
    even one killed with SIGKILL, which can clean nothing up: on Linux the kernel sends
    it SIGKILL when its parent dies, and everywhere a thread watches for the parent.
    (The kernel's signal comes when the *thread* that started the worker ends: asked
    for only when that is the main thread, which lasts as long as the process.)"""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if from_main_thread:
        _die_with_parent()
    threading.Thread(
        target=_watch_parent, args=(parent, os.getppid()), name="parent-watchdog", daemon=True
    ).start()


def _die_with_parent() -> None:
    """Linux: ask the kernel for SIGKILL when the parent process ends (elsewhere, or
    without libc: nothing, the watchdog does it)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return


def _watch_parent(parent: int, started_under: int) -> None:
    """End this worker once the run's process is gone: it is no longer this process's
    parent (an orphan is adopted by another), or it no longer exists."""
    while True:
        time.sleep(WATCHDOG_SECONDS)
        if os.getppid() != started_under or not _alive(parent):
            os._exit(1)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, but is not ours to signal
        return True
    return True


class WorkerPool:
    """An executor plus what the trial runner needs around it: how many workers it has,
    and a way to replace a local process pool that broke because a worker died."""

    def __init__(self, jobs: int | None = None, cluster: str | None = None) -> None:
        self.cluster = check_cluster(cluster)
        self.jobs = check_jobs(jobs)
        self._client: Any = None
        self._local_cluster: Any = None
        self.executor: Executor
        if self.cluster is None:
            self.kind = "serial" if self.jobs == 1 else "processes"
            self.executor = self._new_local()
        else:
            self.kind = "dask"
            self.executor = self._connect(self.cluster)

    @property
    def workers(self) -> int:
        """How many tasks can run at once."""
        if self._client is not None:
            try:
                threads = self._client.nthreads()
                return max(1, int(sum(threads.values())))
            except Exception:  # a scheduler that does not answer: any positive guess will do
                return self.jobs
        return self.jobs

    @property
    def description(self) -> str:
        if self.kind == "serial":
            return "1 process (this one)"
        if self.kind == "processes":
            return f"{self.jobs} worker processes"
        where = "a local Dask cluster" if self.cluster == "local" else f"Dask at {self.cluster}"
        return f"{where} ({self.workers} workers)"

    def _new_local(self) -> Executor:
        if self.jobs == 1:
            return SerialExecutor()
        return ProcessPoolExecutor(
            max_workers=self.jobs,
            initializer=_worker_setup,
            initargs=(os.getpid(), threading.current_thread() is threading.main_thread()),
        )

    def _connect(self, cluster: str) -> Executor:
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            raise InputError(
                f"cluster needs Dask, an optional extra: {CLUSTER_EXTRA}", field="cluster"
            ) from None
        if cluster == "local":
            try:
                self._local_cluster = LocalCluster(  # type: ignore[no-untyped-call]
                    n_workers=self.jobs,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=50,  # logging.CRITICAL: the command speaks for itself
                )
                self._client = Client(self._local_cluster)  # type: ignore[no-untyped-call]
            except Exception as error:
                self.close()
                raise InputError(
                    f"could not start a local Dask cluster: {_one_line(error)}", field="cluster"
                ) from None
        else:
            try:
                self._client = Client(cluster, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
            except Exception as error:
                raise InputError(
                    f"cannot reach the Dask scheduler at {cluster}: {_one_line(error)}",
                    field="cluster",
                ) from None
        executor: Executor = self._client.get_executor(pure=False)
        return executor

    def renew(self) -> Executor:
        """A fresh local process pool in place of one a dead worker broke."""
        if self.kind != "processes":
            raise RuntimeError("only a local process pool can be renewed")
        self.abort()
        self.executor = self._new_local()
        return self.executor

    def abort(self) -> None:
        """Stop now: drop queued tasks and end the worker processes mid-task."""
        executor = self.executor
        if isinstance(executor, ProcessPoolExecutor):
            processes = list((executor._processes or {}).values())
            executor.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                if process.is_alive():
                    process.terminate()
            for process in processes:
                process.join(timeout=5)
        elif self._client is not None:
            executor.shutdown(wait=False)

    def close(self) -> None:
        """Release the workers (and stop a LocalCluster this pool started)."""
        try:
            if self._client is None:
                self.executor.shutdown(wait=True)
        finally:
            if self._client is not None:
                self._client.close()
                self._client = None
            if self._local_cluster is not None:
                self._local_cluster.close()
                self._local_cluster = None


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


@contextmanager
def worker_pool(jobs: int | None = None, cluster: str | None = None) -> Iterator[WorkerPool]:
    """A WorkerPool, closed on the way out (also on Ctrl-C, which ends its workers)."""
    pool = WorkerPool(jobs, cluster)
    try:
        yield pool
    except BaseException:
        pool.abort()
        raise
    finally:
        pool.close()


@contextmanager
def executor_for(jobs: int | None = None, cluster: str | None = None) -> Iterator[Executor]:
    """The executor for ``--jobs J`` / ``--cluster ADDRESS|local``, cleaned up on exit.

    ``cluster=None``: ``jobs`` local processes (None: all cores; 1: this process).
    ``cluster="local"``: a Dask LocalCluster of ``jobs`` single-threaded workers, started
    here and stopped on exit. ``cluster="tcp://HOST:PORT"``: an existing Dask scheduler.
    Bad values, a missing Dask or an unreachable scheduler raise InputError.
    """
    with worker_pool(jobs, cluster) as pool:
        yield pool.executor
