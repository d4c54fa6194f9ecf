"""`@dataclass(frozen=True, slots=True)`, made at a tenth of the cost: the same classes, built faster.

The standard decorator compiles six small functions per class (__init__, __repr__, __eq__,
__hash__, __setattr__, __delattr__), each with its own `exec`, asks `inspect` for a docstring and
tells each string annotation apart from ClassVar, InitVar and KW_ONLY: about a millisecond a class,
and the package has some 160 of them, made at every start. Here the fields are collected as it
collects them (its own `Field` objects), the slotted class is made once, as its `_add_slots` makes
it, and the methods are shared: only `__init__` is compiled, once per number of fields. The result
is a frozen dataclass in every way that matters (`dataclasses.fields`, `replace`, `asdict`,
equality, hashing, `FrozenInstanceError`, pickling); `tests/model/test_frozen.py` compares it with
the standard one. A class this does not cover (a default factory, `__post_init__`, its own
`__eq__`, its own `__slots__`, a metaclass, a dataclass base ...) is handed to the standard
decorator unchanged.

Modules import it as `dataclass` at run time and the standard one for the type checker:

    if TYPE_CHECKING:
        from dataclasses import dataclass
    else:
        from checklist.model.frozen import dataclass
"""

from __future__ import annotations

import dataclasses
import itertools
import operator
import types
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

from checklist.model import inits

_FAST = hasattr(dataclasses, "_create_fn")  # Python 3.11 and 3.12; 3.13 compiles a class's methods at once itself
_OWN = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__", "__post_init__")


def dataclass(cls: type | None = None, /, **options: Any) -> Any:
    """`dataclasses.dataclass`, made faster for `frozen=True, slots=True` and nothing else."""

    def wrap(kind: type) -> Any:
        if options != {"frozen": True, "slots": True} or not _FAST or not _plain(kind):
            return dataclasses.dataclass(kind, **options)
        return _frozen(kind)

    return wrap if cls is None else wrap(cls)


def _plain(kind: type) -> bool:
    """A class the fast way builds as the standard one would: no methods or slots of its own, no
    metaclass, no dataclass base, no InitVar or keyword-only fields, no default factory or
    init=False, no field without a default after one with (which the standard decorator refuses)."""
    own = vars(kind)
    if any(name in own for name in _OWN) or "__slots__" in own or type(kind) is not type:
        return False
    if any(dataclasses.is_dataclass(b) for b in kind.__mro__[1:]):
        return False
    defaulted = False
    for name, annotation in own.get("__annotations__", {}).items():
        if any(word in str(annotation) for word in ("ClassVar", "InitVar", "KW_ONLY")):
            return False
        value = _default(kind, name)
        if isinstance(value, dataclasses.Field):
            if value.default_factory is not dataclasses.MISSING or not value.init or value.kw_only is True:
                return False
            value = value.default
        if value is dataclasses.MISSING and defaulted:
            return False
        defaulted = defaulted or value is not dataclasses.MISSING
    return True


def _default(kind: type, name: str) -> Any:
    """A field's default as the standard decorator finds it: the class attribute of its name, unless
    that is a base's slot."""
    value = getattr(kind, name, dataclasses.MISSING)
    return dataclasses.MISSING if isinstance(value, types.MemberDescriptorType) else value


