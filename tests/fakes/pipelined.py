"""Fake engine: the reference server (which claims `pipelining`), except that it answers a
`load` or `setup` only once the request after it has come. A runner that waits for each reply
before it sends the next request waits in vain (a timeout); one that sends a scenario's steps
with its start is answered as by the reference."""

import json
import sys

import _fakelib


def held_back(lines):
    lines = iter(lines)
    for line in lines:
        try:
            kind = json.loads(line).get("type")
        except (ValueError, AttributeError):
            kind = None
        if kind in ("load", "setup"):
            following = next(lines, None)  # waits for it
            yield line
            if following is not None:
                yield following
            continue
        yield line


if __name__ == "__main__":
    sys.exit(_fakelib.serve(stdin=held_back(sys.stdin)))
