"""fairplay.spark.judge on PySpark in local mode: 100 000 simulated logs written to Parquet,
every row compared with `fairplay batch` on the same logs."""

import json
import os
import sys
import time

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import fairplay
import fairplay.spark
from conftest import batch_rows, cli_row

COUNT = int(os.environ.get("FAIRPLAY_SPARK_LOGS", "100000"))


@pytest.fixture(scope="module")
def spark():
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("fairplay-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "10000")
        .getOrCreate()
    )
    yield session
    session.stop()


@pytest.fixture(scope="module")
def archive(cli, tmp_path_factory):
    """COUNT logs: simulated Quartets (1 % cheated) and Sequence (1 % illegal) games and a
    few broken ones, as JSON Lines (for `fairplay batch`) and Parquet (for Spark)."""
    out = tmp_path_factory.mktemp("spark")
    start = time.perf_counter()
    # Few Sequence logs: the debug binary of CI simulates a Sequence game 50 times as slowly as
    # a Quartets one (89 s of CPU for 10 000), and test_many compares them with the batch.
    sequence = COUNT // 50
    quartets = COUNT - sequence - 3
    records = []
    for game, count, flag in (("quartets", quartets, "--cheat-rate"),
                              ("sequence", sequence, "--illegal-rate")):
        done = cli.run("simulate", game, "--seed", "11", "--count", count, flag, "0.01",
                       "--format", "jsonl")
        records += [json.loads(line)["log"] for line in done.stdout.splitlines()]
    records += ["1\n1 A 1 3C no\n", "nonsense\n", "2\n1 2s P 2s\n"]
    assert len(records) == COUNT
    ids = [f"g{i}" for i in range(COUNT)]
    jsonl = out / "logs.jsonl"
    with open(jsonl, "w") as f:
        for i, log in zip(ids, records):
            f.write(json.dumps({"id": i, "log": log}) + "\n")
    parquet = out / "logs.parquet"
    pq.write_table(pa.table({"id": ids, "log": records}), parquet, row_group_size=20000)
    print(f"\n{COUNT} logs simulated and written in {time.perf_counter() - start:.1f} s")
    return jsonl, parquet


def test_spark_rows_equal_fairplay_batch(cli, spark, archive):
    jsonl, parquet = archive
    start = time.perf_counter()
    expected = {r["log"]: cli_row(r) for r in batch_rows(cli, jsonl)}
    batch_seconds = time.perf_counter() - start

    df = spark.read.parquet(str(parquet)).repartition(4)
    judged = fairplay.spark.judge(df, log_col="log", game="auto")
    assert judged.columns == ["id", "log"] + [n for n, _ in fairplay.spark.VERDICT_COLUMNS]
    start = time.perf_counter()
    rows = judged.drop("log").toArrow().to_pylist()
    spark_seconds = time.perf_counter() - start
    print(f"spark local[2]: {COUNT} logs in {spark_seconds:.2f} s "
          f"({COUNT / spark_seconds:.0f} logs/s); fairplay batch {batch_seconds:.2f} s")

    assert len(rows) == COUNT
    got = {r.pop("id"): r for r in rows}
    assert got.keys() == expected.keys()
    mismatched = [i for i in expected if got[i] != expected[i]]
    assert not mismatched, (mismatched[:3], [got[i] for i in mismatched[:3]],
                            [expected[i] for i in mismatched[:3]])
    verdicts = [r["verdict"] for r in rows]
    assert verdicts.count("foul") > COUNT // 500
    assert verdicts.count("error") >= 3


def test_spark_refuses_clashing_columns(spark):
    df = spark.createDataFrame([("1\n1 A 2 3C no\n", "x")], ["log", "verdict"])
    with pytest.raises(ValueError, match="verdict"):
        fairplay.spark.judge(df)
    with pytest.raises(ValueError, match="no column"):
        fairplay.spark.judge(df.drop("verdict"), log_col="text")


def test_spark_small_frame_with_options(spark):
    df = spark.createDataFrame(
        [("a", "1\n1 A 2 2A no\n"), ("b", None)], "name string, log string"
    )
    rows = fairplay.spark.judge(df, game="quartets", players=3, sets=3,
                                cards_per_set=3).collect()
    assert [(r.name, r.verdict, r.game) for r in rows] == [
        ("a", "fair", "quartets"), ("b", "error", None)]


