"""Fake engine: the reference server, except that the state of an `accepted` reply leaves out
the `discard` pile (a rejected reply's state is whole): the state after the next rejection then
seems to have changed."""

import sys

import _fakelib


def drop_discard(reply):
    if reply.get("type") == "accepted" and isinstance(reply.get("state"), dict):
        reply["state"].pop("discard", None)
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=drop_discard))
