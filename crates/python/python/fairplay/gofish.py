"""Go Fish: is there a deal (the hands and the stock's order) that makes every action of a
log honest?

``judge(log)`` gives the verdict (``contract``: ``"yes\\n"``, or ``"no\\n"`` and the action
after which cheating is certain); the result explains it (``explain()``: a minimal proof and
the suspects), shows a deal with the stock's order that makes the log honest (``deal()``)
and what a watcher knows (``knowledge(at=None)``: the fewest and the most cards of every
rank each player and the stock may hold). A player's view: ``judge(log, seat=2,
hand_of="2,2,3", draws="A")``; the deal really made: ``judge(log, true_deal=...)``.
``Referee`` judges a game as it is played.

>>> from fairplay import gofish
>>> game = gofish.judge("1 A 2 A fish\\n1 D\\n2 A 1 A 1\\n", players=2, ranks=3, hand=3)
>>> game.verdict, game.action, game.kind
('foul', 3, 'ask-without')
>>> game.contract
'no\\n3\\n'
>>> gofish.judge("1 A 2 7 fish\\n1 D\\n").contract
'yes\\n'
"""

from typing import Any, Dict, List, Mapping, Optional, Sequence, Union, cast

from . import _fairplay
from ._judgement import Judgement as _Judgement
from ._referee import LiveReferee as _LiveReferee
from ._types import FishTurn, Log

__all__ = ["judge", "Judgement", "Referee", "FishTurn", "TrueDeal"]

#: Ranks as ``--hand-of`` and ``--draws`` take them (``"A,A,7"``), or a list of rank names.
Ranks = Union[str, Sequence[str]]

#: The deal really made: the text ``--deal`` prints (``player 1: A A 3`` lines and ``stock,
#: from the top: ...``), or a mapping with the ``stock`` (from the top) and the hands, as
#: ``deal()`` gives them (``hands``: lists of ranks, player 1 first) or as ``fairplay simulate
#: gofish --truth`` writes them (``deal``: ``{"player", "cards"}`` dicts or lists of ranks,
#: at the top or under ``truth``).
TrueDeal = Union[str, Mapping[str, Any]]


def _ranks(ranks: Optional[Ranks]) -> Optional[Union[str, List[str]]]:
    return ranks if ranks is None or isinstance(ranks, str) else list(ranks)


def _true_deal(deal: Optional[TrueDeal]) -> Any:
    """The deal as text, or ``(hands, stock)`` with the hands as lists of ranks."""
    if deal is None or isinstance(deal, str):
        return deal
    top = deal.get("truth", deal) if "stock" not in deal else deal
    if not isinstance(top, Mapping) or "stock" not in top:
        raise ValueError("true_deal: expected `stock` and the hands (`hands` or `deal`)")
    hands = top["hands"] if "hands" in top else top.get("deal")
    if hands is None:
        raise ValueError("true_deal: expected the hands (`hands` or `deal`)")
    cards = [hand["cards"] if isinstance(hand, Mapping) else hand for hand in hands]
    return ([list(hand) for hand in cards], list(top["stock"]))


class Judgement(_Judgement):
    """A judged Go Fish log (see ``fairplay.Judgement`` for the attributes).

    The explanations are computed when asked, by the same engine as ``fairplay gofish
    --explain``, ``--deal`` and ``--knowledge``.

    >>> from fairplay import gofish
    >>> game = gofish.judge("1 A 2 A fish\\n1 D\\n2 A 1 A 1\\n", players=2, ranks=3, hand=3)
    >>> [step["action"] for step in game.explain()["proof"]]
    [1, 3]
    >>> game.explain()["suspects"]["players"]
    [2]
    >>> gofish.judge("1 A 2 7 fish\\n1 D\\n").deal()["fits"]
    2
    """

    __slots__ = ("_log", "_options")

    def __init__(self, document: Dict[str, Any], log: Log, options: Dict[str, Any]) -> None:
        super().__init__(document)
        self._log = log
        self._options = options

    def _ask(self, **questions: Any) -> Any:
        return _fairplay.gofish_judge(self._log, **self._options, **questions)

    def explain(self) -> Dict[str, Any]:
        """The explanation of ``--explain --format json``: ``reason``, ``proof`` (the actions
        whose claims cannot all be true, each with its claims in words and, in ``details``, as
        kinds with parameters) and ``suspects`` (who
        alone could be the cheater); each ``None`` when the log is fair."""
        return cast(Dict[str, Any], self._ask(explain=True)["explanation"])

    def deal(self) -> Dict[str, Any]:
        """A deal that makes every action honest (before the foul, if there is one), as
        ``--deal --format json`` gives it: ``fits`` (the actions it makes honest),
        ``hands`` (each player's dealt ranks, player 1 first) and ``stock`` (from the top)."""
        return cast(Dict[str, Any], self._ask(deal=True)["explanation"]["deal"])

    def knowledge(self, at: Optional[int] = None) -> Dict[str, Any]:
        """What a watcher knows after the log (or just before cheating became certain), or
        after action ``at``: for every player and for the stock, its size and the fewest and
        the most cards of each rank any fitting deal puts there; the books laid."""
        explanation = self._ask(knowledge=True, at=at)["explanation"]
        return cast(Dict[str, Any], explanation["knowledge"])

    def report(self, explain: bool = True, deal: bool = False, knowledge: bool = False,
               at: Optional[int] = None) -> str:
        """The human report of ``fairplay gofish`` with these options (no colour)."""
        report = self._ask(explain=explain, deal=deal, knowledge=knowledge, at=at, text=True)
        return cast(str, report)


