"""The workers preparing pictures and rasterising faces end with the command that started
them: a command killed by SIGKILL (which runs no clean-up) leaves no worker running on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

# Each pool with jobs that tell their process id and then wait: `cardkit.faces.art`'s, which
# prepares pictures, and `cardkit.publish.raster`'s, which rasterises faces.
JOB = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path

    def job(number):
        Path(sys.argv[1], f"worker-{number}").write_text(str(os.getpid()))
        time.sleep(600)
""")
POOLS = {
    "pictures": "from cardkit.faces.art import _map\n_map(job, [1, 2], 2)\n",
    "rasters": "from cardkit.publish.raster import RasterJob, _run\n"
               "list(_run({number: RasterJob('', job, lambda number=number: (number,)) for number in (1, 2)}, 2))\n",
}


def _waited_for(condition, seconds: float = 20) -> bool:
    """Polls `condition` until it holds or `seconds` pass; whether it held."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal")
@pytest.mark.parametrize("pool", POOLS)
def test_a_killed_command_takes_its_workers_with_it(tmp_path, pool):
    starter = subprocess.Popen([sys.executable, "-c", JOB + POOLS[pool], str(tmp_path)],
                               env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])})
    pid_files = [tmp_path / "worker-1", tmp_path / "worker-2"]
    workers = []
    try:
        assert _waited_for(lambda: all(path.exists() and path.read_text() for path in pid_files))
        workers = [int(path.read_text()) for path in pid_files]
        assert all(map(_running, workers))
        starter.send_signal(signal.SIGKILL)
        starter.wait()
        assert _waited_for(lambda: not any(map(_running, workers)))
    finally:
        starter.kill()
        for pid in workers:
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
