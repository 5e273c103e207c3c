"""The streaming referee: each step as `--live` reports it."""

import pytest

import fairplay
from fairplay import quartets, sequence
from conftest import EXAMPLES


def live_lines(cli, game, path, *args):
    out = cli.run(game, "--live", *args, path).stdout.decode().splitlines()
    return [line for line in out if line != "count line skipped"]


@pytest.mark.parametrize("path", sorted((EXAMPLES / "quartets").glob("*.log")), ids=lambda p: p.name)
def test_quartets_referee_is_live_mode(cli, path):
    expected = live_lines(cli, "quartets", path)
    referee = quartets.Referee()
    got = []
    lines = path.read_text().splitlines()
    for line in lines[1:]:  # the count line is not an action
        step = referee.apply(line)
        if step is not None:
            got.append(step["text"])
    got.append(referee.end())
    assert got == expected
    assert referee.contract == quartets.judge(path.read_text()).contract


@pytest.mark.parametrize("path", sorted((EXAMPLES / "sequence").glob("*.log")), ids=lambda p: p.name)
@pytest.mark.parametrize(
    "options,flags",
    [
        ({}, []),
        (dict(rules="full", first="green", card_plays=1), ["--rules", "full", "--first", "green", "--card-plays", "1"]),
    ],
    ids=["contract", "full-green-once"],
)
def test_sequence_referee_is_live_mode(cli, path, options, flags):
    expected = live_lines(cli, "sequence", path, *flags)
    referee = sequence.Referee(**options)
    got = []
    lines = path.read_text().splitlines()
    referee.apply(" ")  # the count line, skipped by live mode: line numbers stay the log's
    for number, line in enumerate(lines[1:], start=2):
        try:
            step = referee.apply(line)
        except fairplay.LogError as error:
            assert error.line == number
            got.append(f"error: {error} (line ignored)")  # the error's text is --live's
            continue
        if step is not None:
            got.append(step["text"])
    got.append(referee.end())
    assert got == expected


def test_steps_and_errors():
    referee = quartets.Referee()
    step = referee.apply("1 A 2 3C no")
    assert step == {"action": 1, "line": 1, "foul": None, "note": None,
                    "text": "1: honest game still possible"}
    with pytest.raises(fairplay.RuleError) as raised:
        referee.apply("1 A 2 3B no")
    assert (raised.value.line, raised.value.action) == (2, 2)
    assert referee.actions == 1  # unchanged
    assert referee.apply("   ") is None
    referee.apply("2 A 3 3A yes")
    referee.apply("2 A 4 3D yes")
    foul = referee.apply("2 A 1 3C no")
    assert foul["foul"]["reason"]["kind"] == "no-deal"
    assert foul["text"].startswith("4: CHEATING CERTAIN: ")
    assert referee.verdict["kind"] == "foul" and referee.verdict["action"] == 4
    assert referee.contract == "no\n4\n"
    after = referee.apply("1 A 2 3B no")
    assert after["text"] == "5: (cheating already certain since action 4)"
    assert referee.ignored == 1
    assert referee.end() == "end: 5 actions, cheating certain since action 4, 1 line ignored"


def test_sequence_steps():
    referee = sequence.Referee()
    assert referee.apply("1 2s P 2s")["text"] == "turn 1: legal"
    illegal = referee.apply("2 4h R 4h")
    assert illegal["foul"]["action"] == 2
    assert illegal["text"].startswith("turn 2: ILLEGAL: ")
    with pytest.raises(fairplay.MalformedLogError):
        referee.apply("2 5h P 5h")  # turns must increase
    assert referee.contract == "INVALID 2\n"
    full = sequence.Referee(rules="full")
    assert full.apply("1 5h P 5h@E5 blue")["foul"] is None
    assert "2 teams" in full.rules


@pytest.mark.parametrize("max_line", [None, 40])
def test_lines_are_held_to_the_limit_of_live_mode_in_its_words(cli, tmp_path, max_line):
    # A long line, a rule broken, a malformed line: each error's text is what --live prints
    # for that line, and the limit is --live's (--max-line, 4096 bytes by default).
    lines = ["1 A 2 3C no", "1 A 2 3C no" + " " * 5000, "x" * 50, "1 A 2 3B no", "2 A 3 3A yes"]
    if max_line is not None:
        lines[2] = "2 A 3 3C no" + " " * 35
    path = tmp_path / "live.log"
    path.write_text("\n".join(lines) + "\n")
    flags = [] if max_line is None else ["--max-line", str(max_line)]
    expected = live_lines(cli, "quartets", path, *flags)
    referee = quartets.Referee() if max_line is None else quartets.Referee(max_line=max_line)
    assert referee.max_line == (max_line or 4096) == (max_line or fairplay.DEFAULT_MAX_LINE)
    got = []
    for line in lines:
        try:
            got.append(referee.apply(line + "\n")["text"])  # a line break ends a line
        except fairplay.LogError as error:
            got.append(f"error: {error} (line ignored)")
    got.append(referee.end())
    assert got == expected
    assert sum(line.startswith("error: ") for line in got) >= 2
    assert any("is longer than" in line for line in got)
    assert referee.lines == len(lines)


def test_a_line_of_50_mb_is_refused_without_being_read():
    referee = sequence.Referee()
    with pytest.raises(fairplay.LineTooLongError) as raised:
        referee.apply("1 2s P 2s" + " " * (50 << 20))
    assert str(raised.value) == "line 1: the line is longer than 4096 bytes"
    assert (raised.value.line, raised.value.action) == (1, None)
    assert referee.apply("1 2s P 2s")["text"] == "turn 1: legal"
