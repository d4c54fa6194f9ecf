"""Where the bundled flows live: inside the wheel, or in the source tree."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # cli/ -> checklist/
_SOURCE_TREE = _PACKAGE.parent.parent  # src/checklist -> repository root


def data_path(*parts: str) -> Path:
    """A bundled file or folder: the wheel ships grammar/ and flow/ inside the package."""
    inside = _PACKAGE.joinpath(*parts)
    if inside.exists():
        return inside
    return _SOURCE_TREE.joinpath(*parts)


def default_flow() -> Path:
    return data_path("flow")
