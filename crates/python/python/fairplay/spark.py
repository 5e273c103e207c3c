"""Audits on Spark: ``judge(df)`` judges a column of logs on the executors, in Rust, a batch
of Arrow rows at a time (``DataFrame.mapInArrow``), and returns the DataFrame with the
verdict columns of ``fairplay batch`` added.

The options are checked on the driver, when ``judge`` is called: a bad one is a
``ValueError`` (or ``TypeError``) there, not a failed task when the job runs. Every executor
needs the package: install the wheel there, or ship it with the job (see docs/python.md,
"On a cluster").
"""

from typing import Any, Dict, Iterator, Optional, cast

from ._types import GameName

__all__ = ["judge", "VERDICT_COLUMNS", "verdict_schema"]

#: The columns ``judge`` adds, with their Spark SQL types.
VERDICT_COLUMNS = (
    ("game", "string"),
    ("verdict", "string"),
    ("action", "bigint"),
    ("line", "bigint"),
    ("actions", "bigint"),
    ("kind", "string"),
    ("detail", "string"),
)


def verdict_schema() -> str:
    """The added columns as a Spark DDL string."""
    return ", ".join(f"`{name}` {kind}" for name, kind in VERDICT_COLUMNS)


def _judge_batches(
    batches: Iterator[Any],
    log_col: str,
    game: GameName,
    threads: Optional[int],
    options: Dict[str, Any],
) -> Iterator[Any]:
    import pyarrow  # type: ignore[import-untyped]

    import fairplay

    names = [name for name, _ in VERDICT_COLUMNS]
    for batch in batches:
        # A pyarrow.Table: the workers of mapInArrow have pyarrow.
        rows = cast(Any, fairplay.judge_many(
            batch.column(log_col), game=game, threads=threads, **options
        ))
        columns = list(batch.columns) + [rows.column(name).combine_chunks() for name in names]
        yield pyarrow.RecordBatch.from_arrays(
            columns, names=list(batch.schema.names) + names
        )


def judge(
    df: Any,
    log_col: str = "log",
    game: GameName = "auto",
    *,
    threads: Optional[int] = 1,
    **options: Any,
) -> Any:
    """``df`` with the verdict columns (``VERDICT_COLUMNS``) after its own, each row judged
    from its ``log_col`` column (strings or binary) as ``fairplay.judge_many`` judges it:
    ``game`` is ``"auto"``, ``"quartets"``, ``"sequence"`` or ``"gofish"``; ``options`` are
    ``judge_many``'s (the Quartets variant, the Sequence rules, the Go Fish variant:
    ``players``, ``ranks``, ``hand``, ``fish_turn``; ``max_line``). ``threads``:
    threads per Python worker (default 1: Spark runs one worker per core).

    Everything is checked here, on the driver, before any job: the options (as
    ``judge_many`` checks them), the column (it must hold strings or binary) and the names
    (the DataFrame must not have columns of the verdict's names already). Columns and
    nested fields of any name are kept as they are.
    """
    from pyspark.sql.types import (
        BinaryType,
        LongType,
        StringType,
        StructField,
        StructType,
    )

    import fairplay

    clashes = [name for name, _ in VERDICT_COLUMNS if name in df.columns]
    if clashes:
        raise ValueError(
            f"the DataFrame already has columns {clashes}: rename them before judging"
        )
    if log_col not in df.columns:
        raise ValueError(f"no column `{log_col}` in the DataFrame")
    kind = df.schema[log_col].dataType
    if not isinstance(kind, (StringType, BinaryType)):
        raise TypeError(
            f"column `{log_col}` holds {kind.simpleString()}, not logs (strings or binary)"
        )
    # The options, as the executors will use them: judging no log checks them all.
    fairplay.judge_many([], game=game, threads=threads, **options)
    # mapInArrow names every column in Spark's syntax (a name with a backtick is refused): the
    # job runs on columns named _0, _1, ... and the result gets the names back, as they are.
    names = list(df.columns)
    plain = [f"_{i}" for i in range(len(names))]
    types = {"string": StringType(), "bigint": LongType()}
    schema = StructType(
        [
            StructField(name, field.dataType, field.nullable, field.metadata)
            for name, field in zip(plain, df.schema.fields)
        ]
        + [StructField(name, types[kind], True) for name, kind in VERDICT_COLUMNS]
    )
    log_plain = plain[names.index(log_col)]

    def judge_partition(batches: Iterator[Any]) -> Iterator[Any]:
        return _judge_batches(batches, log_plain, game, threads, options)

    judged = df.toDF(*plain).mapInArrow(judge_partition, schema)
    return judged.toDF(*names, *(name for name, _ in VERDICT_COLUMNS))
