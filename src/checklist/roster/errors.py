"""What a roster file can be refused with. The errors of a .gcs sheet are here too, not in
roster/gcs/: a command whose roster is TOML catches them without importing the GCS reader."""

from __future__ import annotations


class RosterError(ValueError):
    """A roster file that cannot be used: the message says where and how to fix it."""


class GcsError(RosterError):
    """A .gcs file that cannot be read: the message names the file, the character and the field."""


class OldFormat(GcsError):
    """A .gcs file in a format this tool does not read (XML, or an unknown data version): re-save it."""
