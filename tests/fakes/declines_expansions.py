"""Fake engine (the reference underneath) that claims every module but answers `unsupported`
to each `load` or `setup` of a game other than the base game alone, as PROTOCOL.md lets an
engine leave a module's corners out."""

import sys

import _fakelib


def rewrite(req):
    if req.get("type") in ("load", "setup"):
        state = req.get("state") if isinstance(req.get("state"), dict) else req
        if list(state.get("modules") or ["base"]) != ["base"]:
            _fakelib.write({"id": req["id"], "type": "unsupported", "reason": "only the base game here"})
            return None
    return req


if __name__ == "__main__":
    sys.exit(_fakelib.serve(stdin=_fakelib.RequestFilter(rewrite)))
