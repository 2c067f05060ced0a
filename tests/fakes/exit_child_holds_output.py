"""Fake engine: answers the hello, then on its first request starts a long `sleep` that
inherits its output and exits with code 1. The engine is gone; its output is still open."""

import json
import subprocess
import sys

import _fakelib

if __name__ == "__main__":
    hello = json.loads(sys.stdin.readline())
    _fakelib.hello(hello, "exit-child")
    sys.stdin.readline()
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    sys.exit(1)
