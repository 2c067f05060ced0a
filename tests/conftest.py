"""Shared fixtures of the bohnspec test suite, and the hypothesis profiles.

Hypothesis profiles, chosen with the environment variable BOHNSPEC_HYPOTHESIS_PROFILE:

- ``ci`` (the default): few examples, so that the whole suite stays well under a minute;
- ``long``: many examples, for a deep run now and then
  (``BOHNSPEC_HYPOTHESIS_PROFILE=long python -m pytest tests/test_properties.py``).

Property tests size their example counts with ``helpers.examples(n)``, which scales ``n`` by
the profile, so an explicit ``@settings`` never pins a test to the small budget.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))  # for `import helpers`

# Hypothesis keeps its example database and failure patches here, not in the working folder.
set_hypothesis_home_dir(str(TESTS / ".hypothesis"))

settings.register_profile(
    "ci",
    max_examples=10,
    deadline=None,
    database=None,
    derandomize=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.register_profile(
    "long",
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.load_profile(os.environ.get("BOHNSPEC_HYPOTHESIS_PROFILE", "ci"))

import helpers  # noqa: E402  (needs the path above)


@pytest.fixture(scope="session")
def engine():
    """The reference interpreter over the base game."""
    return helpers.base_engine()


@pytest.fixture(scope="session")
def corpus():
    """Every scenario of the conformance corpus, loaded."""
    return helpers.corpus()


@pytest.fixture(scope="session")
def baseline_verdicts():
    """id -> verdict of every corpus scenario against the unmutated spec."""
    return helpers.baseline_verdicts()


@pytest.fixture
def in_tmp_cwd(tmp_path, monkeypatch):
    """Run a test with the temporary folder as the working directory."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
