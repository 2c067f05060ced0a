"""Fake engine: answers hello, then prints a line that is not JSON for any request."""

import json
import sys

import _fakelib

if __name__ == "__main__":
    _fakelib.log_start()
    for line in sys.stdin:
        req = json.loads(line)
        if req.get("type") == "hello":
            _fakelib.hello(req, "garbage")
        else:
            print("hello world", flush=True)