def _frozen(kind: type) -> Any:
    """The slotted class the standard decorator makes, with the fields it finds, made directly: its
    Field objects, then one new class with __slots__ (as its `_add_slots` does), then the methods."""
    if not kind.__doc__:
        kind.__doc__ = kind.__name__  # no docstring: the standard decorator would ask inspect for one
    own = vars(kind)
    annotations = own.get("__annotations__", {})
    fields: dict[str, dataclasses.Field[Any]] = {}
    for name, annotation in annotations.items():
        value = _default(kind, name)
        field: Any = value if isinstance(value, dataclasses.Field) else dataclasses.field(default=value)
        field.name, field.type = name, annotation
        field._field_type = _FIELD
        if field.kw_only is dataclasses.MISSING:
            field.kw_only = False
        if field.default.__class__.__hash__ is None:  # as the standard decorator refuses it
            raise ValueError(
                f"mutable default {type(field.default)} for field {name} is not allowed: use default_factory"
            )
        fields[name] = field
    for name, value in own.items():
        if isinstance(value, dataclasses.Field) and name not in annotations:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    inherited = set(itertools.chain.from_iterable(map(dataclasses._get_slots, kind.__mro__[1:-1])))  # type: ignore[attr-defined]
    namespace = {k: v for k, v in own.items() if k not in fields and k != "__dict__" and k != "__weakref__"}
    namespace["__slots__"] = tuple(name for name in fields if name not in inherited)
    namespace["__dataclass_fields__"] = fields
    namespace["__dataclass_params__"] = _params()
    namespace.setdefault("__match_args__", tuple(fields))
    made: Any = type(kind.__name__, kind.__bases__, namespace)
    made.__qualname__ = kind.__qualname__
    for name, method in _methods(made, tuple(fields.values())).items():
        method.__qualname__ = f"{made.__qualname__}.{name}"
        setattr(made, name, method)
    made.__getstate__ = dataclasses._dataclass_getstate  # type: ignore[attr-defined]  # pickling, as frozen+slots
    made.__setstate__ = dataclasses._dataclass_setstate  # type: ignore[attr-defined]
    return made


_FIELD = getattr(dataclasses, "_FIELD", None)  # the marker of a real field (not a ClassVar, not an InitVar)
_PARAMS = {  # what the standard decorator records for frozen=True, slots=True (3.12 records more than 3.11)
    "init": True, "repr": True, "eq": True, "order": False, "unsafe_hash": False, "frozen": True,
    "match_args": True, "kw_only": False, "slots": True, "weakref_slot": False,
}  # fmt: skip


def _params() -> Any:
    kind = dataclasses._DataclassParams  # type: ignore[attr-defined]
    names = kind.__init__.__code__.co_varnames[1 : kind.__init__.__code__.co_argcount]
    return kind(*(_PARAMS[name] for name in names))


def _methods(made: Any, fields: tuple[dataclasses.Field[Any], ...]) -> dict[str, Callable[..., Any]]:
    """The six methods as the standard decorator makes them; only __init__ is compiled, once per
    number of fields, and each class gets a copy with its own names."""
    names = tuple(f.name for f in fields)
    frozen = frozenset(names)
    shown = tuple(f.name for f in fields if f.repr)
    compared = _getter(tuple(f.name for f in fields if f.compare))
    hashed = _getter(tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash)))
    error = dataclasses.FrozenInstanceError

    def __repr__(self: Any) -> str:
        return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(compared(self) == compared(other))
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    def __setattr__(self: Any, name: str, value: object) -> None:
        if type(self) is made or name in frozen:
            raise error(f"cannot assign to field {name!r}")
        super(made, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is made or name in frozen:
            raise error(f"cannot delete field {name!r}")
        super(made, self).__delattr__(name)

    return {
        "__init__": _init(made, fields),
        "__repr__": __repr__,
        "__eq__": __eq__,
        "__hash__": __hash__,
        "__setattr__": __setattr__,
        "__delattr__": __delattr__,
    }


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[object, ...]]:
    """The fields' values as a tuple, as the standard methods compare and hash them."""
    if len(names) >= 2:
        return operator.attrgetter(*names)
    if names:
        one = operator.attrgetter(names[0])
        return lambda self: (one(self),)
    return lambda self: ()


