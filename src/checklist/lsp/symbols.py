"""The outline of one file: checklists, their sections and steps, and its facts, tables and decks.

A block runs from its declaration to the line before the next declaration (blank and comment
lines at its end left out); a fact or table inside a checklist's lines is shown under it.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from lsprotocol import types as t
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition

from checklist import model as m
from checklist.lsp.programs import Checked
from checklist.lsp.text import to_range

K = t.SymbolKind


@dataclass(frozen=True)
class _Blocks:
    """Where each block of a file ends, from where the next begins."""

    starts: list[int]
    lines: list[str]

    def end(self, line: int, limit: int | None = None) -> int:
        after = bisect_right(self.starts, line)
        last = self.starts[after] - 1 if after < len(self.starts) else len(self.lines)
        return min(last, limit) if limit is not None else last


def outline(checked: Checked, file: str, codec: PositionCodec) -> list[t.DocumentSymbol]:
    module = next((mod for mod in checked.program.modules if mod.path == file), None)
    if module is None:
        return []
    lines = checked.lines(file)
    blocks = _Blocks(sorted(_starts(module)), lines)
    checklists = list(module.checklists)
    ends = [c.span.line for c in checklists[1:]]
    out: list[t.DocumentSymbol] = []
    spans: list[tuple[int, int, t.DocumentSymbol]] = []
    for checklist, nxt in zip(checklists, [*ends, None], strict=True):
        last = nxt - 1 if nxt is not None else len(lines)
        symbol = _checklist(checklist, blocks, last, lines, codec)
        out.append(symbol)
        spans.append((checklist.span.line, last, symbol))
    loose = [
        *(_symbol(f.name, f.question, K.Variable, f.span, blocks, lines, codec) for f in module.facts),
        *(_symbol(x.name, x.title, K.Struct, x.span, blocks, lines, codec) for x in module.tables),
        *(_deck(d, blocks, lines, codec) for d in module.decks),
    ]
    for symbol in loose:
        owner = next((s for first, last, s in spans if first <= symbol.range.start.line + 1 <= last), None)
        (kids(owner) if owner is not None else out).append(symbol)
    for symbol in [*out, *(s for _, _, s in spans)]:
        kids(symbol).sort(key=lambda s: (s.range.start.line, s.range.start.character))
    return sorted(out, key=lambda s: s.range.start.line)


def kids(symbol: t.DocumentSymbol) -> list[t.DocumentSymbol]:
    """A symbol's children, as the list this module gave it."""
    assert isinstance(symbol.children, list)
    return symbol.children


def _checklist(
    checklist: m.Checklist, blocks: _Blocks, last: int, lines: list[str], codec: PositionCodec
) -> t.DocumentSymbol:
    by_section: dict[str, list[t.DocumentSymbol]] = {}
    children: list[t.DocumentSymbol] = []
    for step in checklist.steps:
        symbol = _symbol(str(step.number), step.title, K.Event, step.span, blocks, lines, codec, last)
        if step.section is not None:
            by_section.setdefault(step.section, []).append(symbol)
        else:
            children.append(symbol)
    starts = [s.span.line for s in checklist.sections[1:]]
    for section, nxt in zip(checklist.sections, [*starts, None], strict=True):
        upto = nxt - 1 if nxt is not None else last
        symbol = _block(section.name, section.title, K.Namespace, section.span, section.span.line, upto, lines, codec)
        symbol.children = by_section.get(section.name, [])
        children.append(symbol)
    symbol = _block(checklist.id, checklist.title, K.Module, checklist.span, checklist.span.line, last, lines, codec)
    symbol.children = children
    return symbol


def _deck(deck: m.Deck, blocks: _Blocks, lines: list[str], codec: PositionCodec) -> t.DocumentSymbol:
    cards = [_symbol(c.name, c.title, K.Object, c.span, blocks, lines, codec) for c in deck.cards]
    last = max([deck.span.line, *(c.range.end.line + 1 for c in cards)])
    symbol = _block(deck.name, deck.title, K.Package, deck.span, deck.span.line, last, lines, codec)
    symbol.children = cards
    return symbol


def _symbol(
    name: str,
    detail: str,
    kind: t.SymbolKind,
    span: m.Span,
    blocks: _Blocks,
    lines: list[str],
    codec: PositionCodec,
    limit: int | None = None,
) -> t.DocumentSymbol:
    return _block(name, detail, kind, span, span.line, blocks.end(span.line, limit), lines, codec)


def _block(
    name: str,
    detail: str,
    kind: t.SymbolKind,
    span: m.Span,
    first: int,
    last: int,
    lines: list[str],
    codec: PositionCodec,
) -> t.DocumentSymbol:
    last = max(first, min(last, len(lines)))
    while last > first and (not lines[last - 1].strip() or lines[last - 1].lstrip().startswith("#")):
        last -= 1  # blank and comment lines between blocks belong to neither
    start = codec.position_to_client_units(lines, ServerTextPosition(first - 1, 0))
    end = codec.position_to_client_units(lines, ServerTextPosition(last - 1, len(lines[last - 1]) if lines else 0))
    return t.DocumentSymbol(
        name=name or "?",
        kind=kind,
        range=t.Range(start, end),
        selection_range=to_range(lines, span, codec),
        detail=detail,
        children=[],
    )


def _starts(module: m.Module) -> set[int]:
    """The lines where a block begins."""
    found = {c.span.line for c in module.checklists}
    for checklist in module.checklists:
        found.update(s.span.line for s in checklist.sections)
        found.update(s.span.line for s in checklist.steps)
    found.update(f.span.line for f in module.facts)
    found.update(x.span.line for x in module.tables)
    found.update(s.span.line for s in module.starts)
    found.update(e.span.line for e in module.expects)
    for deck in module.decks:
        found.add(deck.span.line)
        found.update(c.span.line for c in deck.cards)
        found.update(c.span.line for c in deck.categories)
    return found
