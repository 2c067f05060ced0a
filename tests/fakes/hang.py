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
            _fakelib.write({"id": req["id"], "type": "hello", "protocol": 1,
                            "engine": {"name": "hang", "version": "0", "language": "python"},
                            "capabilities": {"modules": ["base"], "rule_ids": True, "events": True,
                                             "legal_actions": False}})
        else:
            sys.stderr.write(f"hang.py: thinking about {req.get('type')!r} forever\n")
            sys.stderr.flush()
            time.sleep(120)  # long enough to time out; bounded so a leaked process dies anyway
            sys.exit(0)
