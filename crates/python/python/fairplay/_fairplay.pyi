"""Types of the native module ``fairplay._fairplay`` (the public API is in ``fairplay``)."""

from typing import Any, Dict, List, Optional, Tuple, Union

from ._types import CardPlays, FishTurn, Log

__version__: str
SCHEMA_VERSION: int
MAX_THREADS: int
DEFAULT_MAX_LINE: int

def detect(log: Log) -> str: ...
def quartets_judge(
    log: Log,
    *,
    players: Optional[int] = None,
    sets: Optional[int] = None,
    cards_per_set: Optional[int] = None,
    hands: Optional[List[int]] = None,
    seat: Optional[int] = None,
    hand: Optional[str] = None,
    true_deal: Union[None, str, List[Tuple[int, List[str]]]] = None,
    explain: bool = False,
    deal: bool = False,
    knowledge: bool = False,
    at: Optional[int] = None,
    text: bool = False,
    max_line: Optional[int] = None,
) -> Any: ...
def sequence_judge(
    log: Log,
    *,
    rules: str = "contract",
    teams: Optional[int] = None,
    first: Optional[str] = None,
    card_plays: CardPlays = None,
    explain: bool = False,
    text: bool = False,
    max_line: Optional[int] = None,
) -> Any: ...
def gofish_judge(
    log: Log,
    *,
    players: Optional[int] = None,
    ranks: Optional[int] = None,
    hand: Optional[int] = None,
    fish_turn: Optional[FishTurn] = None,
    seat: Optional[int] = None,
    hand_of: Union[None, str, List[str]] = None,
    draws: Union[None, str, List[str]] = None,
    true_deal: Union[None, str, Tuple[List[List[str]], List[str]]] = None,
    explain: bool = False,
    deal: bool = False,
    knowledge: bool = False,
    at: Optional[int] = None,
    text: bool = False,
    max_line: Optional[int] = None,
) -> Any: ...
def judge_many(
    logs: Any,
    *,
    game: str = "auto",
    threads: Optional[int] = None,
    players: Optional[int] = None,
    sets: Optional[int] = None,
    cards_per_set: Optional[int] = None,
    hands: Optional[List[int]] = None,
    rules: str = "contract",
    teams: Optional[int] = None,
    first: Optional[str] = None,
    card_plays: CardPlays = None,
    ranks: Optional[int] = None,
    hand: Optional[int] = None,
    fish_turn: Optional[FishTurn] = None,
    max_line: Optional[int] = None,
) -> Rows: ...
def quartets_referee(
    *,
    players: Optional[int] = None,
    sets: Optional[int] = None,
    cards_per_set: Optional[int] = None,
    hands: Optional[List[int]] = None,
    max_line: Optional[int] = None,
) -> Referee: ...
def sequence_referee(
    *,
    rules: str = "contract",
    teams: Optional[int] = None,
    first: Optional[str] = None,
    card_plays: CardPlays = None,
    max_line: Optional[int] = None,
) -> Referee: ...

def gofish_referee(
    *,
    players: Optional[int] = None,
    ranks: Optional[int] = None,
    hand: Optional[int] = None,
    fish_turn: Optional[FishTurn] = None,
    max_line: Optional[int] = None,
) -> Referee: ...

class Rows:
    """The rows of ``judge_many`` without pyarrow: an Arrow stream of one record batch."""

    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object: ...
    def __arrow_c_schema__(self) -> object: ...
    def __len__(self) -> int: ...
    def to_pylist(self) -> List[Dict[str, Any]]: ...

class Referee:
    def apply(self, line: Log) -> Optional[Dict[str, Any]]: ...
    @property
    def actions(self) -> int: ...
    @property
    def lines(self) -> int: ...
    @property
    def ignored(self) -> int: ...
    @property
    def max_line(self) -> int: ...
    @property
    def game(self) -> str: ...
    @property
    def rules(self) -> str: ...
    @property
    def verdict(self) -> Dict[str, Any]: ...
    @property
    def contract(self) -> str: ...
    def end_text(self) -> str: ...
