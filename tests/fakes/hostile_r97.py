"""Fake engine: the reference server bent as round 97's hostile tester bent it, chosen by
FAKE_MODE: `list_reply` (every apply answered with a JSON list), `huge_name` (a name of 100,000
characters in the hello), `surrogate` (every action refused, the reason with a lone surrogate
and an escape sequence), `caps_change` (the first process claims rule ids and events and dies at its
first apply, FAKE_CRASH_MARKER marking it; every later one claims neither), `early_line` (the
first process dies at its first apply, as with caps_change; every later one writes a reply with
id 1 before it reads any request), `unsupported_probes` (every draft and every second round
answered `unsupported`, as though the engine lacked them)."""

import json
import os
import sys

import _fakelib

MODE = os.environ.get("FAKE_MODE", "")
MARKER = os.environ.get("FAKE_CRASH_MARKER", "")
FIRST = bool(MARKER) and not os.path.exists(MARKER)


def transform(reply):
    if MODE == "list_reply" and reply.get("type") in ("accepted", "rejected"):
        return "[1,2,3]\n"
    if MODE == "huge_name" and reply.get("type") == "hello":
        reply["engine"] = {**reply.get("engine", {}), "name": "n" * 100_000}
    if MODE == "surrogate" and reply.get("type") in ("accepted", "rejected"):
        reply = {"id": reply["id"], "type": "rejected", "rule": "bohnanza/harvest/1", "reason": "x\ud800y\u001b[31mz",
                 **({"state": reply["state"]} if "state" in reply else {})}
    if MODE == "caps_change" and reply.get("type") == "hello" and not FIRST:
        reply["capabilities"] = {"modules": reply["capabilities"]["modules"]}
        reply["engine"] = {**reply.get("engine", {}), "name": "second-self"}
    return reply


def unsupported_probes(lines):
    for line in lines:
        if MODE == "unsupported_probes" and '"apply"' in line and ('"draft"' in line or '"follow_up"' in line):
            req = json.loads(line)
            _fakelib.write({"id": req["id"], "type": "unsupported", "reason": "no Jumping Bean drafts here"})
            continue
        yield line


def requests():
    for line in sys.stdin:
        if MODE in ("caps_change", "early_line") and FIRST and '"apply"' in line:
            open(MARKER, "w").close()
            os._exit(3)
        yield line


if __name__ == "__main__":
    if MODE == "early_line" and not FIRST:
        sys.stdout.write('{"id":1,"type":"accepted"}\n')
        sys.stdout.flush()
    sys.exit(_fakelib.serve(stdin=unsupported_probes(requests()), transform=transform))
