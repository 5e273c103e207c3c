"""Quartets: is there a deal that makes every action of a log honest?

``judge(log)`` gives the verdict (``contract``: ``"yes\\n"``, or ``"no\\n"`` and the action
after which cheating is certain); the result explains it (``explain()``: the minimal proof
and the suspects), shows a deal that makes the log honest (``deal()``) and what a watcher
knows (``knowledge(at=None)``). A player's view: ``judge(log, seat=3, hand="1A,2A")``; the
deal really made: ``judge(log, true_deal=...)``. ``Referee`` judges a game as it is played.

>>> from fairplay import quartets
>>> game = quartets.judge("4\\n1 A 2 3C no\\n2 A 3 3A yes\\n2 A 4 3D yes\\n2 A 1 3C no\\n")
>>> game.verdict, game.action, game.kind
('foul', 4, 'no-deal')
>>> game.contract
'no\\n4\\n'
>>> quartets.judge("1\\n1 A 2 3C no\\n").contract
'yes\\n'
"""

from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union, cast

from . import _fairplay
from ._judgement import Judgement as _Judgement
from ._referee import LiveReferee as _LiveReferee
from ._types import Log

__all__ = ["judge", "Judgement", "Referee"]

TrueDeal = Union[str, Iterable[Union[Dict[str, Any], Tuple[int, Sequence[str]]]]]


def _true_deal(deal: Optional[TrueDeal]) -> Any:
    """The hands as text, or (player, cards) pairs (from dicts as --deal --format json has)."""
    if deal is None or isinstance(deal, str):
        return deal
    pairs: List[Tuple[int, List[str]]] = []
    for hand in deal:
        if isinstance(hand, dict):
            pairs.append((hand["player"], list(hand["cards"])))
        else:
            player, cards = hand
            pairs.append((player, [cards] if isinstance(cards, str) else list(cards)))
    return pairs


class Judgement(_Judgement):
    """A judged Quartets log (see ``fairplay.Judgement`` for the attributes).

    The explanations are computed when asked, by the same engine as ``fairplay quartets
    --explain``, ``--deal`` and ``--knowledge``.

    >>> from fairplay import quartets
    >>> game = quartets.judge("4\\n1 A 2 3C no\\n2 A 3 3A yes\\n2 A 4 3D yes\\n2 A 1 3C no\\n")
    >>> game.explain()["proof"]["actions"]
    [1, 2, 4]
    >>> quartets.judge("1\\n1 A 2 3C no\\n").deal()[0]["player"]
    1
    """

    __slots__ = ("_log", "_options")

    def __init__(self, document: Dict[str, Any], log: Log, options: Dict[str, Any]) -> None:
        super().__init__(document)
        self._log = log
        self._options = options

    def _ask(self, **questions: Any) -> Any:
        return _fairplay.quartets_judge(self._log, **self._options, **questions)

    def explain(self) -> Dict[str, Any]:
        """The explanation of ``--explain --format json``: ``proof`` (the actions whose claims
        cannot all be true, and why; ``None`` when the log is fair) and ``suspects``."""
        return cast(Dict[str, Any], self._ask(explain=True)["explanation"])

    def deal(self) -> Optional[List[Dict[str, Any]]]:
        """A deal that makes every action honest, as ``--deal --format json`` gives it (a list
        of ``{"player", "cards"}``), or ``None`` when cheating is certain."""
        return cast(Optional[List[Dict[str, Any]]], self._ask(deal=True)["explanation"]["deal"])

    def knowledge(self, at: Optional[int] = None) -> Dict[str, Any]:
        """What a watcher knows after the log (or just before cheating became certain), or
        after action ``at`` (0 or more, at most the log's actions): who certainly or possibly
        holds each card, hand sizes, sets."""
        explanation = self._ask(knowledge=True, at=at)["explanation"]
        return cast(Dict[str, Any], explanation["knowledge"])

    def report(self, explain: bool = True, deal: bool = False, knowledge: bool = False,
               at: Optional[int] = None) -> str:
        """The human report of ``fairplay quartets`` with these options (no colour)."""
        report = self._ask(explain=explain, deal=deal, knowledge=knowledge, at=at, text=True)
        return cast(str, report)


def judge(
    log: Log,
    players: int = 4,
    sets: int = 8,
    cards_per_set: int = 4,
    hands: Optional[Sequence[int]] = None,
    *,
    seat: Optional[int] = None,
    hand: Optional[Union[str, Sequence[str]]] = None,
    true_deal: Optional[TrueDeal] = None,
    max_line: int = _fairplay.DEFAULT_MAX_LINE,
) -> Judgement:
    """Judges a whole Quartets log: a count line, then one action per line.

    ``players`` (2 to 16), ``sets``, ``cards_per_set`` (1 to 26) and ``hands`` (cards dealt
    to each player, player 1 first; default an even split) are the variant, as the command
    line's options; ``max_line``, the longest line in bytes (``--max-line``, default 4096).
    ``seat`` and ``hand`` (``"3A,3D,5B"`` or a list of cards): judge as that player knows the
    game (``--seat``, ``--hand``). ``true_deal``: the deal really made (``--true-deal``): the
    hands as ``deal()`` or ``--deal`` prints them, as text or as ``{"player", "cards"}``
    dicts; ``explanation["true_deal"]`` then lists every false claim.

    Raises ``fairplay.LogError`` (a subclass per kind) when the log cannot be judged and
    ``ValueError`` for impossible options.

    >>> from fairplay import quartets
    >>> quartets.judge("1\\n1 A 2 2A no\\n", players=3, sets=3, cards_per_set=3).rules
    '3 players, 3 sets of 3 cards'
    """
    if hand is not None and not isinstance(hand, str):
        hand = ",".join(hand)
    options: Dict[str, Any] = dict(
        players=players,
        sets=sets,
        cards_per_set=cards_per_set,
        hands=list(hands) if hands is not None else None,
        seat=seat,
        hand=hand,
        true_deal=_true_deal(true_deal),
        max_line=max_line,
    )
    return Judgement(_fairplay.quartets_judge(log, **options), log, options)


class Referee(_LiveReferee):
    """A Quartets game judged as it is played, one line at a time (``--live``).

    ``apply(line)`` judges the action on the line and returns the step: a dict with
    ``action``, ``line``, ``foul`` (``None``, or the foul's ``action``, ``line`` and
    ``reason``), ``note`` and ``text`` (the line ``--live`` prints); ``None`` for a blank
    line. A line that cannot be applied raises ``fairplay.LogError`` and changes nothing; so
    does a line longer than ``max_line`` bytes (4096 by default, as ``--live --max-line``).

    >>> from fairplay import quartets
    >>> referee = quartets.Referee()
    >>> referee.apply("1 A 2 3C no")["text"]
    '1: honest game still possible'
    >>> referee.apply("2 A 3 3A yes")["foul"] is None
    True
    >>> referee.actions, referee.contract
    (2, 'yes\\n')
    """

    def __init__(
        self,
        players: int = 4,
        sets: int = 8,
        cards_per_set: int = 4,
        hands: Optional[Sequence[int]] = None,
        max_line: int = _fairplay.DEFAULT_MAX_LINE,
    ) -> None:
        self._referee = _fairplay.quartets_referee(
            players=players,
            sets=sets,
            cards_per_set=cards_per_set,
            hands=list(hands) if hands is not None else None,
            max_line=max_line,
        )
