"""Fake engine: answers hello and load like the reference, then writes to stderr and exits
with code 3 on the first `apply`.

FAKE_CRASH_MARKER=PATH: crash only if PATH does not exist yet (and create it), so that only
the first engine process crashes and the fresh ones started after it behave.
"""

import json
import os
import sys

import _fakelib


def requests():
    for line in sys.stdin:
        try:
            kind = json.loads(line).get("type")
        except (ValueError, AttributeError):
            kind = None
        if kind == "apply":
            marker = os.environ.get("FAKE_CRASH_MARKER")
            if marker is None or not os.path.exists(marker):
                if marker is not None:
                    open(marker, "w").close()
                sys.stderr.write(f"crash.py: segmentation fault in apply (pid {os.getpid()})\n")
                sys.stderr.flush()
                os._exit(3)
        yield line


if __name__ == "__main__":
    sys.exit(_fakelib.serve(stdin=requests()))
