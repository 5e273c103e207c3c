"""fairplay: the referee of recorded card games, for Python.

Three games, judged by the same engines as the ``fairplay`` command line:

* **Quartets** (``fairplay.quartets``): is there a deal of the cards that makes every action
  of a log honest? If not, after which action is cheating certain?
* **Sequence** (``fairplay.sequence``): the first illegal move, by the contract rules or the
  full rules.
* **Go Fish** (``fairplay.gofish``): is there a deal, with the stock's order, that makes every
  action of a log honest? If not, after which action is cheating certain?

One log::

    >>> import fairplay
    >>> game = fairplay.quartets.judge("4\\n1 A 2 3C no\\n2 A 3 3A yes\\n2 A 4 3D yes\\n2 A 1 3C no\\n")
    >>> game.verdict, game.action, game.reason
    ('foul', 4, 'no deal of the cards makes every action so far honest')
    >>> game.contract
    'no\\n4\\n'

``game.to_dict()`` is the JSON document of ``fairplay quartets --format json``. Explanations: ``game.explain()``,
``game.deal()``, ``game.knowledge(at=None)``, ``game.report()``.

A game as it is played: ``fairplay.quartets.Referee().apply("1 A 2 3C no")`` (and
``fairplay.sequence.Referee``, ``fairplay.gofish.Referee``).

Many logs, in parallel, without the GIL (a list of str, or an Arrow string array from
pyarrow, polars or pandas), into an Arrow table of rows as ``fairplay batch`` writes them::

    >>> rows = fairplay.judge_many(["1\\n1 A 2 3C no\\n", "1\\n1 2s P 2s\\n", "oops"])
    >>> rows.column("verdict").to_pylist()
    ['fair', 'fair', 'error']

A log that cannot be judged raises ``fairplay.LogError`` (``MalformedLogError``,
``RuleError``, ``LineTooLongError``, ``UnknownGameError``, ``LogIOError``) with ``kind``,
``line``, ``action`` and ``message``. On a Spark cluster: ``fairplay.spark.judge(df)``.
The guide: docs/python.md in the repository.
"""

from typing import TYPE_CHECKING, Any, Optional, Protocol, Sequence, Union

from . import _fairplay, gofish, quartets, sequence, spark
from ._errors import (
    LineTooLongError,
    LogError,
    LogIOError,
    MalformedLogError,
    RuleError,
    UnknownGameError,
)
from ._fairplay import Rows
from ._judgement import Judgement
from ._types import CardPlays, FishTurn, GameName, Log, SequenceRules, Team

if TYPE_CHECKING:
    import pyarrow  # type: ignore[import-untyped]

__version__: str = _fairplay.__version__
SCHEMA_VERSION: int = _fairplay.SCHEMA_VERSION

#: The columns of ``judge_many``'s table, in order.
COLUMNS = ("index", "game", "verdict", "action", "line", "actions", "kind", "detail")

#: Most threads ``judge_many`` runs (``threads=``).
MAX_THREADS: int = _fairplay.MAX_THREADS

#: The longest line of a log by default, in bytes (``max_line=``, as ``--max-line``).
DEFAULT_MAX_LINE: int = _fairplay.DEFAULT_MAX_LINE

__all__ = [
    "COLUMNS",
    "Judgement",
    "LineTooLongError",
    "LogError",
    "LogIOError",
    "DEFAULT_MAX_LINE",
    "MAX_THREADS",
    "MalformedLogError",
    "Rows",
    "RuleError",
    "SCHEMA_VERSION",
    "UnknownGameError",
    "gofish",
    "judge",
    "judge_many",
    "quartets",
    "sequence",
    "spark",
]


def judge(log: Log, game: GameName = "auto", **options: Any) -> Judgement:
    """Judges one log of any game: ``game="auto"`` tells it from the first action line
    (``UnknownGameError`` when no game's notation reads it), else ``"quartets"``,
    ``"sequence"`` or ``"gofish"``. ``options`` go to ``quartets.judge``, ``sequence.judge``
    or ``gofish.judge``.

    >>> import fairplay
    >>> fairplay.judge("1\\n1 2s P 2s\\n").game
    'sequence'
    >>> fairplay.judge("1 A 2 7 fish\\n1 D\\n").game
    'gofish'
    """
    name = _fairplay.detect(log) if game == "auto" else game
    if name == "quartets":
        return quartets.judge(log, **options)
    if name == "sequence":
        return sequence.judge(log, **options)
    if name == "gofish":
        return gofish.judge(log, **options)
    raise ValueError(
        f"game: `{game}`: expected \"auto\", \"quartets\", \"sequence\" or \"gofish\""
    )


class ArrowArray(Protocol):
    """An Arrow array exported through the PyCapsule interface (pyarrow, polars, ...)."""

    def __arrow_c_array__(self, requested_schema: Optional[object] = None) -> object: ...


class ArrowStream(Protocol):
    """An Arrow stream of arrays or of one-column batches (a chunked array, a Series, ...)."""

    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object: ...


#: What ``judge_many`` judges: a sequence of logs (``None``: no log), or an Arrow array.
Logs = Union[Sequence[Optional[Log]], ArrowArray, ArrowStream]


