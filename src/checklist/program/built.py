"""One file's module and what its parse and build said about it: what the cache keeps of a file."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dataclasses import dataclass

    from checklist import model as m
    from checklist.model.diagnostics import Diagnostic
else:
    from checklist.model.frozen import dataclass


@dataclass(frozen=True, slots=True)
class Built:
    """One file's module and what its parse and build said about it (immutable: shared by the caches)."""

    module: m.Module
    diagnostics: tuple[Diagnostic, ...]
