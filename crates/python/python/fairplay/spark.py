"""Audits on Spark: ``judge(df)`` judges a column of logs on the executors, in Rust, a batch
of Arrow rows at a time (``DataFrame.mapInArrow``), and returns the DataFrame with the
verdict columns of ``fairplay batch`` added.

Every executor needs the package: install the wheel there, or ship it with the job (see
docs/python.md, "Spark on a cluster").
"""

from typing import Any, Iterator, Optional

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
    batches: Iterator[Any], log_col: str, game: str, threads: Optional[int], options: dict
) -> Iterator[Any]:
    import pyarrow

    import fairplay

    names = [name for name, _ in VERDICT_COLUMNS]
    for batch in batches:
        rows = fairplay.judge_many(
            batch.column(log_col), game=game, threads=threads, **options
        )
        columns = list(batch.columns) + [rows.column(name).combine_chunks() for name in names]
        yield pyarrow.RecordBatch.from_arrays(
            columns, names=list(batch.schema.names) + names
        )


def judge(
    df: Any,
    log_col: str = "log",
    game: str = "auto",
    *,
    threads: Optional[int] = 1,
    **options: Any,
) -> Any:
    """``df`` with the verdict columns (``VERDICT_COLUMNS``) after its own, each row judged
    from its ``log_col`` column (strings) as ``fairplay.judge_many`` judges it: ``game`` is
    ``"auto"``, ``"quartets"`` or ``"sequence"``; ``options`` are ``judge_many``'s (the
    Quartets variant, the Sequence rules). ``threads``: threads per Python worker (default 1:
    Spark runs one worker per core).

    The DataFrame must not have columns of the verdict's names already.
    """
    clashes = [name for name, _ in VERDICT_COLUMNS if name in df.columns]
    if clashes:
        raise ValueError(
            f"the DataFrame already has columns {clashes}: rename them before judging"
        )
    if log_col not in df.columns:
        raise ValueError(f"no column `{log_col}` in the DataFrame")
    schema = ", ".join(
        f"`{field.name}` {field.dataType.simpleString()}" for field in df.schema.fields
    )
    schema = f"{schema}, {verdict_schema()}" if schema else verdict_schema()

    def judge_partition(batches: Iterator[Any]) -> Iterator[Any]:
        return _judge_batches(batches, log_col, game, threads, options)

    return df.mapInArrow(judge_partition, schema)
