"""Drawings written once and their text reused: a picture's stand-ins filled in after
ElementTree has written the rest.

The server draws the board for each seat after every move. Most of a picture
recurs unchanged from one move to the next -- a map's terrain, the few distinct
piece drawings (a kind in a livery, burnt out or not), the legend's samples --
and building and writing those elements was most of a picture's time. A
:class:`Splice` puts a small stand-in element where such a drawing goes; the
drawing is built and written once per key (a bounded cache shared by every
picture), and :meth:`Splice.fill` puts its text in place of the stand-in in the
written picture. The result is the very text the drawing would have given
inline, so nothing a reader of the picture sees changes.

A key must say everything the drawing depends on (its builder's arguments): the
cache cannot tell two drawings apart otherwise. A cached drawing is what some
picture drew; a picture shows only the drawings its own view asked for.
"""

from __future__ import annotations

import hashlib
import re
import threading
import xml.etree.ElementTree as ET
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence

SLOT_TAG = "tt-slot"
"""The stand-in's tag: no SVG element has it, so it cannot clash with a drawing."""
_SLOT = re.compile(rf"<{SLOT_TAG}>(\d+)</{SLOT_TAG}>")
DEFS_TAG = "tt-art-defs"
"""The stand-in for the ``<defs>`` of the drawings :meth:`Splice.use` placed."""
LIMIT = 512
"""Drawings kept (least recently used dropped first): a few maps' terrain and a few
hundred piece drawings, a few megabytes at most."""

_texts: OrderedDict[Hashable, str] = OrderedDict()
_lock = threading.Lock()


def cached_text(key: Hashable, build: Callable[[], ET.Element | Iterable[ET.Element]]) -> str:
    """The written text of ``build()`` (one element or several), built once per ``key``."""
    with _lock:
        text = _texts.get(key)
        if text is not None:
            _texts.move_to_end(key)
            return text
    built = build()
    elements = [built] if isinstance(built, ET.Element) else list(built)
    text = "".join(ET.tostring(e, encoding="unicode") for e in elements)
    with _lock:
        _texts[key] = text
        while len(_texts) > LIMIT:
            _texts.popitem(last=False)
    return text


def cached_parts(key: Hashable, build: Callable[[], Sequence[Iterable[ET.Element]]]) -> tuple[str, ...]:
    """The written text of each part of ``build()``, built once per ``key``: for
    drawings made together that go to different places in a picture (a map's
    ground before a shot's shadow, its features after it; textures shared)."""
    with _lock:
        texts = _parts.get(key)
        if texts is not None:
            _parts.move_to_end(key)
            return texts
    texts = tuple("".join(ET.tostring(e, encoding="unicode") for e in part) for part in build())
    with _lock:
        _parts[key] = texts
        while len(_parts) > LIMIT:
            _parts.popitem(last=False)
    return texts


_parts: OrderedDict[Hashable, tuple[str, ...]] = OrderedDict()


class Splice:
    """The stand-ins of one picture: :meth:`put` where a cached drawing goes, then
    :meth:`fill` on the written picture."""

    def __init__(self) -> None:
        self._texts: list[str] = []
        self._defs: dict[str, str] = {}

    def use(self, parent: ET.Element, key: Hashable,
            build: Callable[[], ET.Element | Iterable[ET.Element]]) -> ET.Element:
        """Place the drawing ``build()`` under ``key`` in ``parent`` as a ``<use>`` of
        one copy in the picture's ``<defs>`` (:meth:`defs`): a board shows the
        same few piece drawings many times over. The copy's id is its text's
        digest: it says nothing the drawing does not, and a drawing keeps its id
        from one picture to the next. Only the drawings some piece of this
        picture uses are defined, so the defs show no more than the pieces would."""
        text = cached_text(key, build)
        ident = "tt-art-" + hashlib.blake2s(text.encode(), digest_size=6).hexdigest()
        if ident not in self._defs:
            self._defs[ident] = f'<g id="{ident}">{text}</g>'
        return ET.SubElement(parent, "use", href=f"#{ident}")

    @staticmethod
    def defs() -> ET.Element:
        """The stand-in for the ``<defs>`` of the drawings :meth:`use` placed: put it
        in the ``<svg>`` before them."""
        return ET.Element(DEFS_TAG)

    def stand_in(self, key: Hashable, build: Callable[[], ET.Element | Iterable[ET.Element]]) -> ET.Element:
        """A stand-in element for the drawing ``build()`` under ``key``, for the caller
        to place (append, insert) where the drawing goes."""
        slot = ET.Element(SLOT_TAG)
        slot.text = str(len(self._texts))
        self._texts.append(cached_text(key, build))
        return slot

    def text_stand_in(self, text: str) -> ET.Element:
        """A stand-in element for ``text`` (one of :func:`cached_parts`)."""
        slot = ET.Element(SLOT_TAG)
        slot.text = str(len(self._texts))
        self._texts.append(text)
        return slot

    def put(self, parent: ET.Element, key: Hashable,
            build: Callable[[], ET.Element | Iterable[ET.Element]]) -> ET.Element:
        """Append a stand-in for ``build()`` under ``key`` to ``parent``."""
        slot = self.stand_in(key, build)
        parent.append(slot)
        return slot

    def fill(self, text: str) -> str:
        """``text`` (the written picture) with each stand-in replaced by its drawing."""
        defs = f'<defs class="tt-art">{"".join(self._defs.values())}</defs>' if self._defs else ""
        text = text.replace(f"<{DEFS_TAG} />", defs, 1)
        if not self._texts:
            return text
        return _SLOT.sub(lambda m: self._texts[int(m.group(1))], text)
