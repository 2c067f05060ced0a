"""Fake engine speaking protocol 2 that has no Jumping Bean, and says so.

By default it claims every module and answers `unsupported` to any `load` or `setup` with a
Jumping Bean in it (the runner then reports the scenario not applicable and keeps the engine).
FAKE_CLAIM_OPTIONS=1: it claims `options: {"beans": ["garden"]}` in its hello instead, so the
runner never sends it those scenarios; FAKE_CLAIM_OPTIONS=misspelt claims
`{"bean": ["garden"], "beans": ["gardn"]}` (the runner warns).
FAKE_WRONG_UNSUPPORTED=1: the `unsupported` reply has no reason (a protocol error).
"""

import json
import os
import sys

import _fakelib


def has_jumping(value) -> bool:
    return "jumping" in json.dumps(value)


def main() -> int:
    from bohnspec.conformance.protocol import serve

    _fakelib.log_start()

    def transform(reply):
        if reply.get("type") == "hello":
            reply["engine"] = {"name": "v2-limited", "version": "1", "language": "python"}
            if os.environ.get("FAKE_CLAIM_OPTIONS"):
                reply["capabilities"]["options"] = {"beans": ["garden"]}
                if os.environ["FAKE_CLAIM_OPTIONS"] == "misspelt":
                    reply["capabilities"]["options"] = {"bean": ["garden"], "beans": ["gardn"]}
        return reply

    def rewrite(req):
        if req.get("type") in ("load", "setup") and has_jumping(req):
            out = {"id": req["id"], "type": "unsupported"}
            if not os.environ.get("FAKE_WRONG_UNSUPPORTED"):
                out["reason"] = "this engine has no Jumping Bean"
            _fakelib.write(out)
            return None
        return req

    return serve(_fakelib.RequestFilter(rewrite), _fakelib.ReplyFilter(transform))


if __name__ == "__main__":
    sys.exit(main())
