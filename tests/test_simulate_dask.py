"""`bohnspec simulate --executor dask`: the games shared among the workers of a Dask cluster
give exactly the statistics of one process."""

from __future__ import annotations

import json

import pytest

from bohnspec.tools.cli import main

distributed = pytest.importorskip("distributed")

ARGS = ["simulate", "--games", "6", "--players", "3", "--seed", "5", "--max-actions", "3000", "-q"]


def statistics(path) -> dict:
    data = json.loads(path.read_text())
    del data["seconds"], data["games_per_second"]
    return data


@pytest.fixture(scope="module")
def cluster():
    """Two workers in this process (threads): quick to start, and the engine they share is
    never changed by a game (random play's randomness is the game's own)."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as c:
        yield c


def test_a_dask_cluster_gives_the_statistics_of_one_process(tmp_path, cluster):
    one, shared = tmp_path / "one.json", tmp_path / "dask.json"
    assert main([*ARGS, "--json", str(one)]) == 0
    assert main([*ARGS, "--executor", "dask", "--scheduler", cluster.scheduler_address, "--json", str(shared)]) == 0
    assert statistics(shared) == statistics(one)
    assert statistics(one)["games"] == 6
    # Both workers played.
    with distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2


def test_the_engines_play_the_same_games(tmp_path, cluster):
    runs = {}
    for kind in ("reference", "compiled"):
        path = tmp_path / f"{kind}.json"
        assert main([*ARGS, "--engine", kind, "--executor", "dask", "--scheduler", cluster.scheduler_address,
                     "--json", str(path)]) == 0
        runs[kind] = statistics(path)
    assert runs["reference"] == runs["compiled"]


def test_scheduler_needs_the_dask_executor(capsys):
    assert main([*ARGS, "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "only with --executor dask" in capsys.readouterr().err


def test_an_unreachable_scheduler_is_a_clear_error(capsys, monkeypatch):
    from bohnspec.tools import simulate
    monkeypatch.setattr(simulate, "SCHEDULER_TIMEOUT", 1)
    assert main([*ARGS, "--executor", "dask", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    assert "cannot reach a Dask scheduler" in capsys.readouterr().err


@pytest.mark.slow
def test_a_local_cluster_of_worker_processes(tmp_path):
    """Without --scheduler a local cluster of --jobs worker processes is started and closed."""
    one, shared = tmp_path / "one.json", tmp_path / "dask.json"
    assert main([*ARGS, "--json", str(one)]) == 0
    assert main([*ARGS, "--executor", "dask", "--jobs", "2", "--json", str(shared)]) == 0
    assert statistics(shared) == statistics(one)
