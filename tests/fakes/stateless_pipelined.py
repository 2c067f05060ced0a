"""Fake engine: the reference server (which claims `pipelining`) with the state taken out of
every reply but the answer to `state` itself: the runner cannot ask for the state after a step
once the next step has gone out."""

import sys

import _fakelib


def without_state(reply):
    if reply.get("type") != "state":
        reply.pop("state", None)
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=without_state))
