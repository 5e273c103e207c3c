"""The examples in the docstrings and in docs/python.md run as written."""

import doctest

import pytest

import fairplay
import fairplay._errors
import fairplay.quartets
import fairplay.sequence
from conftest import REPO

MODULES = [fairplay, fairplay.quartets, fairplay.sequence, fairplay._errors]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{module.__name__} has no examples"
    assert result.failed == 0


def test_the_guide_examples(monkeypatch):
    # The guide's paths are the repository's, as a reader running them there has them.
    monkeypatch.chdir(REPO)
    result = doctest.testfile(
        str(REPO / "docs" / "python.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted >= 10
    assert result.failed == 0


def test_help_teaches():
    text = fairplay.__doc__
    for word in ("quartets.judge", "judge_many", "LogError", "Referee", "spark"):
        assert word in text
    for item in (fairplay.judge_many, fairplay.quartets.judge, fairplay.sequence.judge,
                 fairplay.quartets.Referee.apply, fairplay.spark.judge):
        assert item.__doc__ and len(item.__doc__) > 80


def test_stubs_are_shipped():
    from pathlib import Path

    package = Path(fairplay.__file__).parent
    assert (package / "py.typed").exists()
    assert (package / "_fairplay.pyi").exists()