def test_spark_go_fish_variants_equal_fairplay_batch(cli, spark, tmp_path):
    # Go Fish logs of two variants (some cheated), each judged by its variant's options, as
    # `fairplay batch` judges them with the same flags.
    variants = [
        (dict(players=2, ranks=3, hand=5), ["--players", "2", "--ranks", "3", "--hand", "5"]),
        (dict(players=4, ranks=8, hand=4, fish_turn="asked"),
         ["--ranks", "8", "--hand", "4", "--fish-turn", "asked"]),
    ]
    for n, (options, flags) in enumerate(variants):
        done = cli.run("simulate", "gofish", "--seed", 30 + n, "--count", 400, "--cheat-rate",
                       "0.03", "--format", "jsonl", *flags)
        logs = [json.loads(line)["log"] for line in done.stdout.splitlines()]
        logs += ["1 A 2 7 fish\n2 A 1 7 fish\n", "1 A 9 A fish\n"]
        jsonl = tmp_path / f"gofish-{n}.jsonl"
        jsonl.write_text("".join(json.dumps({"log": log}) + "\n" for log in logs))
        expected = [cli_row(r) for r in batch_rows(cli, jsonl, "--game", "gofish", *flags)]
        df = spark.createDataFrame([(i, log) for i, log in enumerate(logs)], "n bigint, log string")
        judged = fairplay.spark.judge(df, game="gofish", **options)
        rows = sorted(judged.toArrow().to_pylist(), key=lambda r: r["n"])
        assert [{k: v for k, v in r.items() if k not in ("n", "log")} for r in rows] == expected
        verdicts = [r["verdict"] for r in rows]
        assert verdicts.count("foul") >= 5 and verdicts.count("fair") >= 5
        assert verdicts[-2:] == ["error", "error"]


def test_spark_keeps_names_of_any_spelling(spark):
    from pyspark.sql.types import IntegerType, StringType, StructField, StructType

    inner = StructType([StructField("b x", StringType()), StructField("c.d", IntegerType())])
    schema = StructType([
        StructField("s", inner),
        StructField("a`b", StringType()),
        StructField("the log", StringType()),
    ])
    df = spark.createDataFrame([(("x", 1), "y", "1\n1 A 2 3C no\n"), (None, None, "oops")], schema)
    judged = fairplay.spark.judge(df, log_col="the log")
    assert judged.schema.fields[:3] == schema.fields
    rows = judged.collect()
    assert (rows[0]["s"]["b x"], rows[0]["s"]["c.d"], rows[0]["a`b"]) == ("x", 1, "y")
    assert [(r["verdict"], r["game"]) for r in rows] == [("fair", "quartets"), ("error", None)]


@pytest.mark.parametrize("options,error,words", [
    (dict(game="chess"), ValueError, "unknown game `chess`"),
    (dict(players=3), ValueError, "hands: 32 cards do not split evenly among 3 players"),
    (dict(threads=0), ValueError, "threads: 0: expected a number from 1 to 256"),
    (dict(rules="full", teams=10**10), ValueError, "teams: "),
    (dict(colour="red"), TypeError, "colour"),
    (dict(log_col="n"), TypeError, "column `n` holds bigint, not logs"),
    (dict(game="gofish", players=16), ValueError, "players: 16: expected a number from 2 to 10"),
    (dict(ranks=14), ValueError, "ranks: 14: expected a number from 1 to 13"),
    (dict(hand=60), ValueError, "players=4, ranks=13, hand=60: 4 hands of 60 cards need"),
    (dict(fish_turn="later"), ValueError, "fish_turn: `later`"),
])
def test_spark_checks_everything_on_the_driver(spark, options, error, words):
    # At the call, before any job: not as a failed task once the job runs.
    df = spark.createDataFrame([("1\n1 A 2 3C no\n", 1)], "log string, n bigint")
    with pytest.raises(error, match=words):
        fairplay.spark.judge(df, **options)
