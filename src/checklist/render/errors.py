"""The error of a render's options, in a module of its own: the command raises it without importing the stages."""

from __future__ import annotations


class RenderUsageError(Exception):
    """A scope option names something the flow does not have: exit 2 with this message."""
