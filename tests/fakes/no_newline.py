"""Fake engine: answers hello, then writes its next reply without ending the line (and waits)."""

import json
import sys
import time

import _fakelib

if __name__ == "__main__":
    _fakelib.log_start()
    for line in sys.stdin:
        req = json.loads(line)
        if req.get("type") == "hello":
            _fakelib.hello(req, "no_newline")
        else:
            sys.stdout.write(json.dumps({"id": req.get("id"), "type": "ok"}))  # no "\n"
            sys.stdout.flush()
            time.sleep(120)  # bounded so a leaked process dies anyway
            sys.exit(0)
