"""Where a batch's games are played: this machine's processes (``local``) or a Ray cluster.

Both play the same chunks of the same plan with :func:`~whaletable.sim.runner.play_chunk`,
so a game's seats and seeds come from the plan alone (see :mod:`whaletable.sim.runner`)
and either backend gives the same results for the same seed. Ray plays each chunk as a
task; the plan is put in Ray's object store once per batch, a task carries only its
bounds, and its outcomes come back as it finishes (``ray.wait``), so a progress bar moves
while the rest play. Results are put back in index order whatever order the tasks end in.

Ray is the ``cluster`` extra (``pip install 'whaletable[cluster]'``) and is imported only
when a batch asks for it.
"""

from __future__ import annotations

import importlib
import logging
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from types import TracebackType
from typing import Any

import whaletable
from whaletable.core.errors import WhaletableError
from whaletable.sim.runner import (
    AHEAD,
    GameResult,
    Paced,
    Plan,
    Runner,
    gather,
    play_part,
    results_of,
)

LOCAL = "local"
RAY = "ray"
BACKENDS = (LOCAL, RAY)
"""The backends ``--backend`` names; ``local`` is the default."""

EXTRA = "pip install 'whaletable[cluster]'"


class BackendError(WhaletableError):
    """A backend that cannot run here: Ray not installed, or its cluster not reachable."""


def import_ray() -> Any:
    """The ``ray`` module, or a :class:`BackendError` saying which extra installs it.

    Typed as Any: Ray's own type information covers little of what is used here.
    """
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise BackendError(f"--backend ray needs Ray, the cluster extra: {EXTRA}") from None


def source_folder() -> str:
    """The folder this process imported whaletable from (its ``src`` when run from a tree)."""
    return str(Path(whaletable.__file__).resolve().parent.parent)


def runtime_env(address: str | None) -> dict[str, Any]:
    """What Ray's workers need to play this process's whaletable.

    A local Ray puts the folder this process imported whaletable from first on its workers'
    path, so they run the very code the driver does (a source tree's, in tests). A cluster
    elsewhere cannot see that folder: the package is uploaded to it instead (``py_modules``);
    its machines need whaletable's dependencies installed.
    """
    if address is None:
        inherited = os.environ.get("PYTHONPATH")
        path = source_folder() + (os.pathsep + inherited if inherited else "")
        return {"env_vars": {"PYTHONPATH": path}}
    # The package's folder rather than the module: Ray Client (ray://) pickles the settings.
    return {"py_modules": [str(Path(whaletable.__file__).resolve().parent)]}


class RayRunner:
    """Plays plans as Ray tasks, one per chunk of consecutive games.

    Entering starts a local Ray (``address`` None) or joins the cluster at ``address``,
    unless this process is already connected to one, which it then uses and leaves running.
    ``jobs`` is how many chunks are played at once: the cluster's CPUs by default. At most
    :data:`~whaletable.sim.runner.AHEAD` times that many tasks are submitted and not yet
    answered, so a long batch does not queue all its tasks on the cluster at once.
    """

    def __init__(self, jobs: int | None = None, address: str | None = None) -> None:
        if jobs is not None and jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        self.ray = import_ray()
        self.address = address
        self.jobs = jobs or 1
        self._asked = jobs
        self._started = False
        self._task: Any = None

    def __enter__(self) -> RayRunner:
        ray = self.ray
        if not ray.is_initialized():
            cpus = {"num_cpus": self._asked} if self.address is None and self._asked else {}
            try:
                ray.init(
                    # "local" starts a Ray of this process's own even where `ray start` has
                    # started one on this machine, which only --address auto joins.
                    address=self.address or "local",
                    runtime_env=runtime_env(self.address),
                    include_dashboard=False,
                    logging_level=logging.WARNING,
                    **cpus,
                )
            except (ConnectionError, ValueError) as e:
                # Ray says ValueError of an address it cannot read, ConnectionError of one
                # where no cluster answers; either is the address's fault, not a crash.
                raise BackendError(f"--address {self.address}: cannot join Ray: {e}") from None
            self._started = True
        if self._asked is None:
            self.jobs = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._task = ray.remote(play_part)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._started:
            self.ray.shutdown()
            self._started = False

    def run(
        self,
        plan: Plan,
        *,
        on_results: Callable[[list[GameResult]], None] | None = None,
        export: Path | None = None,
    ) -> list[GameResult]:
        """Every game of ``plan``, in index order; ``on_results`` gets each chunk as it ends.

        With ``export``, each task writes its chunk's shard where it runs (see
        :meth:`whaletable.sim.runner.Runner.run`).
        """
        if self._task is None:
            raise RuntimeError("enter the runner (with RayRunner() as runner) before running")
        return gather(self._chunks(plan, export), on_results)

    def _chunks(self, plan: Plan, export: Path | None) -> Iterator[list[GameResult]]:
        ray = self.ray
        work = Paced(plan.games, self.jobs)
        shared = ray.put(plan)
        pending: dict[Any, int] = {}

        def submit() -> None:
            part = work.next()
            if part is not None:
                pending[self._task.remote(shared, part.start, part.stop, export)] = part.start

        for _ in range(AHEAD * self.jobs):
            submit()
        try:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    del pending[ref]
                    kind, start, payload = ray.get(ref)
                    if kind == "error":
                        raise payload
                    work.finished(len(payload))
                    submit()
                    yield results_of(plan, start, payload)
        finally:
            # A failed or abandoned batch leaves nothing playing on the cluster.
            for ref in pending:
                ray.cancel(ref)


def make_runner(backend: str, jobs: int | None, address: str | None = None) -> Runner | RayRunner:
    """The runner ``--backend`` names, not yet entered (see :class:`Runner`, :class:`RayRunner`).

    ``jobs`` None means one per CPU: this machine's for ``local``, the cluster's for ``ray``.
    """
    if backend == RAY:
        return RayRunner(jobs, address)
    if backend != LOCAL:
        raise BackendError(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    if address is not None:
        raise BackendError("--address joins a Ray cluster: use it with --backend ray")
    return Runner(jobs or os.cpu_count() or 1)


__all__ = [
    "BACKENDS",
    "EXTRA",
    "LOCAL",
    "RAY",
    "BackendError",
    "RayRunner",
    "import_ray",
    "make_runner",
    "runtime_env",
    "source_folder",
]
