"""Fake engine: answers hello, then never answers anything else (it sleeps)."""

import json
import sys
import time

import _fakelib

if __name__ == "__main__":
    _fakelib.log_start()
    for line in sys.stdin:
        req = json.loads(line)
        if req.get("type") == "hello":
            _fakelib.hello(req, "hang")
        else:
            sys.stderr.write(f"hang.py: thinking about {req.get('type')!r} forever\n")
            sys.stderr.flush()
            time.sleep(120)  # long enough to time out; bounded so a leaked process dies anyway
            sys.exit(0)
