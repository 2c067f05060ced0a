"""Fake engine: its hello reply has no `capabilities`."""

import json
import sys

import _fakelib

if __name__ == "__main__":
    _fakelib.log_start()
    for line in sys.stdin:
        req = json.loads(line)
        if req.get("type") == "hello":
            sys.stderr.write("bad_hello.py: I forgot my capabilities\n")
            sys.stderr.flush()
            _fakelib.write({"id": req["id"], "type": "hello", "protocol": 1,
                            "engine": {"name": "bad-hello", "version": "0", "language": "python"}})
        elif req.get("type") == "bye":
            _fakelib.write({"id": req["id"], "type": "bye"})
            break
        else:
            _fakelib.write({"id": req["id"], "type": "error", "message": "no"})
