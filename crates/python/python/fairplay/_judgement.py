"""The result of judging one log: the command line's JSON document with attributes."""

import copy
from typing import Any, Dict, Optional, cast


class Judgement:
    """A judged log: the verdict, and the document ``--format json`` prints for it.

    Attributes: ``game`` (``quartets``, ``sequence``, ``gofish``), ``rules`` (in words), ``actions``
    (actions or moves judged), ``verdict`` (``fair`` or ``foul``), ``fair`` (a bool), and for
    a foul ``action`` (as the contract numbers it), ``line``, ``kind`` (the reason's kind,
    such as ``no-deal``) and ``reason`` (in words); ``contract`` is the verdict in the game's
    contract format (``"yes\\n"``, ``"no\\n4\\n"``, ``"VALID GAME\\n"``); ``explanation`` what
    was asked beyond the verdict (``None`` when nothing was). ``to_dict()`` is the whole
    document, field for field the command line's.
    """

    __slots__ = ("_document",)

    def __init__(self, document: Dict[str, Any]) -> None:
        self._document = document

    @property
    def game(self) -> str:
        return cast(str, self._document["game"])

    @property
    def rules(self) -> str:
        return cast(str, self._document["rules"])

    @property
    def actions(self) -> int:
        return cast(int, self._document["actions"])

    @property
    def verdict(self) -> str:
        return cast(str, self._document["verdict"]["kind"])

    @property
    def fair(self) -> bool:
        return self.verdict == "fair"

    @property
    def action(self) -> Optional[int]:
        return cast(Optional[int], self._document["verdict"].get("action"))

    @property
    def line(self) -> Optional[int]:
        return cast(Optional[int], self._document["verdict"].get("line"))

    @property
    def kind(self) -> Optional[str]:
        reason = self._document["verdict"].get("reason")
        return cast(str, reason["kind"]) if reason else None

    @property
    def reason(self) -> Optional[str]:
        reason = self._document["verdict"].get("reason")
        return cast(str, reason["message"]) if reason else None

    @property
    def contract(self) -> str:
        return cast(str, self._document["contract"])

    @property
    def explanation(self) -> Optional[Dict[str, Any]]:
        return cast(Optional[Dict[str, Any]], self._document["explanation"])

    def to_dict(self) -> Dict[str, Any]:
        """The JSON document of ``fairplay quartets|sequence|gofish --format json``, as a
        dict."""
        return copy.deepcopy(self._document)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Judgement) and other._document == self._document

    def __repr__(self) -> str:
        if self.fair:
            return f"<{type(self).__qualname__} {self.game}: fair, {self.actions} actions>"
        return (
            f"<{type(self).__qualname__} {self.game}: foul at action {self.action} "
            f"(line {self.line}): {self.reason}>"
        )
