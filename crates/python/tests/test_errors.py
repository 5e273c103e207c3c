"""Each kind of error: a typed exception with the command line's kind, line, action and
message."""

import pytest

import fairplay
from fairplay import quartets, sequence

CASES = [
    # (game, log, class, kind, line, action)
    ("quartets", "2\n1 A 2 3C no\n1 A 2 3B no\n", fairplay.RuleError, "rule", 3, 2),
    ("quartets", "1\n1 A 1 3C no\n", fairplay.RuleError, "rule", 2, 1),
    ("quartets", "1\n1 B 2 3C no\n", fairplay.MalformedLogError, "malformed", 2, None),
    ("quartets", "3\n1 A 2 3C no\n", fairplay.MalformedLogError, "malformed", None, None),
    ("quartets", "1\n1 A 2 9C no\n", fairplay.RuleError, "rule", 2, 1),
    ("sequence", "2\n1 2s P 2s\n1 4h P 4h\n", fairplay.MalformedLogError, "malformed", 3, None),
    ("sequence", "1\n1 2s X 2s\n", fairplay.MalformedLogError, "malformed", 2, None),
]


@pytest.mark.parametrize("game,log,error,kind,line,action", CASES)
def test_errors_are_typed_and_the_clis(cli, tmp_path, game, log, error, kind, line, action):
    path = tmp_path / "game.log"
    path.write_text(log)
    expected = cli.json(game, path)["error"]
    judge = quartets.judge if game == "quartets" else sequence.judge
    with pytest.raises(error) as raised:
        judge(log)
    got = raised.value
    assert isinstance(got, fairplay.LogError) and isinstance(got, ValueError)
    assert got.kind == kind == expected["kind"]
    assert got.line == expected["line"]
    if line is not None:
        assert got.line == line
    assert got.action == expected["action"] == action
    assert got.message == expected["message"]
    assert got.game == game
    # the text is the command line's: `fairplay: PATH: line L (action A): message`
    assert str(got) in cli.run(game, path).stderr.decode()


def test_line_too_long(cli, tmp_path):
    log = "1\n1 A 2 3C no" + " " * (1 << 20) + "\n"
    path = tmp_path / "long.log"
    path.write_text(log)
    expected = cli.json("quartets", path)["error"]
    with pytest.raises(fairplay.LineTooLongError) as raised:
        quartets.judge(log)
    assert (raised.value.kind, raised.value.line) == ("line-too-long", 2)
    assert raised.value.message == expected["message"]


def test_unknown_game():
    with pytest.raises(fairplay.UnknownGameError) as raised:
        fairplay.judge("1\nhello there\n")
    assert raised.value.kind == "unknown-game"
    assert raised.value.line == 2
    assert "cannot tell the game" in raised.value.message
    with pytest.raises(fairplay.UnknownGameError) as raised:
        fairplay.judge("")
    assert raised.value.line == 0


def test_error_classes_by_kind():
    from fairplay._errors import error_class

    assert error_class("io") is fairplay.LogIOError
    assert error_class("something new") is fairplay.LogError
    import pickle

    error = fairplay.RuleError("line 3: x", "rule", 3, 2, "x", "quartets")
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), again.line, again.action, str(again)) == (
        fairplay.RuleError, 3, 2, "line 3: x")


def test_not_a_log():
    with pytest.raises(TypeError):
        quartets.judge(42)
    with pytest.raises(TypeError):
        fairplay.judge_many("1\n1 A 2 3C no\n")
    with pytest.raises(TypeError):
        fairplay.judge_many([1, 2])


def test_invalid_utf8_is_an_error_not_a_crash():
    with pytest.raises(fairplay.LogError):
        quartets.judge(b"1\n1 A 2 3C no\xff\n")
