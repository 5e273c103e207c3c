"""judge_many: lists and Arrow arrays (pyarrow, polars, pandas), rows equal to `fairplay
batch`'s on the same logs, in parallel without the GIL."""

import json
import threading
import time

import pyarrow as pa
import pytest

import fairplay
from conftest import as_cli_row, batch_rows, cli_row

BROKEN = [
    "2\n1 A 2 3C no\n1 A 2 3B no\n",  # rule
    "1\n1 B 2 3C no\n",  # malformed
    "hello\n",  # unknown game
    "",  # no action line
    "1\n1 2s P 2s\n2 3s P 3s\n",  # a count that disagrees
    "1\n1 A 2 3C no" + " " * (1 << 20) + "\n",  # line too long
]


@pytest.fixture(scope="module")
def logs(cli, tmp_path_factory):
    """2 000 simulated Quartets logs (some cheated), 500 Sequence logs (some illegal), and
    broken ones, as a JSON Lines file for `fairplay batch` and as a list."""
    out = tmp_path_factory.mktemp("many")
    records = []
    for game, flag in (("quartets", "--cheat-rate"), ("sequence", "--illegal-rate")):
        count = 2000 if game == "quartets" else 500
        done = cli.run("simulate", game, "--seed", "7", "--count", count, flag, "0.05",
                       "--format", "jsonl")
        records += [json.loads(line)["log"] for line in done.stdout.splitlines()]
    records[10:10] = BROKEN
    jsonl = out / "logs.jsonl"
    with open(jsonl, "w") as f:
        for i, log in enumerate(records):
            f.write(json.dumps({"id": str(i), "log": log}) + "\n")
    return records, jsonl


def rows_of(table):
    return table.to_pylist()


def test_rows_without_pyarrow_read_as_pyarrow_reads_them(cli, logs, monkeypatch):
    """Without pyarrow, judge_many's rows still read: `to_pylist()` gives the dicts that
    pyarrow's table of the same rows gives, cell for cell (ints, strings, None)."""
    records, jsonl = logs
    with_pyarrow = fairplay.judge_many(records).to_pylist()
    monkeypatch.setitem(__import__("sys").modules, "pyarrow", None)  # `import pyarrow` fails
    rows = fairplay.judge_many(records)
    assert not isinstance(rows, pa.Table)
    assert len(rows) == len(records)
    assert rows.to_pylist() == with_pyarrow
    expected = [cli_row(r) for r in batch_rows(cli, jsonl)]
    assert [as_cli_row(r) for r in rows.to_pylist()] == expected


def test_rows_equal_fairplay_batch(cli, logs):
    records, jsonl = logs
    expected = [cli_row(r) for r in batch_rows(cli, jsonl)]
    table = fairplay.judge_many(records)
    assert table.column_names == list(fairplay.COLUMNS)
    got = rows_of(table)
    assert [r["index"] for r in got] == list(range(len(records)))
    assert [as_cli_row(r) for r in got] == expected
    verdicts = {r["verdict"] for r in got}
    assert verdicts == {"fair", "foul", "error"}
    kinds = {r["kind"] for r in got if r["verdict"] == "error"}
    assert {"rule", "malformed", "unknown-game", "line-too-long"} <= kinds


@pytest.mark.parametrize("kind", ["string", "large_string", "string_view", "chunked", "binary"])
def test_pyarrow_arrays(logs, kind):
    records, _ = logs
    expected = rows_of(fairplay.judge_many(records))
    if kind == "chunked":
        array = pa.chunked_array([records[:1000], records[1000:1001], records[1001:]])
    elif kind == "binary":
        array = pa.array([r.encode() for r in records], pa.binary())
    else:
        array = pa.array(records, getattr(pa, kind)())
    assert rows_of(fairplay.judge_many(array)) == expected
    # a one-column table and a record batch too
    assert rows_of(fairplay.judge_many(pa.table({"log": array}))) == expected


