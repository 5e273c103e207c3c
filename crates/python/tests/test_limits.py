"""Whatever it is given, the interpreter survives: memory (under an address-space limit, in
an interpreter of its own), endless inputs, options out of range, threads, Ctrl-C."""

import os
import time

import pytest

import fairplay
from fairplay import quartets, sequence
from conftest import as_cli_row, batch_rows, cli_row, run_python

LOG = "4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n"


def test_long_logs_beyond_memory_are_judged_a_chunk_at_a_time():
    # 30 logs of 2 million actions (24 MB each, 720 MB in all, one string 30 times) under a
    # limit of 512 MB more than the interpreter uses: a copy of them all cannot be made, and
    # need not be.
    done = run_python("""
        import fairplay
        fairplay.judge_many(["1\\n1 A 2 3C no\\n"], threads=1)  # start the thread first
        n = 2_000_000
        log = f"{n}\\n" + "1 A 2 3C no\\n2 A 3 3C no\\n3 A 4 3C no\\n4 A 1 3C no\\n" * (n // 4)
        limit_memory(512 << 20)
        rows = fairplay.judge_many([log] * 30, threads=1).to_pylist()
        assert len(rows) == 30, len(rows)
        assert {(r["verdict"], r["action"], r["actions"]) for r in rows} == {("foul", 4, n)}, rows[0]
        print("judged")
    """)
    assert (done.returncode, done.stdout.strip()) == (0, "judged"), done.stderr[-2000:]


