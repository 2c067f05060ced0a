"""Fake engine: the reference server with the `pipelining` claim taken out of its hello, which
answers `error` to any request that comes while the one before it is still unanswered (a
runner must send such an engine one request at a time)."""

import json
import os
import select
import sys

import _fakelib


def lines_one_at_a_time():
    """Lines of standard input read straight from the descriptor: a line with more already
    waiting behind it is marked."""
    buffer = b""
    while True:
        while b"\n" not in buffer:
            chunk = os.read(0, 65536)
            if not chunk:
                return
            buffer += chunk
        line, _, buffer = buffer.partition(b"\n")
        crowded = bool(buffer) or bool(select.select([0], [], [], 0.05)[0])
        yield line.decode(), crowded


def requests():
    for line, crowded in lines_one_at_a_time():
        if crowded:
            try:
                rid = json.loads(line).get("id")
            except (ValueError, AttributeError):
                rid = None
            _fakelib.write({"id": rid, "type": "error",
                            "message": "a request came before the reply to the one before it"})
            continue
        yield line + "\n"


def without_the_claim(reply):
    if reply.get("type") == "hello":
        reply["capabilities"].pop("pipelining", None)
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(stdin=requests(), transform=without_the_claim))
