"""The errors of a log that cannot be judged: ``LogError`` and a subclass per kind."""

from typing import Optional, Tuple, Type


class LogError(ValueError):
    """A log that cannot be judged: malformed, breaking a rule anyone can check, ...

    ``str(error)`` is the command line's message (``line 3 (action 2): ...``); the parts are
    attributes: ``kind`` (``malformed``, ``rule``, ``line-too-long``, ``unknown-game``,
    ``io``), ``line`` (1-based; 0 when not on a line), ``action`` (1-based, or ``None``),
    ``message`` (without the place) and ``game`` (when known).

    >>> import fairplay
    >>> try:
    ...     fairplay.quartets.judge("2\\n1 A 2 3C no\\n1 A 2 3B no\\n")
    ... except fairplay.RuleError as error:
    ...     print(error.kind, error.line, error.action)
    ...     print(error)
    rule 3 2
    line 3 (action 2): player 1 acts, but it is player 2's turn
    """

    kind: str = "log"

    def __init__(
        self,
        text: str,
        kind: str,
        line: int,
        action: Optional[int],
        message: str,
        game: Optional[str] = None,
    ) -> None:
        super().__init__(text)
        self.kind = kind
        self.line = line
        self.action = action
        self.message = message
        self.game = game

    def __reduce__(
        self,
    ) -> Tuple[Type["LogError"], Tuple[str, str, int, Optional[int], str, Optional[str]]]:
        # picklable, for Spark and multiprocessing
        return (
            type(self),
            (str(self), self.kind, self.line, self.action, self.message, self.game),
        )


class MalformedLogError(LogError):
    """The text is not a log of the game: a bad line, a count line that disagrees."""


class RuleError(LogError):
    """An action breaks a rule anyone can check (out of turn, asking oneself, ...)."""


class LineTooLongError(LogError):
    """A line longer than the reader accepts: ``max_line`` bytes, 4096 by default (the
    command line's ``--max-line``)."""


class UnknownGameError(LogError):
    """The game could not be told from the log, or the name is not a game."""


class LogIOError(LogError):
    """The log could not be read."""


_CLASSES = {
    "malformed": MalformedLogError,
    "rule": RuleError,
    "line-too-long": LineTooLongError,
    "unknown-game": UnknownGameError,
    "io": LogIOError,
}


def error_class(kind: str) -> Type[LogError]:
    """The class of errors of ``kind`` (``LogError`` itself for a kind not known here)."""
    return _CLASSES.get(kind, LogError)
