"""The model as plain data and back: the cache of built programs (cache.py) keeps it as JSON.

A frozen model object becomes a list, its class's name then its fields in order; a tuple becomes a
list; str, int, bool and None stay themselves. Nothing else is written, and reading back is led by
the classes' own annotations, never by the data: only the model classes a Module or a Diagnostic
can hold are made, each field must be of its declared type (a Literal one of its values, a string
free of control characters, a number within the language's digits), and a Code must be one of the
stable codes. Anything else raises Unfit, and the cache builds the file again. No eval, no pickle.
"""

from __future__ import annotations

import dataclasses
import operator
import re
import sys
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

from checklist import model as m
from checklist.model.diagnostics import CODES, Code, Diagnostic

Plain = str | int | bool | None | list["Plain"]
Decode = Callable[[object], object]

_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")  # what the loader refuses in a flow's text
_BIGGEST = 10**12  # a flow's numbers have at most 9 digits; spans count lines and columns of a 16 MB file
_CODES = {code.code: code for code in CODES}


class Unfit(ValueError):
    """Plain data that is not a model the builder could have made: the entry is rebuilt."""


def to_plain(value: object) -> Plain:
    """A model object (a Module, a Diagnostic, ...) as lists, strings, numbers, booleans and None."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value  # type: ignore[return-value]
    if kind is tuple:
        return [to_plain(item) for item in value]  # type: ignore[attr-defined]
    if kind is m.Span:  # half of a flow's objects: written in one go
        span: m.Span = value  # type: ignore[assignment]
        return ["Span", span.file, span.line, span.column, span.end_line, span.end_column]
    fields = _FIELDS.get(kind)
    if fields is None:
        if not dataclasses.is_dataclass(kind):
            raise Unfit(f"cannot write a {kind.__name__} as plain data")
        names = tuple(f.name for f in dataclasses.fields(kind))
        fields = _FIELDS[kind] = _getter(names)
    out: list[Plain] = [kind.__name__]
    for field in fields(value):
        simple = type(field)
        out.append(field if simple is str or simple is int or field is None else to_plain(field))  # type: ignore[arg-type]  # no call for text
    return out


def _getter(names: tuple[str, ...]) -> Callable[[object], tuple[object, ...]]:
    """A class's fields' values, in order, in one call."""
    if len(names) >= 2:
        return operator.attrgetter(*names)
    if names:
        one = operator.attrgetter(names[0])
        return lambda value: (one(value),)
    return lambda value: ()


_FIELDS: dict[type, Callable[[object], tuple[object, ...]]] = {}  # each class's fields' values, in order


def module_from_plain(data: object) -> m.Module:
    return _decoder(m.Module)(data)  # type: ignore[return-value]


def diagnostic_from_plain(data: object) -> Diagnostic:
    return _decoder(Diagnostic)(data)  # type: ignore[return-value]


@cache
def _decoder(kind: object) -> Decode:
    """The function that reads plain data of type `kind` (an annotation), made once per type."""
    if kind is str:
        return _text
    if kind is int:
        return _number
    if kind is bool:
        return _flag
    if kind is type(None):
        return _none
    origin = typing.get_origin(kind)
    if origin is typing.Literal:
        return _literal(frozenset(typing.get_args(kind)))
    if origin in (typing.Union, types.UnionType):
        return _union(typing.get_args(kind))
    if origin is tuple:
        return _tuple(typing.get_args(kind))
    if kind is m.Span:  # half of a flow's objects: read in one call, its tag checked there
        return _span
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _maker(kind)  # its tag checked there
    raise TypeError(f"the model's plain form has no reader for {kind!r}")  # a model change: a bug, not bad data


def _text(value: object) -> str:
    if type(value) is not str or _CONTROL.search(value):
        raise Unfit("expected text without control characters")
    return value


def _number(value: object) -> int:
    if type(value) is not int or not -_BIGGEST < value < _BIGGEST:
        raise Unfit("expected a number within the language's digits")
    return value


def _flag(value: object) -> bool:
    if type(value) is not bool:
        raise Unfit("expected true or false")
    return value


def _none(value: object) -> None:
    if value is not None:
        raise Unfit("expected null")


def _literal(allowed: frozenset[object]) -> Decode:
    def read(value: object) -> object:
        if type(value) not in (str, int) or value not in allowed:
            raise Unfit("expected one of the field's values")
        return value

    return read


def _union(members: tuple[object, ...]) -> Decode:
    """Each member is told apart by its JSON type; the model's classes by their tags."""
    classes = {k.__name__: k for k in members if isinstance(k, type) and dataclasses.is_dataclass(k)}
    by_type: dict[type, list[Decode]] = {}
    for kind in members:
        if kind in classes.values():
            continue
        plain = _plain_type(kind)
        by_type.setdefault(plain, []).append(_decoder(kind))
    if classes:
        by_type.setdefault(list, []).append(_tagged(classes))
    if any(len(found) > 1 for found in by_type.values()):
        readers = {t: _first_of(found) for t, found in by_type.items()}
    else:
        readers = {t: found[0] for t, found in by_type.items()}

    def read(value: object) -> object:
        reader = readers.get(type(value))
        if reader is None:
            raise Unfit("a value of none of the field's types")
        return reader(value)

    return read


def _first_of(readers: list[Decode]) -> Decode:
    def read(value: object) -> object:
        for reader in readers:
            try:
                return reader(value)
            except Unfit:
                pass
        raise Unfit("a value of none of the field's types")

    return read