def _arrow_input(logs: Any) -> Any:
    """``logs`` as the native layer reads it: Arrow objects and sequences as they are; a
    pandas Series (or a polars one of an older polars) through pyarrow, without copying Arrow
    strings, or as its list without pyarrow; a NumPy array as its list."""
    if hasattr(logs, "__arrow_c_stream__") or hasattr(logs, "__arrow_c_array__"):
        return logs
    module = type(logs).__module__.split(".")[0]
    if module == "pandas":
        try:
            import pyarrow
        except ImportError:
            return logs.tolist()
        return pyarrow.array(logs, from_pandas=True)
    if module == "polars":
        return logs.to_arrow()
    if module == "numpy" and getattr(logs, "ndim", None) == 1:
        return logs.tolist()
    return logs


def _table(rows: Rows) -> Union["pyarrow.Table", Rows]:
    """The rows as a ``pyarrow.Table`` (read from their Arrow stream, which imports nothing
    more: ``pyarrow.table()`` would import pandas), or as they are without pyarrow."""
    try:
        import pyarrow
    except ImportError:
        return rows
    return pyarrow.RecordBatchReader.from_stream(rows).read_all()


def judge_many(
    logs: Logs,
    game: GameName = "auto",
    threads: Optional[int] = None,
    *,
    players: int = 4,
    sets: int = 8,
    cards_per_set: int = 4,
    hands: Optional[Sequence[int]] = None,
    rules: SequenceRules = "contract",
    teams: Optional[int] = None,
    first: Optional[Team] = None,
    card_plays: CardPlays = None,
    ranks: Optional[int] = None,
    hand: Optional[int] = None,
    fish_turn: Optional[FishTurn] = None,
    max_line: int = DEFAULT_MAX_LINE,
) -> Union["pyarrow.Table", Rows]:
    """Judges many logs at once, in parallel, without holding the GIL.

    ``logs``: a sequence (a list, a tuple) of ``str``, ``bytes`` or ``None``; or an Arrow
    array of strings (``string``, ``large_string``, ``string_view`` or binary), read through
    the Arrow PyCapsule interface without a Python object per row: a ``pyarrow.Array`` or
    ``ChunkedArray``, a ``polars.Series``, a pandas Series of Arrow strings, a one-column
    table. Iterators, generators, sets and dicts are refused (``TypeError``): an endless one
    would never end; judge a stream in chunks (see the guide). ``game``: ``"auto"`` (each
    log's game told from its first action line, as ``fairplay batch --game auto``),
    ``"quartets"``, ``"sequence"`` or ``"gofish"``. ``threads``: worker threads, 1 to
    ``MAX_THREADS`` (default: one per core; a pool is started once per size and kept). The
    Quartets variant (``players``, ...), the Sequence rules (``rules``, ``teams``, ``first``,
    ``card_plays``), the Go Fish variant (``players`` too, and ``ranks``, ``hand``,
    ``fish_turn``) and ``max_line`` (the longest line, in bytes) are those of ``fairplay
    batch``: a number of players Go Fish cannot have (more than 10) leaves Go Fish logs
    unjudged (unknown-game rows), unless Go Fish is asked for (``game="gofish"``, or one of
    its own options), which makes it a ``ValueError``. Every option and every item's type
    are checked before any log is judged; a bad option is a ``ValueError`` naming it.

    Returns the rows in input order, one per log, as a ``pyarrow.Table`` (or, without
    pyarrow, a ``fairplay.Rows``: an Arrow stream, ``__arrow_c_stream__``, that polars and
    others read, with ``to_pylist()`` and ``len()`` as a table has them) with the columns
    ``COLUMNS``: ``index`` (the log's position), then those of ``fairplay batch`` (``game``,
    ``verdict`` — ``fair``, ``foul`` or ``error`` —, ``action``, ``line``, ``actions``,
    ``kind``, ``detail``). A log that cannot be judged is an ``error`` row, never an
    exception: a null log too, and a ``str`` that is not text (a lone surrogate). Ctrl-C
    stops a call between two chunks of logs; rows that memory cannot hold raise
    ``MemoryError``.

    >>> import fairplay, pyarrow
    >>> logs = pyarrow.array(["4\\n1 A 2 3C no\\n2 A 3 3A yes\\n2 A 4 3D yes\\n2 A 1 3C no\\n", None])
    >>> fairplay.judge_many(logs).select(["verdict", "action", "kind"]).to_pylist()
    [{'verdict': 'foul', 'action': 4, 'kind': 'no-deal'}, {'verdict': 'error', 'action': None, 'kind': 'malformed'}]
    """
    rows = _fairplay.judge_many(
        _arrow_input(logs),
        game=game,
        threads=threads,
        players=players,
        sets=sets,
        cards_per_set=cards_per_set,
        hands=list(hands) if hands is not None else None,
        rules=rules,
        teams=teams,
        first=first,
        card_plays=card_plays,
        ranks=ranks,
        hand=hand,
        fish_turn=fish_turn,
        max_line=max_line,
    )
    return _table(rows)
