"""Fake engine: the reference interpreter, explicitly claiming only the module `base`.

FAKE_BEANS=V1,V2: it claims only these values of the option `beans` too."""

import os
import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "hello":
        reply["engine"] = {"name": "base-only", "version": "1", "language": "python"}
        reply["capabilities"]["modules"] = ["base"]
        if os.environ.get("FAKE_BEANS"):
            reply["capabilities"]["options"] = {"beans": os.environ["FAKE_BEANS"].split(",")}
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
