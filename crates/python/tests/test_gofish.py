"""Go Fish: the package's documents, explanations, reports, errors and live steps equal the
command line's (`fairplay gofish`), on the examples and on simulated logs of every variant."""

import json

import pytest

import fairplay
from fairplay import _fairplay, gofish
from conftest import EXAMPLES, as_cli_row, batch_rows, cli_row

# The variants judged: the package's options and the command line's flags.
VARIANTS = [
    {},
    dict(players=2, ranks=3, hand=5),
    dict(players=3, ranks=7, hand=4, fish_turn="asked"),
    dict(players=2),
    dict(players=6, ranks=10),
    dict(players=10, ranks=13, hand=3, fish_turn="asked"),
]

# Logs simulated per variant: honest, cheated, foolish.
KINDS = [
    ("honest", []),
    ("cheated", ["--cheat-rate", "0.05"]),
    ("foolish", ["--foolish-rate", "0.3", "--memory", "0.5", "--cheat-rate", "0.01"]),
]
PER_KIND = 4


def flags(options):
    """The command line's flags for the package's options."""
    out = []
    for name, value in options.items():
        out += [f"--{name.replace('_', '-')}", str(value)]
    return out


def variant_id(options):
    return ",".join(f"{k}={v}" for k, v in options.items()) or "standard"


@pytest.fixture(scope="module")
def simulated(cli, tmp_path_factory):
    """Per variant, simulated logs (with the deal really made) as files: a list of
    (options, log path, truth path)."""
    out = tmp_path_factory.mktemp("gofish")
    games = []
    for v, options in enumerate(VARIANTS):
        for k, (kind, extra) in enumerate(KINDS):
            done = cli.run("simulate", "gofish", "--seed", 100 * v + 10 * k, "--count", PER_KIND,
                           "--truth", "--format", "jsonl", *flags(options), *extra)
            assert done.returncode == 0, done.stderr
            for n, line in enumerate(done.stdout.splitlines()):
                record = json.loads(line)
                log = out / f"{v}-{kind}-{n}.log"
                log.write_text(record["log"])
                truth = out / f"{v}-{kind}-{n}.json"
                truth.write_text(json.dumps(record))
                games.append((options, log, truth))
    return games


def test_simulated_logs_cover_both_verdicts(simulated):
    assert len(simulated) == len(VARIANTS) * len(KINDS) * PER_KIND
    verdicts = [gofish.judge(log.read_text(), **options).verdict
                for options, log, _ in simulated]
    assert verdicts.count("foul") >= 10 and verdicts.count("fair") >= 10


def test_documents_are_the_clis_byte_for_byte(cli, simulated):
    for options, log, _ in simulated:
        text = log.read_text()
        judged = gofish.judge(text, **options)
        out = cli.run("gofish", "--format", "json", *flags(options), log).stdout.decode()
        assert judged.to_dict() == json.loads(out), log.name
        # The same bytes, as the command line writes them (pretty JSON, keys in its order).
        assert json.dumps(judged.to_dict(), indent=2, ensure_ascii=False) + "\n" == out
        assert judged.contract == cli.text("gofish", *flags(options), log)
        assert gofish.judge(text.encode(), **options) == judged  # bytes are logs too