def judge(
    log: Log,
    players: int = 4,
    ranks: int = 13,
    hand: Optional[int] = None,
    fish_turn: FishTurn = "next",
    *,
    seat: Optional[int] = None,
    hand_of: Optional[Ranks] = None,
    draws: Optional[Ranks] = None,
    true_deal: Optional[TrueDeal] = None,
    max_line: int = _fairplay.DEFAULT_MAX_LINE,
) -> Judgement:
    """Judges a whole Go Fish log: one action per line, no count line.

    ``players`` (2 to 10), ``ranks`` (1 to 13: the first of ``A 2 ... K``), ``hand`` (the
    cards dealt to each player; default 7 with 2 or 3 players, else 5) and ``fish_turn``
    (``"next"``, or ``"asked"``: the turn passes to the player who said "Go fish") are the
    variant, as the command line's options; ``max_line``, the longest line in bytes
    (``--max-line``, default 4096). ``seat``, ``hand_of`` and ``draws`` (ranks as
    ``"A,A,7"`` or a list): judge as that player knows the game, with their dealt hand and
    the cards they drew unseen, in order (``--seat``, ``--hand-of``, ``--draws``); its
    explanations then answer from the seat, as on the command line. ``true_deal``: the deal really
    made (``--true-deal``), as text or as a mapping (see ``TrueDeal``);
    ``explanation["true_deal"]`` then names every false claim.

    Raises ``fairplay.LogError`` (a subclass per kind) when the log cannot be judged and
    ``ValueError`` for impossible options.

    >>> from fairplay import gofish
    >>> gofish.judge("1 A 2 A fish\\n", players=2, ranks=3, hand=3, fish_turn="asked").rules
    '2 players, 3 ranks, 3 cards each, fish turn asked'
    """
    options: Dict[str, Any] = dict(
        players=players,
        ranks=ranks,
        hand=hand,
        fish_turn=fish_turn,
        seat=seat,
        hand_of=_ranks(hand_of),
        draws=_ranks(draws),
        true_deal=_true_deal(true_deal),
        max_line=max_line,
    )
    return Judgement(_fairplay.gofish_judge(log, **options), log, options)


class Referee(_LiveReferee):
    """A Go Fish game judged as it is played, one action per line (``--live``); see
    ``fairplay.quartets.Referee`` for ``apply``. A line that breaks a rule anyone can check
    (out of turn, a draw not due or missing) raises ``fairplay.RuleError`` and changes
    nothing.

    >>> from fairplay import gofish
    >>> referee = gofish.Referee(players=2, ranks=3, hand=3)
    >>> referee.apply("1 A 2 A fish")["text"]
    '1: honest game still possible'
    >>> referee.apply("1 D")["foul"] is None
    True
    >>> referee.apply("2 A 1 A 1")["foul"]["reason"]["kind"]
    'ask-without'
    >>> referee.contract
    'no\\n3\\n'
    """

    def __init__(
        self,
        players: int = 4,
        ranks: int = 13,
        hand: Optional[int] = None,
        fish_turn: FishTurn = "next",
        max_line: int = _fairplay.DEFAULT_MAX_LINE,
    ) -> None:
        self._referee = _fairplay.gofish_referee(
            players=players, ranks=ranks, hand=hand, fish_turn=fish_turn, max_line=max_line
        )

