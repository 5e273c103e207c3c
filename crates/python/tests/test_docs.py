"""The examples in the docstrings and in docs/python.md run as written."""

import doctest
import re

import pytest

import fairplay
import fairplay._errors
import fairplay.gofish
import fairplay.quartets
import fairplay.sequence
from conftest import REPO, run_python

MODULES = [fairplay, fairplay.quartets, fairplay.sequence, fairplay.gofish, fairplay._errors]


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
                 fairplay.gofish.judge, fairplay.gofish.Judgement.knowledge,
                 fairplay.quartets.Referee.apply, fairplay.spark.judge):
        assert item.__doc__ and len(item.__doc__) > 80


def test_stubs_are_shipped():
    from pathlib import Path

    package = Path(fairplay.__file__).parent
    assert (package / "py.typed").exists()
    assert (package / "_fairplay.pyi").exists()


# Run first in a script: pyarrow and pandas cannot be imported (as where they are not
# installed), and polars' own checks find neither.
WITHOUT_PYARROW = '''
import importlib.abc, sys

class Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pyarrow", "pandas"):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None

sys.meta_path.insert(0, Missing())
'''


def guide_example(word: str) -> str:
    """The ```python block of the guide that holds `word`."""
    guide = (REPO / "docs" / "python.md").read_text()
    return next(b for b in re.findall(r"```python\n(.*?)```", guide, re.S) if word in b)


def test_the_polars_recipe_needs_polars_alone():
    first = guide_example(">>> log = ")
    setup = "".join(line + "\n" for line in first.splitlines() if line.startswith(">>> log = "))
    example = ">>> import fairplay\n" + setup + guide_example("import polars")
    done = run_python(WITHOUT_PYARROW + f"""
import doctest
test = doctest.DocTestParser().get_doctest({example!r}, {{}}, "polars", None, 0)
runner = doctest.DocTestRunner()
runner.run(test)
assert "pyarrow" not in sys.modules and "pandas" not in sys.modules
print(runner.summarize(verbose=False))
""")
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == f"TestResults(failed=0, attempted={example.count('>>> ')})"


def test_judge_many_imports_no_pandas():
    # pyarrow.table() imports pandas (0.2 s); reading the rows' stream does not.
    done = run_python("""
        import sys
        import pyarrow
        import fairplay
        rows = fairplay.judge_many(["1\\n1 A 2 3C no\\n"])
        assert isinstance(rows, pyarrow.Table) and rows.num_rows == 1
        print("pandas" in sys.modules)
    """)
    assert (done.returncode, done.stdout) == (0, "False\n"), done.stderr[-2000:]


GOOD = '''
from typing import Any, Dict, List, Optional
import pyarrow
import fairplay
from fairplay import gofish, quartets, sequence

rows = fairplay.judge_many(["1\\\\n1 A 2 3C no\\\\n"], game="quartets", threads=2, rules="full")
count: int = len(rows)
table = rows if isinstance(rows, pyarrow.Table) else pyarrow.table(rows)
game = quartets.judge("1\\\\n1 A 2 3C no\\\\n", players=4, max_line=100)
action: Optional[int] = game.action
deal: Optional[List[Dict[str, Any]]] = game.deal()
sequence.judge("1\\\\n1 2s P 2s\\\\n", rules="full", first="green", card_plays="unlimited")
referee = sequence.Referee(rules="contract", card_plays=1)
step = referee.apply("1 2s P 2s")
line: int = referee.lines
fairplay.judge("1\\\\n1 2s P 2s\\\\n", game="auto")
fish = gofish.judge("1 A 2 7 fish\\\\n", players=2, ranks=3, hand=5, fish_turn="asked",
                    seat=1, hand_of="A,A,2,2,3", draws=["3"])
stock: List[str] = gofish.judge("1 A 2 7 fish\\\\n").deal()["stock"]
gofish.Referee(players=3, fish_turn="next").apply("1 A 2 7 fish")
fairplay.judge_many(["x"], game="gofish", ranks=5, hand=None, fish_turn="asked")
'''

# Each line a mistake the types catch.
BAD = '''
import fairplay
from fairplay import gofish, quartets, sequence
fairplay.judge_many(["x"], game="chess")
fairplay.judge_many(log for log in ["x"])
sequence.judge("x", rules="ful")
sequence.judge("x", rules="full", first="purple")
sequence.Referee(card_plays="many")
quartets.judge("x", players="4")
name: int = fairplay.judge("x").game
fairplay.judge("x", game="go")
gofish.judge("x", fish_turn="later")
gofish.Referee(ranks="13")
fairplay.judge_many(["x"], fish_turn="always")
'''


def test_types_catch_misuse(tmp_path):
    import mypy.api

    (tmp_path / "good.py").write_text(GOOD)
    (tmp_path / "bad.py").write_text(BAD)
    flags = ["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"),
             "--ignore-missing-imports", "--no-error-summary"]
    out, err, _ = mypy.api.run([*flags, str(tmp_path / "good.py"), str(tmp_path / "bad.py")])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert not [line for line in errors if "good.py" in line], out + err
    wrong = sorted({int(line.split(":")[1]) for line in errors})
    assert wrong == list(range(4, len(BAD.splitlines()) + 1)), out + err  # every line from 4 on