def _plain_type(kind: object) -> type:
    """The JSON type a non-model annotation is written as."""
    if kind in (str, int, bool, type(None)):
        return kind
    origin = typing.get_origin(kind)
    if origin is tuple:
        return list
    if origin is typing.Literal:
        kinds = {type(v) for v in typing.get_args(kind)}
        if len(kinds) == 1:
            return kinds.pop()
    raise TypeError(f"the model's plain form cannot tell {kind!r} apart in a union")


def _tuple(args: tuple[object, ...]) -> Decode:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])

        def read_all(value: object) -> tuple[object, ...]:
            if type(value) is not list:
                raise Unfit("expected a list")
            if item is _text:  # lines of prose, cells of a table: checked here rather than called
                for v in value:
                    if type(v) is not str or _CONTROL.search(v):
                        raise Unfit("expected text without control characters")
                return tuple(value)
            return tuple([item(v) for v in value])

        return read_all
    items = [_decoder(a) for a in args]

    def read_fixed(value: object) -> tuple[object, ...]:
        if type(value) is not list or len(value) != len(items):
            raise Unfit(f"expected a list of {len(items)}")
        return tuple([item(v) for item, v in zip(items, value, strict=True)])

    return read_fixed


def _tagged(classes: dict[str, type]) -> Decode:
    """A model object: [its class's name, its fields...], the class one of `classes`."""
    makers = {name: _maker(kind) for name, kind in classes.items()}

    def read(value: object) -> object:
        if type(value) is not list or not value:
            raise Unfit("expected a model object")
        maker = makers.get(value[0]) if type(value[0]) is str else None
        if maker is None:
            raise Unfit("a model object of a class the field cannot hold")
        return maker(value)

    return read


def _maker(kind: type) -> Decode:
    """Builds `kind` from [name, field...]: each field read by its annotation, then the class called
    with them (its own __init__ only sets them: no __post_init__, no keyword-only field), or, for a
    class whose __init__ does more, each set on its slot."""
    made_already = _MAKERS.get(kind)
    if made_already is not None:  # the model is recursive (a condition holds conditions)
        return made_already
    if kind is m.Span:
        _MAKERS[kind] = _span
        return _span
    hints = typing.get_type_hints(kind, vars(_module_of(kind)))
    fields = dataclasses.fields(kind)
    count = len(fields) + 1
    name = kind.__name__
    texts: list[int] = []  # the fields read here rather than called (most of them): text,
    numbers: list[int] = []  # numbers,
    others: list[tuple[int, Decode]] = []  # and each other one with its reader; at its place in value[1:]
    called = not hasattr(kind, "__post_init__") and all(f.init and f.kw_only is not True for f in fields)
    slots = [getattr(kind, f.name).__set__ for f in fields]

    def read(value: object) -> object:
        if type(value) is not list or len(value) != count or value[0] != name:
            raise Unfit(f"expected a {name} of {count - 1} fields")
        args = value[1:]
        for at in texts:
            field = args[at]
            if type(field) is not str or _CONTROL.search(field):
                raise Unfit("expected text without control characters")
        for at in numbers:
            field = args[at]
            if type(field) is not int or not -_BIGGEST < field < _BIGGEST:
                raise Unfit("expected a number within the language's digits")
        for at, reader in others:
            args[at] = reader(args[at])
        if called:
            made = kind(*args)
        else:
            made = object.__new__(kind)
            for slot, field in zip(slots, args, strict=True):
                slot(made, field)
        return _stable_code(made) if kind is Code else made

    _MAKERS[kind] = read
    for at, f in enumerate(fields):  # after: the model is recursive
        reader = _decoder(hints[f.name])
        if reader is _text:
            texts.append(at)
        elif reader is _number:
            numbers.append(at)
        else:
            others.append((at, reader))
    return read


def _span(value: object) -> m.Span:
    """A Span, half of a flow's objects, read in one go: [Span, file, line, column, end line, end column]."""
    if type(value) is list and len(value) == 6:
        tag, file, line, column, end_line, end_column = value
        if (
            tag == "Span"
            and type(file) is str
            and type(line) is int
            and type(column) is int
            and type(end_line) is int
            and type(end_column) is int
            and -_BIGGEST < line < _BIGGEST
            and -_BIGGEST < column < _BIGGEST
            and -_BIGGEST < end_line < _BIGGEST
            and -_BIGGEST < end_column < _BIGGEST
            and not _CONTROL.search(file)
        ):
            return m.Span(file, line, column, end_line, end_column)
    raise Unfit("expected a span")


_MAKERS: dict[type, Decode] = {}


def _module_of(kind: type) -> types.ModuleType:
    return sys.modules[kind.__module__]


def _stable_code(code: object) -> Code:
    """The one stable Code a decoded code stands for (the checks test them by identity)."""
    assert isinstance(code, Code)
    known = _CODES.get(code.code)
    if known is None or known != code:
        raise Unfit("not one of the stable codes")
    return known


def model_classes() -> dict[str, Any]:
    """Every class the readers can make, by name (for the tests: the whitelist, from the annotations)."""
    seen: dict[str, Any] = {}
    todo: list[object] = [m.Module, Diagnostic]
    while todo:
        kind = todo.pop()
        if isinstance(kind, type) and dataclasses.is_dataclass(kind):
            if kind.__name__ in seen:
                continue
            seen[kind.__name__] = kind
            todo.extend(typing.get_type_hints(kind, vars(_module_of(kind))).values())
        else:
            todo.extend(typing.get_args(kind))
    return seen
