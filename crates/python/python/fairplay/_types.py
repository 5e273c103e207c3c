"""The types of the options, for type checkers: a misspelt game, rule set or team is an
error before the code runs (``mypy --strict``)."""

from typing import Literal, Union

#: A log (or a line): text, or bytes (UTF-8).
Log = Union[str, bytes]

#: A game to judge as: told from each log (``"auto"``), or named.
GameName = Literal["auto", "quartets", "sequence", "gofish"]

#: The Sequence rules: the original contract's, or the real game's (``--rules full``).
SequenceRules = Literal["contract", "full"]

#: A Sequence team (``--first``).
Team = Literal["blue", "green", "red"]

#: How often each Sequence card may be played (``--card-plays``): a number from 1 to 255,
#: ``"unlimited"`` for a reshuffled draw pile, or ``None`` for the default (2: two decks).
CardPlays = Union[int, Literal["unlimited"], None]

#: Whose turn follows a Go Fish "Go fish" that caught nothing (``--fish-turn``): the next
#: player's, or the one who said it.
FishTurn = Literal["next", "asked"]
