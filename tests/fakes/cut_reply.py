"""Fake engine: answers hello, then replies wrongly in one of two ways (argv[1]): `latin1`, a
JSON line with a byte that is no UTF-8; `exit`, half a reply and then exit code 0."""

import json
import sys

import _fakelib

if __name__ == "__main__":
    _fakelib.log_start()
    mode = sys.argv[1]
    for line in sys.stdin:
        req = json.loads(line)
        if req.get("type") == "hello":
            _fakelib.hello(req, "cut_reply")
            continue
        out = sys.stdout.buffer
        if mode == "latin1":
            out.write(b'{"id":%d,"type":"ok","note":"caf\xe9"}\n' % req.get("id"))
            out.flush()
        else:
            out.write(b'{"id":%d,"type":"ok","sta' % req.get("id"))
            out.flush()
            sys.exit(0)
