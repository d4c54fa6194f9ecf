"""E314 a card in an unknown category, or a step that shows a card from an unknown deck."""

from __future__ import annotations

from collections.abc import Iterator

from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import BAD_CARD, Diagnostic, diag


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    for deck in program.decks.values():
        names = {c.name for c in deck.categories}
        for card in deck.cards:
            if not card.categories:
                listed = ", ".join(sorted(names))
                yield diag(
                    BAD_CARD,
                    f"card `{card.name}` is in no category",
                    card.span,
                    help=f"add `in CATEGORY` under it; deck `{deck.name}` has: {listed}",
                )
            for category in card.categories:
                if category not in names:
                    yield diag(
                        BAD_CARD,
                        f"card `{card.name}` is in category `{category}`, which deck `{deck.name}` does not declare",
                        card.span,
                        help=f"use one of: {', '.join(sorted(names))}",
                    )
    for step in program.steps.values():
        for show in step.cards:
            if show.deck not in program.decks:
                yield diag(
                    BAD_CARD,
                    f"step {step.key} shows a card from deck `{show.deck}`, which is not declared",
                    show.span,
                    help=f"declared decks: {', '.join(sorted(program.decks)) or 'none'}",
                )
