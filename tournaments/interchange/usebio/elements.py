"""What the USEBIO reader and writers share: the elements of the XML, read and
written (a child's text, number or value; a new child), the hardened parser
(``usebio_root``) and ``UsebioError``. No Django.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden
from defusedxml.ElementTree import DefusedXMLParser

from ...numbers import ascii_float, ascii_int
from ..pbn import adjustment_parse

DIRECTIONS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_ELEMENTS = (("S", "SPADES"), ("H", "HEARTS"), ("D", "DIAMONDS"), ("C", "CLUBS"))


class UsebioError(ValueError):
    """Not a USEBIO document this module can read; ``problems`` as ``PbnError``'s."""

    def __init__(self, message: str, *, problems: list[tuple[int | None, str]] | None = None):
        super().__init__(message)
        self.problems = problems or [(None, message)]


def element_add(parent: ET.Element, name: str, text: object = None) -> ET.Element:
    """A new child ``name`` of ``parent``, with ``text`` when given."""
    element = ET.SubElement(parent, name)
    if text is not None:
        element.text = str(text)
    return element


def number_text(value: float | None) -> str:
    """A score or points as the files write them: two decimals, no "-0.00"."""
    text = f"{value or 0:.2f}"
    return "0.00" if text == "-0.00" else text


def child_text(element: ET.Element, name: str) -> str | None:
    """The stripped text of the child ``name`` ("" when empty), None when there is none."""
    child = element.find(name)
    if child is None:
        return None
    return (child.text or "").strip()


def child_int(element: ET.Element, name: str) -> int | None:
    """The child ``name`` as a whole number (a trailing "=" of a tie ignored); None when
    absent or empty; ``UsebioError`` when it is not digits."""
    text = child_text(element, name)
    if text in (None, ""):
        return None
    number = ascii_int(text.rstrip("="))
    if number is None:
        raise UsebioError(f"<{name}> is not a number (digits 0-9): {text!r}.")
    return number


def child_float(element: ET.Element, name: str) -> float | None:
    """The child ``name`` as a number (a trailing "%" ignored); None when absent, "-" or
    an adjustment ("A+", ...); ``UsebioError`` when it is not a number."""
    text = child_text(element, name)
    if text in (None, "", "-"):
        return None
    number = ascii_float(text.rstrip("%"))
    if number is None:
        if adjustment_parse(text) is not None:
            return None
        raise UsebioError(f"<{name}> is not a number (digits 0-9): {text!r}.")
    return number


def scope_name(element: ET.Element) -> str:
    """A SECTION's name: its SECTION_ID (attribute or child), else its SECTION_NAME."""
    return (
        element.get("SECTION_ID") or child_text(element, "SECTION_ID")
        or child_text(element, "SECTION_NAME") or ""
    )  # fmt: skip


class _Parser(DefusedXMLParser):
    """defusedxml's parser (a maintained, hardened one): no entity may be declared
    anywhere and nothing outside the file is read. A DOCTYPE may name the USEBIO DTD
    (scorers write ``<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">``), which is never
    read, but may declare nothing of its own."""

    def __init__(self) -> None:
        super().__init__(
            target=ET.TreeBuilder(), forbid_dtd=True, forbid_entities=True, forbid_external=True
        )
        self._subset: tuple | None = None
        self.parser.EndDoctypeDeclHandler = self._end_doctype

    def defused_start_doctype_decl(self, name, sysid, pubid, has_internal_subset):
        if has_internal_subset:  # refused at its end, unless an entity was refused first
            self._subset = (name, sysid, pubid)

    def _end_doctype(self) -> None:
        if self._subset is not None:
            raise DTDForbidden(*self._subset)


def usebio_root(xml: str | bytes) -> ET.Element:
    """The document's root element, read by the hardened parser (``_Parser``) whatever
    its size: a DTD that declares anything, or an entity, refuses the file."""
    parser = _Parser()
    try:
        parser.feed(xml)
        return parser.close()
    except EntitiesForbidden as exc:
        raise UsebioError("a USEBIO file declares no entities (<!ENTITY>).") from exc
    except DTDForbidden as exc:
        raise UsebioError("a USEBIO file declares nothing in its DOCTYPE.") from exc
    except DefusedXmlException as exc:
        raise UsebioError("a USEBIO file refers to nothing outside it.") from exc
    except ET.ParseError as exc:
        raise UsebioError(f"not XML: {exc}.") from exc
