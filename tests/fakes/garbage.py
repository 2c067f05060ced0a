"""Fake engine: answers hello, then prints a line that is not JSON for any request."""

import json
import sys

import _fakelib

if __name__ == "__main__":
    _fakelib.log_start()
    for line in sys.stdin:
        req = json.loads(line)
        if req.get("type") == "hello":
            _fakelib.write({"id": req["id"], "type": "hello", "protocol": 1,
                            "engine": {"name": "garbage", "version": "0", "language": "python"},
                            "capabilities": {"modules": ["base"], "rule_ids": True, "events": True,
                                             "legal_actions": False}})
        else:
            print("hello world", flush=True)
