from bohnspec.tools.cli import main


def test_conform_runs_the_corpus(capsys):
    assert main(["conform", "-q", "-k", "base/harvest"]) == 0
