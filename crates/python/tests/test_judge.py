"""One log: the package's documents and reports equal the command line's."""

import json

import pytest

import fairplay
from fairplay import quartets, sequence
from conftest import EXAMPLES

QUARTETS = sorted((EXAMPLES / "quartets").glob("*.log"))
SEQUENCE = sorted((EXAMPLES / "sequence").glob("*.log"))


def test_the_samples_are_there():
    assert len(QUARTETS) >= 2 and len(SEQUENCE) >= 5


@pytest.mark.parametrize("path", QUARTETS, ids=lambda p: p.name)
def test_quartets_document_is_the_clis(cli, path):
    log = path.read_text()
    judged = quartets.judge(log)
    assert judged.to_dict() == cli.json("quartets", path)
    # the keys in the command line's order: its very bytes
    out = cli.run("quartets", "--format", "json", path).stdout.decode()
    assert json.dumps(judged.to_dict(), indent=2, ensure_ascii=False) + "\n" == out
    assert judged.contract == cli.text("quartets", path)
    assert judged.game == "quartets" and judged.rules == "4 players, 8 sets of 4 cards"
    document = cli.json("quartets", path)
    assert judged.verdict == document["verdict"]["kind"]
    assert judged.action == document["verdict"].get("action")
    # bytes are logs too
    assert quartets.judge(log.encode()).to_dict() == judged.to_dict()


@pytest.mark.parametrize("path", QUARTETS, ids=lambda p: p.name)
def test_quartets_explanations_are_the_clis(cli, path):
    judged = quartets.judge(path.read_text())
    assert judged.explain() == cli.json("quartets", "--explain", path)["explanation"]
    assert judged.deal() == cli.json("quartets", "--deal", path)["explanation"]["deal"]
    knowledge = cli.json("quartets", "--knowledge", path)["explanation"]["knowledge"]
    assert judged.knowledge() == knowledge
    assert judged.knowledge(at=1) == cli.json(
        "quartets", "--knowledge", "--at", "1", path
    )["explanation"]["knowledge"]
    assert judged.knowledge(at=1) != knowledge or judged.actions == 1
    assert judged.report() == cli.text("quartets", "--explain", path)
    assert judged.report(explain=False, deal=True) == cli.text("quartets", "--deal", path)


def test_a_foul_and_its_explanation():
    judged = quartets.judge(
        "4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n"
    )
    assert (judged.verdict, judged.fair, judged.action, judged.line) == ("foul", False, 4, 5)
    assert judged.kind == "no-deal"
    assert judged.contract == "no\n4\n"
    assert judged.deal() is None
    assert judged.explain()["suspects"]["sole"] == [1, 2]
    assert "foul at action 4" in repr(judged)


@pytest.mark.parametrize("path", [p for p in QUARTETS if p.with_suffix(".deal").exists()],
                         ids=lambda p: p.name)
def test_true_deal_and_seat_are_the_clis(cli, path):
    log = path.read_text()
    deal_file = path.with_suffix(".deal")
    deal = deal_file.read_text()
    expected = cli.json("quartets", "--true-deal", deal_file, path)
    assert quartets.judge(log, true_deal=deal).to_dict() == expected
    # the same deal as dicts (as deal() and --deal --format json give hands)
    hands = []
    for line in deal.splitlines():
        player, cards = line.split(":")
        hands.append({"player": int(player.split()[1]), "cards": cards.split()})
    assert quartets.judge(log, true_deal=hands).to_dict() == expected
    assert expected["explanation"]["true_deal"] is not None
    # each player's view, with the cards they were dealt
    for hand in hands:
        cards = ",".join(hand["cards"])
        seated = quartets.judge(log, seat=hand["player"], hand=cards)
        assert seated.to_dict() == cli.json(
            "quartets", "--seat", hand["player"], "--hand", cards, path
        )
        assert seated.to_dict()["explanation"]["seat"]["player"] == hand["player"]
        assert quartets.judge(log, seat=hand["player"], hand=hand["cards"]) == seated


def test_variant_options():
    log = "2\n1 A 2 2A no\n2 A 3 1B yes\n"
    judged = quartets.judge(log, players=3, sets=3, cards_per_set=3, hands=[3, 3, 3])
    assert judged.rules == "3 players, 3 sets of 3 cards"
    assert judged.fair
    with pytest.raises(ValueError):
        quartets.judge(log, players=1)
    with pytest.raises(ValueError):
        quartets.judge(log, hands=[1, 2])
    with pytest.raises(ValueError, match="go together"):
        quartets.judge(log, seat=1)