def test_a_table_of_many_columns_is_refused(logs):
    records, _ = logs
    with pytest.raises(TypeError, match="one column"):
        fairplay.judge_many(pa.table({"a": records[:3], "b": records[:3]}))
    with pytest.raises(TypeError, match="strings"):
        fairplay.judge_many(pa.array([1, 2, 3]))


def test_polars(logs):
    import polars as pl

    records, _ = logs
    expected = rows_of(fairplay.judge_many(records))
    series = pl.Series("log", records)
    assert rows_of(fairplay.judge_many(series)) == expected
    # polars reads the rows back, and a column of a frame is a Series
    frame = pl.DataFrame({"log": records})
    judged = pl.from_arrow(fairplay.judge_many(frame["log"]))
    assert judged.height == len(records)
    assert judged["verdict"].to_list() == [r["verdict"] for r in expected]


def test_pandas_with_arrow_strings(logs):
    import pandas as pd

    records, _ = logs
    expected = rows_of(fairplay.judge_many(records))
    series = pd.Series(records, dtype=pd.ArrowDtype(pa.string()))
    assert rows_of(fairplay.judge_many(series)) == expected
    assert rows_of(fairplay.judge_many(pd.Series(records, dtype="string[pyarrow]"))) == expected


def test_nulls_and_bytes():
    table = fairplay.judge_many(["1\n1 A 2 3C no\n", None, b"1\n1 2s P 2s\n"])
    rows = rows_of(table)
    assert [r["verdict"] for r in rows] == ["fair", "error", "fair"]
    assert rows[1]["kind"] == "malformed" and rows[1]["game"] is None
    array = pa.array(["1\n1 A 2 3C no\n", None])
    assert [r["verdict"] for r in rows_of(fairplay.judge_many(array))] == ["fair", "error"]
    assert fairplay.judge_many([]).num_rows == 0


def test_game_threads_and_variants(logs, cli, tmp_path):
    records, jsonl = logs
    one = rows_of(fairplay.judge_many(records, threads=1))
    assert one == rows_of(fairplay.judge_many(records, threads=2))
    named = rows_of(fairplay.judge_many(records, game="quartets"))
    expected = [cli_row(r) for r in batch_rows(cli, jsonl, "--game", "quartets")]
    assert [as_cli_row(r) for r in named] == expected
    assert any(r["verdict"] == "error" and r["game"] == "quartets" for r in named[-500:])
    full = rows_of(fairplay.judge_many(records, rules="full"))
    expected = [cli_row(r) for r in batch_rows(cli, jsonl, "--rules", "full")]
    assert [as_cli_row(r) for r in full] == expected
    capped = rows_of(fairplay.judge_many(records, rules="full", first="green", card_plays=1))
    flags = ["--rules", "full", "--first", "green", "--card-plays", "1"]
    expected = [cli_row(r) for r in batch_rows(cli, jsonl, *flags)]
    assert [as_cli_row(r) for r in capped] == expected
    with pytest.raises(ValueError, match="unknown game"):
        fairplay.judge_many(records, game="chess")
    with pytest.raises(ValueError):
        fairplay.judge_many(records, threads=0)


def test_the_gil_is_released(logs):
    records, _ = logs
    many = records * 10
    done = threading.Event()
    ticks = 0

    def judge():
        fairplay.judge_many(many, threads=1)
        done.set()

    worker = threading.Thread(target=judge)
    start = time.perf_counter()
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.0005)
    worker.join()
    elapsed = time.perf_counter() - start
    # With the GIL held through the judging, this loop could not run in the meantime.
    assert elapsed > 0.05 and ticks > 20, (elapsed, ticks)


def test_rows_without_pyarrow_are_an_arrow_stream():
    from fairplay import _fairplay

    rows = _fairplay.judge_many(["1\n1 A 2 3C no\n"])
    assert len(rows) == 1
    assert hasattr(rows, "__arrow_c_stream__")
    assert pa.table(rows).column("verdict").to_pylist() == ["fair"]
    assert pa.schema(rows).names == list(fairplay.COLUMNS)