def test_explanations_are_the_clis(cli, simulated):
    asked = ["--explain", "--deal", "--knowledge"]
    for options, log, _ in simulated:
        text = log.read_text()
        judged = gofish.judge(text, **options)
        both = flags(options)
        whole = cli.run("gofish", "--format", "json", *asked, *both, log).stdout.decode()
        document = _fairplay.gofish_judge(text, explain=True, deal=True, knowledge=True,
                                          **options)
        assert json.dumps(document, indent=2, ensure_ascii=False) + "\n" == whole, log.name
        assert judged.explain() == cli.json("gofish", "--explain", *both, log)["explanation"]
        assert judged.deal() == cli.json("gofish", "--deal", *both, log)["explanation"]["deal"]
        knowledge = cli.json("gofish", "--knowledge", *both, log)["explanation"]["knowledge"]
        assert judged.knowledge() == knowledge
        at = max(judged.actions // 2, 1)
        assert judged.knowledge(at=at) == cli.json(
            "gofish", "--knowledge", "--at", at, *both, log)["explanation"]["knowledge"]
        assert judged.report(deal=True, knowledge=True) == cli.text("gofish", *asked, *both, log)
        assert judged.report(explain=False, knowledge=True, at=1) == cli.text(
            "gofish", "--knowledge", "--at", "1", *both, log)


def test_true_deals_are_the_clis(cli, simulated):
    for options, log, truth in simulated:
        text = log.read_text()
        expected = cli.json("gofish", "--true-deal", truth, *flags(options), log)
        record = json.loads(truth.read_text())
        judged = gofish.judge(text, true_deal=record, **options)  # as --truth writes it
        assert judged.to_dict() == expected, log.name
        assert judged.explanation["true_deal"] is not None
        # the same deal as deal() gives a deal: hands and stock
        hands = [hand["cards"] for hand in record["deal"]]
        pair = dict(hands=hands, stock=record["stock"])
        assert gofish.judge(text, true_deal=pair, **options) == judged
        report = cli.text("gofish", "--true-deal", truth, *flags(options), log)
        assert _fairplay.gofish_judge(text, true_deal=(hands, pair["stock"]), text=True,
                                      **options) == report


def test_true_deal_as_text_and_a_late_lie(cli):
    log = EXAMPLES / "gofish" / "late.log"
    deal = EXAMPLES / "gofish" / "late.deal"
    options = dict(players=2, ranks=3, hand=5)
    judged = gofish.judge(log.read_text(), true_deal=deal.read_text(), **options)
    assert judged.to_dict() == cli.json("gofish", "--true-deal", deal, *flags(options), log)
    assert judged.verdict == "foul"
    lies = judged.explanation["true_deal"]["wrong"]
    assert lies and lies[0]["action"] < judged.action  # told before it surfaced


@pytest.mark.parametrize("seat,hand_of,draws", [
    (2, "2,2,3", "A"), (2, ["2", "2", "3"], ["A"]), (1, "A,3,3", None), (2, "2,2,3", ""),
])
def test_a_seat_is_the_clis(cli, seat, hand_of, draws):
    log = EXAMPLES / "gofish" / "seat.log"
    options = dict(players=2, ranks=3, hand=3)
    cli_flags = ["--seat", seat, "--hand-of",
                 hand_of if isinstance(hand_of, str) else ",".join(hand_of)]
    if draws is not None:
        cli_flags += ["--draws", draws if isinstance(draws, str) else ",".join(draws)]
    judged = gofish.judge(log.read_text(), seat=seat, hand_of=hand_of, draws=draws, **options)
    assert judged.to_dict() == cli.json("gofish", *cli_flags, *flags(options), log)
    assert judged.contract == cli.text("gofish", *cli_flags, *flags(options), log)


def test_the_seat_sees_earlier_than_a_watcher():
    log = (EXAMPLES / "gofish" / "seat.log").read_text()
    options = dict(players=2, ranks=3, hand=3)
    assert gofish.judge(log, **options).fair
    seated = gofish.judge(log, seat=2, hand_of="2,2,3", draws="A", **options)
    assert (seated.verdict, seated.action) == ("foul", 6)
    view = seated.explanation["seat"]
    assert (view["watcher_since"], view["seat_since"]) == (None, 6)


@pytest.mark.parametrize("question", [["--explain"], ["--deal"], ["--knowledge"],
                                      ["--knowledge", "--at", "3"],
                                      ["--explain", "--deal", "--knowledge"]])
def test_a_seat_explains_as_the_cli(cli, question):
    """Explanations from a seat: the document and the report are the command line's."""
    log = EXAMPLES / "gofish" / "seat.log"
    options = dict(players=2, ranks=3, hand=3)
    cli_flags = ["--seat", "2", "--hand-of", "2,2,3", "--draws", "A", *flags(options)]
    asked = dict(explain="--explain" in question, deal="--deal" in question,
                 knowledge="--knowledge" in question,
                 at=int(question[-1]) if "--at" in question else None)
    seated = dict(seat=2, hand_of="2,2,3", draws="A", **options)
    document = _fairplay.gofish_judge(log.read_text(), **seated, **asked)
    assert document == cli.json("gofish", *question, *cli_flags, log)
    report = _fairplay.gofish_judge(log.read_text(), **seated, **asked, text=True)
    assert report == cli.text("gofish", *question, *cli_flags, log)
    if asked["explain"]:
        assert [s["action"] for s in document["explanation"]["proof"]] == [6]


@pytest.mark.parametrize("path", sorted((EXAMPLES / "gofish").glob("*.log")),
                         ids=lambda p: p.name)
@pytest.mark.parametrize("options", [{}, dict(players=2, ranks=3, hand=5),
                                     dict(players=2, ranks=3, hand=3)], ids=variant_id)
def test_examples_are_the_clis(cli, path, options):
    expected = cli.json("gofish", *flags(options), path)
    if "error" in expected:
        with pytest.raises(fairplay.LogError) as raised:
            gofish.judge(path.read_text(), **options)
        error = raised.value
        assert (error.kind, error.line, error.action, error.message) == (
            expected["error"]["kind"], expected["error"]["line"], expected["error"]["action"],
            expected["error"]["message"])
        assert error.game == "gofish"
        assert str(error) in cli.run("gofish", *flags(options), path).stderr.decode()
        return
    judged = gofish.judge(path.read_text(), **options)
    assert judged.to_dict() == expected
    assert judged.report() == cli.text("gofish", "--explain", *flags(options), path)


def damaged(lines):
    """Logs that break the rules or the notation somewhere in the middle of `lines`."""
    middle = len(lines) // 2
    yield lines[:middle] + [lines[middle - 1]] + lines[middle:]  # an action twice
    yield lines[:middle] + ["1 X 2"] + lines[middle:]  # not an action
    yield lines[:middle] + ["9 A 1 A fish"] + lines[middle:]  # no such player
    yield lines[:middle] + [""] + lines[middle + 1:]  # an action left out, a blank line


def test_errors_are_typed_and_the_clis(cli, simulated, tmp_path):
    kinds = set()
    for options, log, _ in simulated[::5]:
        for n, lines in enumerate(damaged(log.read_text().splitlines())):
            path = tmp_path / f"{n}.log"
            path.write_text("\n".join(lines) + "\n")
            expected = cli.json("gofish", *flags(options), path)
            if "error" not in expected:
                assert gofish.judge(path.read_text(), **options).to_dict() == expected
                continue
            with pytest.raises(fairplay.LogError) as raised:
                gofish.judge(path.read_text(), **options)
            error = raised.value
            assert (error.kind, error.line, error.action, error.message) == (
                expected["error"]["kind"], expected["error"]["line"],
                expected["error"]["action"], expected["error"]["message"])
            assert str(error) in cli.run("gofish", *flags(options), path).stderr.decode()
            kinds.add(error.kind)
    assert kinds == {"rule", "malformed"}


def test_line_too_long_is_the_clis(cli, tmp_path):
    path = tmp_path / "long.log"
    path.write_text("1 A 2 7 fish\n1 D" + " " * 200 + "\n")
    expected = cli.json("gofish", "--max-line", "100", path)["error"]
    with pytest.raises(fairplay.LineTooLongError) as raised:
        gofish.judge(path.read_text(), max_line=100)
    assert (raised.value.line, raised.value.message) == (expected["line"], expected["message"])
    assert gofish.judge(path.read_text()).fair


def live_events(cli, path, *args):
    out = cli.run("gofish", "--live", "--format", "json", *args, path).stdout.decode()
    return [json.loads(line) for line in out.splitlines()]


def live_text(cli, path, *args):
    return cli.run("gofish", "--live", *args, path).stdout.decode().splitlines()


def test_referee_is_live_mode_step_by_step(cli, simulated, tmp_path):
    """Each line applied to the referee gives the event `--live --format json` gives it: the
    step (action, line, what it found, the verdict so far, the note) or the error of a line
    ignored; then the end."""
    checked = 0
    for options, log, _ in simulated[::2]:
        lines = log.read_text().splitlines()
        for n, variant in enumerate([lines, *damaged(lines)]):
            path = tmp_path / f"live-{n}.log"
            path.write_text("\n".join(variant) + "\n")
            events = live_events(cli, path, *flags(options))
            texts = live_text(cli, path, *flags(options))
            referee = gofish.Referee(**options)
            got, got_text = [], []
            for number, line in enumerate(variant, start=1):
                try:
                    step = referee.apply(line)
                except fairplay.LogError as error:
                    assert error.line == number
                    got.append({"event": "ignored", "error": {
                        "kind": error.kind, "line": error.line, "action": error.action,
                        "message": error.message}})
                    got_text.append(f"error: {error} (line ignored)")
                    continue
                if step is None:
                    continue
                verdict = referee.verdict
                got.append({
                    "event": "step", "action": step["action"], "line": step["line"],
                    "finding": step["foul"], "verdict": verdict["kind"],
                    "foul": {k: v for k, v in verdict.items() if k != "kind"} or None,
                    "note": step["note"]})
                got_text.append(step["text"])
            verdict = referee.verdict
            got.append({"event": "end", "actions": referee.actions, "verdict": verdict["kind"],
                        "foul": {k: v for k, v in verdict.items() if k != "kind"} or None,
                        "ignored": referee.ignored})
            got_text.append(referee.end())
            assert got == events, path.read_text()
            assert got_text == texts
            assert referee.lines == len(variant)
            checked += 1
    assert checked >= 30


def test_referee_steps_and_errors():
    referee = gofish.Referee(players=2, ranks=3, hand=3)
    assert (referee.game, referee.rules) == ("gofish", "2 players, 3 ranks, 3 cards each")
    step = referee.apply("1 A 2 A fish\n")
    assert step == {"action": 1, "line": 1, "foul": None, "note": None,
                    "text": "1: honest game still possible"}
    with pytest.raises(fairplay.RuleError) as raised:
        referee.apply("2 A 1 A fish")  # player 1 must draw first
    assert (raised.value.line, raised.value.action, raised.value.game) == (2, 2, "gofish")
    assert referee.actions == 1 and referee.ignored == 1
    assert referee.apply("  ") is None
    referee.apply("1 D")
    foul = referee.apply("2 A 1 A 1")
    assert foul["foul"]["reason"]["kind"] == "ask-without"
    assert foul["text"].startswith("3: CHEATING CERTAIN: ")
    assert referee.verdict["kind"] == "foul" and referee.verdict["action"] == 3
    assert referee.contract == "no\n3\n"
    assert referee.end() == "end: 3 actions, cheating certain since action 3, 1 line ignored"
    assert gofish.Referee(fish_turn="asked").rules == "4 players, 13 ranks, 5 cards each, fish turn asked"


def test_variant_options_change_verdicts():
    log = (EXAMPLES / "gofish" / "late.log").read_text()
    assert gofish.judge(log, players=2, ranks=3, hand=5).verdict == "foul"
    # With 4 cards each the stock holds 4 cards, and the log's draws and books fit other deals.
    other = gofish.judge(log, players=2, ranks=3, hand=4)
    assert other.rules == "2 players, 3 ranks, 4 cards each"
    assert other.to_dict() != gofish.judge(log, players=2, ranks=3, hand=5).to_dict()
    assert gofish.judge(log).rules == "4 players, 13 ranks, 5 cards each"
    assert gofish.judge(log, players=2).rules == "2 players, 13 ranks, 7 cards each"


BAD_OPTIONS = [
    (dict(players=1), "players: 1: expected a number from 2 to 10"),
    (dict(players=11), "players: 11: expected a number from 2 to 10"),
    (dict(players=-3), "players: -3: expected a number from 2 to 10"),
    (dict(players=10**30), "players: 1000000000000000000000000000000: expected"),
    (dict(ranks=0), "ranks: 0: expected a number from 1 to 13"),
    (dict(ranks=14), "ranks: 14: expected a number from 1 to 13"),
    (dict(hand=-1), "hand: -1: expected a number from 0"),
    (dict(hand=20), "players=4, ranks=13, hand=20: 4 hands of 20 cards need 80 cards"),
    (dict(players=10, ranks=3), "players=10, ranks=3: 10 hands of 5 cards need 50 cards"),
    (dict(fish_turn="later"), "fish_turn: `later`: expected \"next\" or \"asked\""),
    (dict(max_line=-1), "max_line: -1"),
]

BAD_JUDGE_OPTIONS = BAD_OPTIONS + [
    (dict(seat=1), "`seat` and `hand_of` go together"),
    (dict(hand_of="A"), "`seat` and `hand_of` go together"),
    (dict(draws="A"), "`draws` needs `seat`"),
    (dict(seat=5, hand_of="A,A,2,3,4"), "seat: 5: expected a number from 1 to 4"),
    (dict(seat=1, hand_of="A,A"), "hand_of: 2 cards given, but each player is dealt 5"),
    (dict(seat=1, hand_of="A,A,2,3,Z"), "hand_of: `Z` is not a rank of this game"),
    (dict(seat=1, hand_of="A,A,A,3,4", draws="A,A"), "draws: more than four cards of rank A"),
    (dict(seat=1, hand_of=[1, 2]), "hand_of: expected ranks"),
    (dict(true_deal="player 1: A"), "true_deal: "),
    (dict(true_deal=dict(hands=[["A"]], stock=[])), "true_deal: the deal gives 1 hands for 4"),
    (dict(true_deal=dict(stock=[])), "true_deal: expected the hands"),
]


@pytest.mark.parametrize("options,words", BAD_JUDGE_OPTIONS, ids=lambda o: repr(o))
def test_bad_options_are_value_errors_naming_them(options, words):
    with pytest.raises(ValueError) as raised:
        gofish.judge("1 A 2 7 fish\n", **options)
    assert words in str(raised.value)
    assert not isinstance(raised.value, fairplay.LogError)


@pytest.mark.parametrize("options,words", BAD_OPTIONS, ids=lambda o: repr(o))
def test_bad_referee_options(options, words):
    with pytest.raises(ValueError) as raised:
        gofish.Referee(**options)
    assert words in str(raised.value)


def test_bad_questions():
    with pytest.raises(ValueError, match="`at` needs `knowledge`"):
        _fairplay.gofish_judge("1 A 2 7 fish\n", at=1)
    deal = (EXAMPLES / "gofish" / "late.deal").read_text()
    with pytest.raises(ValueError, match="`seat` cannot be combined with `true_deal`"):
        _fairplay.gofish_judge("1 A 2 A fish\n", players=2, ranks=3, hand=5, seat=1,
                               hand_of="A,A,2,3,3", true_deal=deal)
    with pytest.raises(TypeError):
        gofish.judge("1 A 2 7 fish\n", ranks="13")


def test_judge_and_detect_tell_go_fish():
    log = (EXAMPLES / "gofish" / "sample1.log").read_text()
    judged = fairplay.judge(log, players=2, ranks=3, hand=3)
    assert isinstance(judged, gofish.Judgement)
    assert judged == gofish.judge(log, players=2, ranks=3, hand=3)
    assert fairplay.judge(log, game="gofish").game == "gofish"


@pytest.fixture(scope="module")
def many(cli, tmp_path_factory):
    """Simulated Go Fish logs of a variant (3 players, 7 ranks, 4 cards, the asked player's
    turn after a "Go fish"; some cheated), standard ones, and broken ones, as JSON Lines."""
    out = tmp_path_factory.mktemp("gofish-many")
    variant = dict(players=3, ranks=7, hand=4, fish_turn="asked")
    records = []
    for options, seed in ((variant, 1), ({}, 2)):
        done = cli.run("simulate", "gofish", "--seed", seed, "--count", 300, "--cheat-rate",
                       "0.03", "--format", "jsonl", *flags(options))
        records += [json.loads(line)["log"] for line in done.stdout.splitlines()]
    records += ["1 A 2 7 fish\n2 A 1 7 fish\n", "1 A 9 7 fish\n", "1 A 2 7 fish\n1 D\n"]
    jsonl = out / "logs.jsonl"
    with open(jsonl, "w") as f:
        for i, log in enumerate(records):
            f.write(json.dumps({"id": str(i), "log": log}) + "\n")
    return variant, records, jsonl


@pytest.mark.parametrize("game", ["auto", "gofish"])
def test_judge_many_with_go_fish_options_is_fairplay_batch(cli, many, game):
    variant, records, jsonl = many
    # The Quartets deck of 32 cards does not split among 3 players: its hands are given.
    options = dict(variant, hands=[11, 11, 10])
    expected = [cli_row(r) for r in batch_rows(
        cli, jsonl, "--game", game, *flags(variant), "--hands", "11,11,10")]
    got = fairplay.judge_many(records, game=game, **options).to_pylist()
    assert [as_cli_row(r) for r in got] == expected
    verdicts = [r["verdict"] for r in got[:300]]
    assert verdicts.count("foul") >= 10 and verdicts.count("fair") >= 10
    assert all(r["game"] == "gofish" for r in got[:300])
    # The standard logs break this variant's rules (a player 4, ranks beyond 7): error rows.
    assert sum(r["verdict"] == "error" for r in got[300:600]) >= 290


def test_judge_many_go_fish_options_are_checked():
    logs = ["1 A 2 7 fish\n"]
    # 12 players: Quartets can, Go Fish cannot; without Go Fish asked for, its logs go unjudged.
    rows = fairplay.judge_many(logs, players=12, hands=[3] * 8 + [2] * 4).to_pylist()
    assert (rows[0]["verdict"], rows[0]["kind"]) == ("error", "unknown-game")
    for options, words in [
        (dict(game="gofish", players=12, hands=[3] * 8 + [2] * 4),
         "players: 12: expected a number from 2 to 10"),
        (dict(players=12, hands=[3] * 8 + [2] * 4, ranks=5), "players: 12"),
        (dict(ranks=0), "ranks: 0: expected a number from 1 to 13"),
        (dict(hand=30), "players=4, ranks=13, hand=30"),
        (dict(fish_turn="soon"), "fish_turn: `soon`"),
    ]:
        with pytest.raises(ValueError) as raised:
            fairplay.judge_many(logs, **options)
        assert words in str(raised.value)


def test_any_bytes_are_a_verdict_or_a_log_error(simulated):
    """Logs cut, and cut and spliced, at random bytes, and random bytes: each is judged or is a
    `LogError` (no other exception, no panic: pyo3 would raise `PanicException`), by `judge`,
    with explanations, by the referee and by `judge_many`, which agrees with `judge`."""
    import random

    rng = random.Random(33)
    texts = [log.read_bytes() for _, log, _ in simulated]
    logs = []
    for _ in range(300):
        a, b = rng.choice(texts), rng.choice(texts)
        cut = a[:rng.randrange(len(a) + 1)] + b[rng.randrange(len(b) + 1):]
        logs.append(cut)
        logs.append(a[:rng.randrange(len(a) + 1)])
        logs.append(bytes(rng.choice(b"0123456789 ADBfishAJQK\n\r\t\xff") for _ in range(40)))
    rows = fairplay.judge_many(logs, game="gofish", threads=2).to_pylist()
    outcomes = set()
    for log, row in zip(logs, rows):
        try:
            judged = gofish.judge(log)
            judged.explain(), judged.knowledge(at=3)
            assert (row["verdict"], row["action"]) == (judged.verdict, judged.action)
            outcomes.add(judged.verdict)
        except fairplay.LogError as error:
            assert (row["verdict"], row["kind"]) == ("error", error.kind)
            outcomes.add(error.kind)
        referee = gofish.Referee()
        for line in log.split(b"\n"):
            try:
                referee.apply(line)
            except fairplay.LogError:
                pass
        assert referee.end().startswith("end: ")
    assert {"fair", "foul", "malformed", "rule"} <= outcomes