def _init(made: Any, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """`__init__(self, a, b=B)`: the template for this many fields, given the class's twin and the fields'
    setters, its names made the fields' (the parameters, and the attributes its plain stores set)."""
    names = [f.name for f in fields]
    twin = _twin(made) if len(fields) >= inits.TWIN_FIELDS else None
    setters = (_setter(made, name) for name in names)
    inner = _template(len(fields))(_SET_CLASS, twin, made if twin is not None else None, *setters)
    stored = {f"a{i}": name for i, name in enumerate(names)}
    code = inner.__code__.replace(
        co_varnames=("self", *names, *inner.__code__.co_varnames[len(fields) + 1 :]),
        co_names=tuple(stored.get(name, name) for name in inner.__code__.co_names),
        co_name="__init__",
        co_qualname=f"{made.__qualname__}.__init__",
    )
    defaults = [f.default for f in fields if f.default is not dataclasses.MISSING]
    init: Callable[..., None] = types.FunctionType(
        code, inner.__globals__, "__init__", tuple(defaults) or None, inner.__closure__
    )
    init.__annotations__ = {f.name: f.type for f in fields} | {"return": None}
    return init


def _setter(made: type, name: str) -> Callable[[Any, object], None]:
    """What sets the field `name` of a new instance: its slot's descriptor (the class's own, or a
    base's), which `object.__setattr__` would find and call."""
    for kind in made.__mro__:
        found = vars(kind).get(name)
        if isinstance(found, types.MemberDescriptorType):
            return found.__set__
        if found is not None:
            break
    return lambda self, value: object.__setattr__(self, name, value)


@cache
def _template(count: int) -> Callable[..., Callable[..., None]]:
    """`init_N(_sc, _twin, _kind, s0, s1, ...)`, which gives the `def __init__(self, f0, f1, ...)` setting
    each field (model/inits.py says how): written out there up to 16 fields, else compiled by the standard
    decorator's own helper."""
    written: Callable[..., Callable[..., None]] | None = getattr(inits, f"init_{count}", None)
    if written is not None:
        return written
    setters = ["_sc", "_twin", "_kind", *(f"s{i}" for i in range(count))]
    made: Callable[..., Callable[..., None]] = dataclasses._create_fn(  # type: ignore[attr-defined]
        f"init_{count}", setters, [*_init_lines(count), "return __init__"], globals={}
    )
    return made


def init_source(count: int) -> str:
    """The source of `init_N` for `count` fields, as model/inits.py writes it out (tests/model/test_frozen.py
    writes that file again from this), and as `_template` compiles it for more fields."""
    setters = ", ".join(["_sc", "_twin", "_kind", *(f"s{i}" for i in range(count))])
    lines = [
        f"def init_{count}({setters}):  # type: ignore[no-untyped-def]",
        *("    " + line for line in _init_lines(count)),
    ]
    return "\n\n" + "\n".join([*lines, "", "    return __init__"]) + "\n"


def _init_lines(count: int) -> list[str]:
    """`def __init__(self, f0, ...)` of `init_N` and its body: from TWIN_FIELDS fields on, the twin's plain
    stores for an instance of the class itself, else (and for a subclass) each field's setter."""
    params = ", ".join(["self", *(f"f{i}" for i in range(count))])
    body = [f"    s{i}(self, f{i})" for i in range(count)] or ["    pass"]
    if count >= inits.TWIN_FIELDS:
        twin = ["    if self.__class__ is _kind:", "        _sc(self, _twin)"]
        twin += [f"        self.a{i} = f{i}" for i in range(count)]
        twin += ["        self.__class__ = _kind", "    else:"]
        body = twin + ["    " + line for line in body]
    return [f"def __init__({params}):  # type: ignore[no-untyped-def]", *body]


_SET_CLASS = object.__dict__["__class__"].__set__  # makes an instance another class of the same layout
_T = TypeVar("_T")
_COPIERS: dict[type, Callable[[Any, dict[str, object]], Any]] = {}


def evolve(record: _T, **changes: object) -> _T:
    """`dataclasses.replace` for frozen, slotted records, without running `__init__`: the engine copies
    a State several times per step, and `replace` was a fifth of an answer's time."""
    kind = type(record)
    if _FAST:  # a copier for this class and these changed fields: each slot set once
        key = (kind, *changes)
        made = _CHANGERS.get(key) or _changer(kind, tuple(changes))
        return made(record, changes)  # type: ignore[no-any-return]
    copy = _COPIERS.get(kind) or _copier(kind)
    return copy(record, changes)  # type: ignore[no-any-return]


_CHANGERS: dict[tuple[Any, ...], Callable[[Any, dict[str, object]], Any]] = {}


def replacer(kind: type[_T], *changed: str) -> Callable[..., _T]:
    """`copy(record, value, ...)`: `evolve(record, name=value, ...)` for these fields, in this order, made
    once for a call site the engine runs at every step (no keywords to gather, no copier to look up)."""
    if not _FAST:
        _checked(kind, changed)
        return lambda record, *values: evolve(record, **dict(zip(changed, values, strict=True)))
    params = [f"v{j}" for j in range(len(changed))]
    made: Callable[..., _T] = _compiled(kind, changed, params, lambda j, name: params[j])
    return made


def _changer(kind: type, changed: tuple[str, ...]) -> Callable[[Any, dict[str, object]], Any]:
    """`copy(record, changes)` for one class and one set of changed fields (a call site's), made once."""
    made: Callable[[Any, dict[str, object]], Any] = _compiled(kind, changed, ["c"], lambda j, name: f"c[{name!r}]")
    _CHANGERS[(kind, *changed)] = made
    return made


def _compiled(kind: type, changed: tuple[str, ...], params: list[str], given: Callable[[int, str], str]) -> Any:
    """`copy(r, *params)` for `kind`, compiled by the standard decorator's helper: a new record, made as the
    class's writable twin (`_twin`) or else slot by slot through each slot's descriptor, each field set to
    `given(j, name)` for the j-th changed field, else to the record's."""
    names = _checked(kind, changed)
    at = {name: j for j, name in enumerate(changed)}
    values = [given(at[name], name) if name in at else f"r.{name}" for name in names]
    twin = _twin(kind)
    scope: dict[str, Any] = {"_new": object.__new__, "_kind": kind, "_twin": twin}
    if twin is not None:  # made as its writable twin, each slot set by a plain store, then given its class
        body = ["n = _new(_twin)", *(f"n.{name} = {value}" for name, value in zip(names, values, strict=True))]
        body.append("n.__class__ = _kind")
    else:
        scope |= {f"_s{i}": _setter(kind, name) for i, name in enumerate(names)}
        body = ["n = _new(_kind)", *(f"_s{i}(n, {value})" for i, value in enumerate(values))]
    return dataclasses._create_fn("copy", ["r", *params], [*body, "return n"], globals=scope)  # type: ignore[attr-defined]


@cache
def _twin(kind: type) -> type | None:
    """A class with `kind`'s slots and nothing else: the same layout, so an instance of it can be given
    `kind` as its class. A copy is made as one, its slots set by plain attribute stores (which Python
    specializes), then made a `kind`: a third of the time of calling each slot's descriptor. None for a
    class with a base of its own (its layout is not only its slots)."""
    if kind.__bases__ != (object,):
        return None
    twin = type(f"{kind.__name__}Being", (), {"__slots__": kind.__slots__})  # type: ignore[attr-defined]
    probe: Any = object.__new__(twin)
    try:
        probe.__class__ = kind  # what a copy does: refused if the layouts differ
    except TypeError:
        return None
    return twin


def _fields(kind: type) -> tuple[str, ...]:
    """The names of the class's fields: its slots and a slotted base's."""
    return tuple(f.name for f in dataclasses.fields(kind))


def _checked(kind: type, changed: tuple[str, ...]) -> tuple[str, ...]:
    """The class's fields; TypeError, as `replace` gives, for a changed one it does not have."""
    names = _fields(kind)
    if not set(changed) <= set(names):
        _refuse(kind, dict.fromkeys(changed))
    return names


def _copier(kind: type) -> Callable[[Any, dict[str, object]], Any]:
    """`copy(record, changes)` for one class, made once, where the standard decorator has no helper to
    compile with (3.13): each slot copied by its own descriptor, then the changes set."""
    names = _fields(kind)
    setters = tuple(_setter(kind, name) for name in names)
    fields = frozenset(names)
    values = _getter(names)

    def copy(record: Any, changes: dict[str, object]) -> Any:
        new: Any = object.__new__(kind)
        for setter, value in zip(setters, values(record), strict=True):
            setter(new, value)
        if changes.keys() - fields:
            _refuse(kind, changes)
        for name, value in changes.items():
            object.__setattr__(new, name, value)
        return new

    _COPIERS[kind] = copy
    return copy


def _refuse(kind: type, changes: dict[str, object]) -> None:
    fields = set(_fields(kind))
    raise TypeError(f"{kind.__name__} has no field {', '.join(sorted(changes.keys() - fields))}")
