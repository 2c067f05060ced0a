"""Fake engine speaking protocol 2 that implements nothing yet: it claims the base game in its
hello and answers `unsupported` to every other request (an implementer's first stage)."""

import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("type") == "hello":
        reply = {"id": msg["id"], "type": "hello", "protocol": 2, "engine": {"name": "nothing", "version": "0"},
                 "capabilities": {"modules": ["base"]}}
    elif msg.get("type") == "bye":
        break
    else:
        reply = {"id": msg["id"], "type": "unsupported", "reason": "nothing implemented yet"}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
