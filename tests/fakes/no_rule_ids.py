"""Fake engine: the reference interpreter, claiming `rule_ids: false` and citing a wrong rule id
in every rejection.

FAKE_MUTATE_ON_REJECT=1: a rejection also changes the state (a blue bean appears on the discard
pile, in every state the engine reports from then on).
FAKE_OMIT_CLAIMS=1: the hello lists only `modules` (rule_ids, events, legal_actions omitted);
FAKE_OMIT_CLAIMS=camel: and spells the two it means as a JavaScript engine might (`ruleIds`, `event`).
"""

import os
import sys

import _fakelib

WRONG_RULE = "bohnanza/no-such-paragraph/99"
rejections = [0]


def transform(reply):
    kind = reply.get("type")
    if kind == "hello":
        reply["engine"] = {"name": "no-rule-ids", "version": "1", "language": "python"}
        if os.environ.get("FAKE_OMIT_CLAIMS"):
            reply["capabilities"] = {"modules": reply["capabilities"]["modules"]}
            if os.environ["FAKE_OMIT_CLAIMS"] == "camel":
                reply["capabilities"].update(ruleIds=True, event=True)
        else:
            reply["capabilities"]["rule_ids"] = False
    elif kind == "rejected":
        reply["rule"] = WRONG_RULE
        reply["reason"] = "no reason"
        rejections[0] += 1
    elif kind == "ok":
        rejections[0] = 0
    if isinstance(reply.get("state"), dict) and os.environ.get("FAKE_MUTATE_ON_REJECT"):
        # Replies to load/setup/apply carry the state too; every copy shows the change.
        reply["state"]["discard"] = ["blue"] * rejections[0] + reply["state"].get("discard", [])
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
