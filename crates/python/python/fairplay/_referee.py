"""What the games' live referees share: the step of a line, and the game so far."""

from typing import Any, Dict, Optional

from . import _fairplay
from ._types import Log


class LiveReferee:
    """A game judged as it is played, one line at a time (``--live``). A game's referee
    (``fairplay.quartets.Referee``, ``fairplay.sequence.Referee``, ``fairplay.gofish.Referee``)
    makes the engine's referee, ``_referee``, from its options."""

    _referee: _fairplay.Referee

    def apply(self, line: Log) -> Optional[Dict[str, Any]]:
        """Judges the action (Quartets, Go Fish) or move (Sequence) on ``line`` (a line break at its
        end is not part of it): the step (``action``, ``line``, ``foul``, ``note``, ``text`` as
        ``--live`` prints it), ``None`` for a blank line; raises ``fairplay.LogError`` for a
        line that cannot be applied or is longer than ``max_line`` bytes, and changes nothing
        then. The error's text is the place and the message as ``--live`` words them
        (``line 2: ...``)."""
        return self._referee.apply(line)

    @property
    def actions(self) -> int:
        """Actions (Quartets, Go Fish) or moves (Sequence) judged so far."""
        return self._referee.actions

    @property
    def verdict(self) -> Dict[str, Any]:
        """The verdict so far: ``{"kind": "fair"}``, or the foul (Quartets, Go Fish: cheating
        certain; Sequence: the first illegal move) as the JSON document has it."""
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
    def game(self) -> str:
        """The game's name: ``quartets``, ``sequence`` or ``gofish``."""
        return self._referee.game

    @property
    def rules(self) -> str:
        """The rules in words."""
        return self._referee.rules

    @property
    def lines(self) -> int:
        """Lines read so far (blank ones and those that raised included)."""
        return self._referee.lines

    @property
    def max_line(self) -> int:
        """The longest line accepted, in bytes."""
        return self._referee.max_line

    def end(self) -> str:
        """The closing line of ``--live``: ``end: N actions, ...``."""
        return self._referee.end_text()
