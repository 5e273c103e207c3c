"""Sequence: the first illegal move of a log, by the contract rules or the full rules.

>>> from fairplay import sequence
>>> game = sequence.judge("3\\n1 2s P 2s\\n2 4h P 4h\\n3 2s R 2s\\n")
>>> game.verdict, game.action, game.kind
('foul', 3, 'cannot-remove')
>>> game.contract
'INVALID 3\\n'
"""

from typing import Any, Dict, Optional, cast

from . import _fairplay
from ._judgement import Judgement as _Judgement
from ._referee import LiveReferee as _LiveReferee
from ._types import CardPlays, Log, SequenceRules, Team

__all__ = ["judge", "Judgement", "Referee", "CardPlays"]


class Judgement(_Judgement):
    """A judged Sequence log (see ``fairplay.Judgement`` for the attributes)."""

    __slots__ = ("_log", "_options")

    def __init__(self, document: Dict[str, Any], log: Log, options: Dict[str, Any]) -> None:
        super().__init__(document)
        self._log = log
        self._options = options

    def explain(self) -> Dict[str, Any]:
        """The explanation the JSON document holds (``--format json`` always explains a
        Sequence verdict): the illegal move in plain words, the rule it breaks and the board
        at that moment."""
        return cast(Dict[str, Any], self.to_dict()["explanation"])

    def report(self, explain: bool = True) -> str:
        """The human report of ``fairplay sequence`` (with ``--explain`` by default)."""
        report = _fairplay.sequence_judge(self._log, **self._options, explain=explain, text=True)
        return cast(str, report)


def judge(
    log: Log,
    rules: SequenceRules = "contract",
    teams: Optional[int] = None,
    first: Optional[Team] = None,
    card_plays: CardPlays = None,
    max_line: int = _fairplay.DEFAULT_MAX_LINE,
) -> Judgement:
    """Judges a whole Sequence log: a count line, then one move per line.

    ``rules``: ``"contract"`` (the spec's rules, tokens counted per card) or ``"full"`` (the
    real game: squares, teams in turn, sequences); ``teams`` (2 or 3) with the full rules
    (default: 3 if the log names red, else 2). With the full rules, as ``--first`` and
    ``--card-plays``: ``first``, the team that plays first (``"blue"``, the default,
    ``"green"`` or ``"red"``), and ``card_plays``, how often each card may be played or
    discarded (1 to 255; default 2, two decks; ``"unlimited"`` when the draw pile is
    reshuffled). ``max_line``: the longest line in bytes (``--max-line``, default 4096). Raises ``fairplay.LogError`` when the log cannot be judged and ``ValueError`` for
    impossible options.

    >>> from fairplay import sequence
    >>> sequence.judge("1\\n1 2s P 2s\\n").contract
    'VALID GAME\\n'
    >>> sequence.judge("1\\n1 5h P 5h@E5\\n", rules="full", first="green").rules
    'full, 2 teams, green first'
    """
    options: Dict[str, Any] = dict(
        rules=rules, teams=teams, first=first, card_plays=card_plays, max_line=max_line
    )
    return Judgement(_fairplay.sequence_judge(log, **options), log, options)


class Referee(_LiveReferee):
    """A Sequence game judged as it is played, one move per line (``--live``); see
    ``fairplay.quartets.Referee`` for ``apply``. An illegal move is a step with a foul and
    the game goes on; turns must increase.

    >>> from fairplay import sequence
    >>> referee = sequence.Referee()
    >>> referee.apply("1 2s P 2s")["text"]
    'turn 1: legal'
    >>> referee.apply("2 4h R 4h")["foul"]["reason"]["kind"]
    'cannot-remove'
    """

    def __init__(
        self,
        rules: SequenceRules = "contract",
        teams: Optional[int] = None,
        first: Optional[Team] = None,
        card_plays: CardPlays = None,
        max_line: int = _fairplay.DEFAULT_MAX_LINE,
    ) -> None:
        self._referee = _fairplay.sequence_referee(
            rules=rules, teams=teams, first=first, card_plays=card_plays, max_line=max_line
        )
