"""Fake engine speaking only protocol 1: the reference server answering every hello with
version 1, as an engine written before version 2 does (its hello carries no version-2 claims).

FAKE_UNSUPPORTED=1: it answers `unsupported` to a setup anyway, which version 1 does not have.
FAKE_VERSION=N: it answers the hello with protocol N instead (3: a version no runner speaks).
"""

import os
import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "hello":
        reply["protocol"] = int(os.environ.get("FAKE_VERSION", "1"))
        reply["engine"] = {"name": "v1-engine", "version": "1", "language": "python"}
        reply["capabilities"].pop("internal_state", None)
    return reply


def rewrite(req):
    if req.get("type") == "hello":
        req["protocol"] = 1  # the reference server then answers as a version-1 engine
    elif req.get("type") == "setup" and os.environ.get("FAKE_UNSUPPORTED"):
        _fakelib.write({"id": req["id"], "type": "unsupported", "reason": "no setups here"})
        return None
    return req


if __name__ == "__main__":
    sys.exit(_fakelib.serve(_fakelib.RequestFilter(rewrite), transform=transform))
