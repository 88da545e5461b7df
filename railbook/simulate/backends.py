"""Where a study's games are played: here, in a pool of worker processes, or on a Ray cluster.

A backend takes tasks and yields their rows as they finish, in any order (the results file
sorts them). Every task is a pure function of itself, so the rows are the same whatever the
backend or the number of workers. Stopping (Ctrl-C) ends the workers and loses only the
games being played at that moment.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import signal
from typing import Any, Callable, Iterator, Sequence, TypeVar

from railbook.errors import StudyError
from railbook.simulate.study import GameTask
from railbook.simulate.task import run_task

BACKENDS = ("process", "ray")

T = TypeVar("T")
R = TypeVar("R")


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the study, which ends the pool itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def in_workers(play: Callable[[T], R], tasks: Sequence[T], workers: int) -> Iterator[R]:
    """``play`` of each task as it finishes, in any order: in this process for one worker, else in a
    pool of fresh processes (``play`` a module-level function, the tasks picklable)."""
    if workers <= 1 or len(tasks) <= 1:
        yield from map(play, tasks)
        return
    context = multiprocessing.get_context("spawn")   # fresh interpreters: nothing of this one leaks into a game
    with context.Pool(min(workers, len(tasks)), initializer=_ignore_interrupts, maxtasksperchild=200) as pool:
        yield from pool.imap_unordered(play, tasks, chunksize=1)
        # leaving the block (finished, interrupted or failed) terminates the workers


def process_rows(tasks: list[GameTask], workers: int) -> Iterator[dict[str, Any]]:
    """The games on this machine (:func:`in_workers`)."""
    return in_workers(run_task, tasks, workers)


def check_backend(backend: str) -> None:
    """Refuse, before the title is compiled or a game played, a backend whose extra is missing."""
    if backend == "ray":
        import importlib.util

        if importlib.util.find_spec("ray") is None:
            raise StudyError("the ray backend needs Ray: pip install 'railbook[cluster]'")


def ray_rows(tasks: list[GameTask], workers: int, address: str | None) -> Iterator[dict[str, Any]]:
    """The games as Ray tasks: on the cluster at ``address`` (whose nodes have this railbook installed),
    or on a Ray instance started here for the study, on the loopback address, with ``workers`` CPUs.

    A few tasks per CPU are in flight at a time (not the whole study), so a study of any size waits
    cheaply for its next row and stopping it cancels only those few."""
    try:
        import ray
    except ImportError:
        raise StudyError("the ray backend needs Ray: pip install 'railbook[cluster]'") from None
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address:
                ray.init(address=address, **options)
            else:
                # Ray lowers its workers' priority (nice 15) for a cluster's sake; a study started here
                # runs its workers like the process pool's
                os.environ.setdefault("RAY_worker_niceness", "0")
                ray.init(num_cpus=max(1, workers), _node_ip_address="127.0.0.1", **options)
        except Exception as exc:   # Ray says "timed out during startup" and the like with a bare Exception
            raise StudyError(f"Ray did not start{' at ' + address if address else ''}: "
                             f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    remote = ray.remote(num_cpus=1, max_retries=2)(run_task)
    cpus = int(ray.cluster_resources().get("CPU", 1)) if address else max(1, workers)
    window = 2 * max(1, cpus)
    queue = iter(tasks)
    pending = [remote.remote(task) for task in itertools.islice(queue, window)]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            pending += [remote.remote(task) for task in itertools.islice(queue, 1)]
            yield ray.get(done[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()


def rows(tasks: list[GameTask], backend: str = "process", workers: int = 1,
         address: str | None = None) -> Iterator[dict[str, Any]]:
    if backend == "process":
        if address:
            raise StudyError("--address names a Ray cluster: use it with --backend ray")
        return process_rows(tasks, workers)
    if backend == "ray":
        return ray_rows(tasks, workers, address)
    raise StudyError(f"unknown backend {backend!r}; railbook has: {', '.join(BACKENDS)}")