@pytest.mark.parametrize("path", SEQUENCE, ids=lambda p: p.name)
@pytest.mark.parametrize("rules", ["contract", "full"])
def test_sequence_is_the_clis(cli, path, rules):
    log = path.read_text()
    try:
        expected = cli.json("sequence", "--rules", rules, path)
    except json.JSONDecodeError:
        pytest.fail(f"no JSON from the command line for {path}")
    if "error" in expected:
        with pytest.raises(fairplay.LogError) as raised:
            sequence.judge(log, rules=rules)
        assert raised.value.kind == expected["error"]["kind"]
        assert raised.value.line == expected["error"]["line"]
        assert raised.value.message == expected["error"]["message"]
        return
    judged = sequence.judge(log, rules=rules)
    assert judged.to_dict() == expected
    out = cli.run("sequence", "--rules", rules, "--format", "json", path).stdout.decode()
    assert json.dumps(judged.to_dict(), indent=2, ensure_ascii=False) + "\n" == out
    assert judged.explain() == cli.json("sequence", "--rules", rules, "--explain", path)[
        "explanation"
    ]
    assert judged.report() == cli.text("sequence", "--rules", rules, "--explain", path)
    assert judged.report(explain=False) == cli.text("sequence", "--rules", rules, path)


# The full rules' options, as --first and --card-plays: the keyword and the flag values.
FULL_OPTIONS = [
    (dict(first="green"), ["--first", "green"]),
    (dict(first="red"), ["--first", "red"]),
    (dict(card_plays=1), ["--card-plays", "1"]),
    (dict(card_plays="unlimited", first="green"), ["--card-plays", "unlimited", "--first", "green"]),
]


@pytest.mark.parametrize("path", SEQUENCE, ids=lambda p: p.name)
@pytest.mark.parametrize("options,flags", FULL_OPTIONS, ids=lambda o: repr(o))
def test_sequence_full_options_are_the_clis(cli, path, options, flags):
    log = path.read_text()
    expected = cli.json("sequence", "--rules", "full", *flags, path)
    if "error" in expected:
        with pytest.raises(fairplay.LogError) as raised:
            sequence.judge(log, rules="full", **options)
        assert raised.value.message == expected["error"]["message"]
        return
    judged = sequence.judge(log, rules="full", **options)
    assert judged.to_dict() == expected
    assert judged.report() == cli.text("sequence", "--rules", "full", "--explain", *flags, path)


def test_sequence_full_options_change_verdicts():
    # The options are not ignored: a full game, fair by default, is foul once they change.
    log = (EXAMPLES / "sequence" / "full-game.log").read_text()
    assert sequence.judge(log, rules="full").verdict == "fair"
    capped = sequence.judge(log, rules="full", card_plays=1)
    assert (capped.verdict, capped.kind) == ("foul", "card-cap-reached")
    green = sequence.judge(log, rules="full", first="green")
    assert (green.verdict, green.action) == ("foul", 1)


@pytest.mark.parametrize(
    "options,words",
    [
        (dict(first="green"), "apply only with"),
        (dict(card_plays=1), "apply only with"),
        (dict(rules="full", teams=2, first="red"), "three teams"),
        (dict(rules="full", first="purple"), "blue"),
        (dict(rules="full", card_plays=0), "1 to 255"),
        (dict(rules="full", card_plays=256), "1 to 255"),
        (dict(rules="full", card_plays="often"), "unlimited"),
    ],
)
def test_sequence_impossible_full_options(options, words):
    with pytest.raises(ValueError, match=words):
        sequence.judge("1\n1 2s P 2s\n", **options)
    with pytest.raises(ValueError, match=words):
        sequence.Referee(**options)


def test_sequence_teams():
    log = (EXAMPLES / "sequence" / "three-teams.log").read_text()
    assert "3 teams" in sequence.judge(log, rules="full").rules
    with pytest.raises(ValueError):
        sequence.judge(log, rules="contract", teams=3)
    with pytest.raises(ValueError):
        sequence.judge(log, rules="nonsense")


def test_judge_tells_the_game():
    assert fairplay.judge("1\n1 A 2 3C no\n").game == "quartets"
    assert fairplay.judge("1\n1 2s P 2s\n").game == "sequence"
    assert isinstance(fairplay.judge("1\n1 2s P 2s\n"), sequence.Judgement)
    with pytest.raises(ValueError):
        fairplay.judge("1\n1 2s P 2s\n", game="chess")
