"""Fake engine: the reference server (which claims `pipelining`), except that each process
exits with code 7, after a line on standard error, when it reads its second `load` or
`setup`: every other scenario meets a dead engine at its start, whether its requests were
sent ahead or one at a time."""

import json
import os
import sys

import _fakelib


def requests():
    starts = 0
    for line in sys.stdin:
        try:
            kind = json.loads(line).get("type")
        except (ValueError, AttributeError):
            kind = None
        if kind in ("load", "setup"):
            starts += 1
            if starts == 2:
                sys.stderr.write(f"crash_second_load.py: out of memory in load (pid {os.getpid()})\n")
                sys.stderr.flush()
                os._exit(7)
        yield line


if __name__ == "__main__":
    sys.exit(_fakelib.serve(stdin=requests()))
