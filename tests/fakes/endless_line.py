"""Fake engine: answers the hello, then writes one reply line that never ends, without pause.
The runner's --timeout must hold all the same (it did not while output kept coming)."""

import json
import sys
import time

import _fakelib

if __name__ == "__main__":
    hello = json.loads(sys.stdin.readline())
    _fakelib.hello(hello, "endless-line")
    sys.stdin.readline()
    try:
        while True:
            sys.stdout.write('{"id":2,"type":"ok","state":"' + "x" * 65536)
            sys.stdout.flush()
            time.sleep(0.005)  # some 10 MB a second: the deadline, not the 64 MiB bound, comes first
    except (BrokenPipeError, OSError):
        pass