def test_rows_beyond_memory_are_a_memory_error():
    # The rows of 4 million logs (about 90 bytes each) do not fit in 200 MB more.
    done = run_python("""
        import fairplay
        fairplay.judge_many(["1\\n1 A 2 3C no\\n"] * 100)  # start the threads first
        logs = [None] * 4_000_000
        limit_memory(200 << 20)
        try:
            fairplay.judge_many(logs)
        except MemoryError as error:
            print("MemoryError:", error)
        # The interpreter goes on, and so does the package.
        print(fairplay.judge_many(logs[:3]).num_rows)
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("MemoryError: judge_many: no memory for the rows"), lines
    assert lines[1] == "3"


def test_bytes_are_judged_where_they_lie():
    # A log of 300 MB as bytes, under a limit of 200 MB more: judged with no copy.
    done = run_python("""
        import fairplay
        fairplay.judge_many(["1\\n1 A 2 3C no\\n"] * 100)
        log = b"1\\n1 A 2 3C no\\n" + b"x" * (300 << 20)
        limit_memory(200 << 20)
        try:
            fairplay.quartets.judge(log)
        except fairplay.LineTooLongError as error:
            print(error)
        print(fairplay.judge_many([log, log]).column("kind").to_pylist())
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == [
        "line 3: the line is longer than 4096 bytes", "['line-too-long', 'line-too-long']"]


def test_an_endless_iterable_is_refused_at_once():
    done = run_python("""
        import itertools
        import fairplay
        limit_memory(256 << 20)
        try:
            fairplay.judge_many(itertools.repeat("1\\n1 A 2 3C no\\n"))
        except TypeError as error:
            print(error)
    """, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "takes a sequence of logs" in done.stdout and "not a repeat" in done.stdout


@pytest.mark.parametrize("logs,kind", [
    ((log for log in [LOG]), "generator"),
    ({LOG}, "set"),
    ({LOG: 1}, "dict"),
    (iter([LOG]), "list_iterator"),
])
def test_only_sequences_and_arrow_arrays_are_logs(logs, kind):
    with pytest.raises(TypeError, match=f"a sequence of logs .* not a {kind}: "):
        fairplay.judge_many(logs)


def test_sequences_of_any_kind_are_logs():
    import collections.abc

    import numpy

    class Logs(collections.abc.Sequence):
        def __init__(self, logs):
            self.logs = logs

        def __len__(self):
            return len(self.logs)

        def __getitem__(self, i):
            return self.logs[i]

    expected = fairplay.judge_many([LOG, None, "1\n1 2s P 2s\n"]).to_pylist()
    for logs in ((LOG, None, "1\n1 2s P 2s\n"), Logs([LOG, None, "1\n1 2s P 2s\n"])):
        assert fairplay.judge_many(logs).to_pylist() == expected
    array = numpy.array([LOG, "1\n1 2s P 2s\n"])
    assert fairplay.judge_many(array).to_pylist() == [expected[0], {**expected[2], "index": 1}]


@pytest.mark.parametrize("call,words", [
    (lambda: quartets.judge(LOG, players=-1), "players: -1: expected a number from 2 to 16"),
    (lambda: quartets.judge(LOG, players=10**30), "players: 10{30}: expected a number from 2 to 16"),
    (lambda: quartets.judge(LOG, players=1), "players: 1: expected a number from 2 to 16"),
    (lambda: quartets.judge(LOG, cards_per_set=27), "cards_per_set: 27: expected a number from 1 to 26"),
    (lambda: quartets.judge(LOG, sets=-8), "sets: -8: expected a number from 1 to 262144"),
    (lambda: quartets.judge(LOG, hands=[-1, 11, 11, 11]), "hands: -1: expected a number from 0 to 1048576"),
    (lambda: quartets.judge(LOG, hands=[8, 8, 8]), "hands: 3 hand sizes given for 4 players"),
    (lambda: quartets.judge(LOG, players=3), r"hands: .* \(e.g. hands=\[11, 11, 10\]\)"),
    (lambda: sequence.judge("1\n1 2s P 2s\n", rules="full", teams=10**10), "teams: 10{10}: a game has 2 or 3 teams"),
    (lambda: sequence.judge("1\n1 2s P 2s\n", rules="full", card_plays=-1), "card_plays: -1: expected a number of plays from 1 to 255"),
    (lambda: quartets.judge(LOG, seat=10**30, hand="1A"), "seat: 10{30}: expected a number from 1 to 4"),
    (lambda: quartets.judge(LOG, seat=0, hand="1A"), "seat: 0: expected a number from 1 to 4"),
    (lambda: quartets.judge(LOG).knowledge(at=-1), "at: -1: expected a number from 0 to"),
    (lambda: quartets.judge(LOG, max_line=-1), "max_line: -1: expected a number from 0 to"),
    (lambda: fairplay.judge_many([LOG], threads=-1), "threads: -1: expected a number from 1 to 256"),
    (lambda: fairplay.judge_many([LOG], threads=0), "threads: 0: expected a number from 1 to 256"),
    (lambda: fairplay.judge_many([LOG], players=2**64), "players: 18446744073709551616: expected"),
    (lambda: quartets.Referee(players=-4), "players: -4: expected a number from 2 to 16"),
    (lambda: sequence.Referee(rules="full", teams=-3), "teams: -3: a game has 2 or 3 teams"),
])
def test_options_out_of_range_are_value_errors_naming_them(call, words):
    with pytest.raises(ValueError, match="^" + words):
        call()


def test_options_of_the_wrong_type_are_type_errors():
    with pytest.raises(TypeError, match="players: expected an int, not str"):
        quartets.judge(LOG, players="4")
    with pytest.raises(TypeError, match="threads: expected an int, not float"):
        fairplay.judge_many([LOG], threads=2.0)


def fairplay_threads():
    """The ids of this process's threads that fairplay's pools started."""
    tasks = "/proc/self/task"
    ids = set()
    for task in os.listdir(tasks):
        try:
            with open(f"{tasks}/{task}/comm") as comm:
                if comm.read().startswith("fairplay-"):
                    ids.add(task)
        except FileNotFoundError:  # a thread that has just ended
            pass
    return ids


def started(before, count):
    """The ids of the fairplay threads not in `before`, once there are `count` of them (a
    thread takes its name when it first runs, which may take a while on a loaded machine)."""
    deadline = time.monotonic() + 30
    while len(fairplay_threads() - before) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    return fairplay_threads() - before


def test_threads_are_checked_first_and_pools_are_kept():
    before = fairplay_threads()
    # Refused before any thread is started, whatever else is wrong.
    with pytest.raises(ValueError, match="threads: 10000: expected a number from 1 to 256"):
        fairplay.judge_many(["oops"], threads=10000)
    with pytest.raises(TypeError):
        fairplay.judge_many(42, threads=7)
    with pytest.raises(ValueError):
        fairplay.judge_many(["oops"], threads=7, players=1)
    assert fairplay_threads() == before
    # One pool per size, kept: the same threads judge every call.
    expected = fairplay.judge_many([LOG] * 50).to_pylist()
    assert fairplay.judge_many([LOG] * 50, threads=3).to_pylist() == expected
    three = started(before, 3)
    assert len(three) == 3
    for _ in range(5):
        assert fairplay.judge_many([LOG] * 50, threads=3).to_pylist() == expected
    assert started(before, 3) == three
    assert fairplay.MAX_THREADS == 256


def test_ctrl_c_stops_a_batch_between_chunks():
    # 1 000 000 logs of 1000 actions; SIGINT 0.1 s after the batch starts. Without checks
    # between chunks, the KeyboardInterrupt comes once the whole batch is judged. (With
    # 100 000 logs the whole batch took only 0.29 s of CPU once the engine had got faster,
    # too near the 0.1 s before the signal for the comparison below to mean anything.)
    done = run_python("""
        import os, signal, threading, time
        import fairplay
        log = "1000\\n" + "1 A 2 3C no\\n2 A 3 3A yes\\n" * 500
        logs = [log] * 1_000_000
        start = time.process_time()
        fairplay.judge_many(logs, threads=1)
        whole = time.process_time() - start
        timer = threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGINT))
        start = time.process_time()
        timer.start()
        try:
            fairplay.judge_many(logs, threads=1)
            print("not interrupted")
        except KeyboardInterrupt:
            print("interrupted", whole, time.process_time() - start)
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    word, whole, interrupted = done.stdout.split()
    assert word == "interrupted"
    # CPU time, so that a loaded machine does not make the batch look shorter than it is.
    assert float(interrupted) < float(whole) / 2, (whole, interrupted)


def test_a_str_that_is_not_text_is_an_error_row(cli, tmp_path):
    # A lone surrogate has no UTF-8: the log is read as the bytes `surrogatepass` gives it,
    # which are not text either, and judged as `fairplay batch` judges those bytes.
    logs = ["1\n1 A 2 3C no\ud800\n", LOG, "1\n\udfff\n"]
    for i, log in enumerate(logs):
        (tmp_path / f"{i}.log").write_bytes(log.encode("utf-8", "surrogatepass"))
    for game in ("auto", "quartets"):
        rows = fairplay.judge_many(logs, game=game).to_pylist()
        assert [r["verdict"] for r in rows] == ["error", "foul", "error"]
        expected = {r["log"]: cli_row(r) for r in batch_rows(cli, tmp_path, "--game", game)}
        assert [as_cli_row(r) for r in rows] == [
            expected[str(tmp_path / f"{i}.log")] for i in range(len(logs))
        ]
    # judged alone, the same: a LogError naming the line
    with pytest.raises(fairplay.MalformedLogError) as raised:
        quartets.judge(logs[0])
    assert raised.value.line == 2
