"""Fuzzing `bohnspec serve`: any line gets one reply, a protocol message, never a crash."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bohnspec.conformance import scenario as S
from bohnspec.execution.interpret import engine_for
from bohnspec.conformance.protocol import serve

from helpers import examples

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)

STATE = S.state_from_data(engine_for(["base"]), {"players": [{"name": "Nina", "fields": [["red"], [], []]},
                                                              {"name": "Timon"}, {"name": "Keno"}]}).to_json()
TYPES = ["hello", "load", "setup", "apply", "state", "legal", "bye", "nonsense"]


@st.composite
def requests(draw):
    kind = draw(st.sampled_from(TYPES))
    msg = {"id": draw(st.integers(1, 1000) | st.none() | st.text(max_size=3)), "type": kind}
    if kind == "load":
        msg["state"] = draw(st.sampled_from([STATE, {}, {"players": []}]) | JSON)
    elif kind == "apply":
        msg["action"] = draw(st.fixed_dictionaries(
            {"type": st.sampled_from(["harvest", "plant", "offer", "draw"]) | JSON,
             "player": st.sampled_from(["Nina", "Timon", "Zed"]) | JSON},
            optional={"field": st.integers(-1, 4) | JSON, "give": JSON}))
    elif kind == "setup":
        msg.update(draw(st.dictionaries(st.sampled_from(["players", "deck", "options", "zones", "modules"]),
                                        JSON, max_size=5)))
    return msg


LINES = st.lists(requests().map(json.dumps) | st.text(max_size=30).filter(lambda t: "\n" not in t), max_size=8)


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None)
@given(LINES)
def test_serve_answers_every_line(lines):
    lines = [line for line in lines if line.strip()]
    out = io.StringIO()
    assert serve(io.StringIO("\n".join(lines) + "\n"), out) == 0
    replies = [json.loads(r) for r in out.getvalue().splitlines()]
    # One reply a line, until a `bye` ends the session.
    if not any(r.get("type") == "bye" for r in replies):
        assert len(replies) == len(lines)
    for r in replies:
        assert r["type"] in {"hello", "ok", "accepted", "rejected", "state", "legal", "bye", "error"}
        if r["type"] != "error":
            assert S.schema_errors(r, "protocol.schema.json") == [], r
