"""What the two games' live referees share: the step of a line, and the game so far."""

from typing import Any, Dict, Optional, Union

Log = Union[str, bytes]


class LiveReferee:
    """A game judged as it is played, one line at a time (``--live``). A game's referee
    (``fairplay.quartets.Referee``, ``fairplay.sequence.Referee``) makes the engine's referee,
    ``_referee``, from its options."""

    _referee: Any

    def apply(self, line: Log) -> Optional[Dict[str, Any]]:
        """Judges the action (Quartets) or move (Sequence) on ``line``: the step (``action``,
        ``line``, ``foul``, ``note``, ``text`` as ``--live`` prints it), ``None`` for a blank
        line; raises ``fairplay.LogError`` for a line that cannot be applied, and changes
        nothing then."""
        return self._referee.apply(line)

    @property
    def actions(self) -> int:
        """Actions (Quartets) or moves (Sequence) judged so far."""
        return self._referee.actions

    @property
    def verdict(self) -> Dict[str, Any]:
        """The verdict so far: ``{"kind": "fair"}``, or the foul (Quartets: cheating certain;
        Sequence: the first illegal move) as the JSON document has it."""
        return self._referee.verdict

    @property
    def ignored(self) -> int:
        """Lines that could not be applied (each raised ``fairplay.LogError``)."""
        return self._referee.ignored

    @property
    def contract(self) -> str:
        """The verdict so far in the game's contract format (``yes\\n``, ``no\\n4\\n``;
        ``VALID GAME\\n``, ``INVALID 3\\n``)."""
        return self._referee.contract

    @property
    def rules(self) -> str:
        """The rules in words."""
        return self._referee.rules

    def end(self) -> str:
        """The closing line of ``--live``: ``end: N actions, ...``."""
        return self._referee.end_text()
