"""Fake engine: answers the hello, then closes its standard input and stays (its output open,
nothing more written) until killed: the runner's next request finds the pipe closed."""

import json
import os
import sys
import time

import _fakelib

if __name__ == "__main__":
    hello = json.loads(sys.stdin.readline())
    os.close(0)
    _fakelib.hello(hello, "closes-input")
    time.sleep(30)
