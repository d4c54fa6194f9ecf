"""model/frozen.py builds frozen, slotted dataclasses that behave as the standard decorator's do."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from pathlib import Path
from typing import Any

import pytest

from checklist import model as m
from checklist.model import frozen, inits
from checklist.model.frozen import dataclass as fast_dataclass


def both(body: dict[str, Any], annotations: dict[str, str]) -> tuple[Any, Any]:
    """The same class body, once through each decorator."""
    made = []
    for decorate in (fast_dataclass, dataclasses.dataclass):
        namespace = {"__annotations__": dict(annotations), "__module__": __name__, "__qualname__": "Thing", **body}
        made.append(decorate(type("Thing", (), namespace), frozen=True, slots=True))
    return made[0], made[1]


SHAPES: dict[str, tuple[dict[str, Any], dict[str, str], tuple[Any, ...]]] = {
    "no fields": ({}, {}, ()),
    "one field": ({}, {"a": "int"}, (1,)),
    "defaults": ({"b": 2, "c": ()}, {"a": "int", "b": "int", "c": "tuple[int, ...]"}, (1,)),
    "not compared": ({"span": dataclasses.field(default=0, compare=False)}, {"a": "str", "span": "int"}, ("x",)),
    "not shown, hashed": (
        {"b": dataclasses.field(default=5, repr=False, hash=True, compare=False)},
        {"a": "str", "b": "int"},
        ("y",),
    ),  # fmt: skip
}


@pytest.mark.parametrize("shape", SHAPES, ids=list(SHAPES))
def test_a_fast_class_behaves_as_the_standard_one(shape: str) -> None:
    body, annotations, args = SHAPES[shape]
    fast, standard = both(body, annotations)
    a, b = fast(*args), standard(*args)
    assert repr(a) == repr(b) and hash(a) == hash(b)
    assert a == fast(*args) and a != b and (a == b) is False
    assert [f.name for f in dataclasses.fields(a)] == [f.name for f in dataclasses.fields(b)]
    assert str(inspect.signature(fast)) == str(inspect.signature(standard))
    assert fast.__slots__ == standard.__slots__ and fast.__match_args__ == standard.__match_args__
    assert not hasattr(a, "__dict__") and dataclasses.asdict(a) == dataclasses.asdict(b)
    assert fast.__dataclass_params__.frozen and fast.__dataclass_params__.eq
    for name in [f.name for f in dataclasses.fields(a)] + ["other"]:
        with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
            setattr(a, name, 3)
        with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
            delattr(a, name)
    if args:
        changed = dataclasses.replace(a, **{dataclasses.fields(a)[0].name: args[0] * 2})
        assert changed != a and type(changed) is fast
    assert copy.deepcopy(a) == a


def test_the_model_is_built_the_fast_way_and_pickles() -> None:
    span = m.Span("f.flow", 1, 2, 3, 4)
    step = m.Go(m.Target(None, 5, None, span), span)
    assert step == pickle.loads(pickle.dumps(step)) and hash(step) == hash(
        m.Go(m.Target(None, 5, None, m.NOWHERE), span)
    )
    assert repr(span) == "Span(file='f.flow', line=1, column=2, end_line=3, end_column=4)"
    assert m.Span.__init__.__code__.co_varnames[:6] == ("self", "file", "line", "column", "end_line", "end_column")
    assert m.Span(file="g", line=1, column=1, end_line=1, end_column=2).file == "g"
    with pytest.raises(TypeError):
        m.Span("f")  # type: ignore[call-arg]


def test_what_it_does_not_cover_goes_to_the_standard_decorator() -> None:
    fast, standard = both({"b": dataclasses.field(default_factory=list)}, {"a": "int", "b": "list[int]"})
    assert fast(1).b == [] and repr(fast(1)) == repr(standard(1))
    with pytest.raises(TypeError):  # a field without a default after one with: refused, as the standard one does
        both({"a": 1}, {"a": "int", "b": "int"})


@pytest.mark.parametrize("compiled", [True, False])
def test_evolve_is_replace_without_init(compiled: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """`evolve` gives what `dataclasses.replace` gives, compiled (3.11, 3.12) or by its loop (3.13),
    and refuses a field the class does not have, as `replace` does."""
    import dataclasses

    from checklist.engine.state import Known, State
    from checklist.model import frozen

    monkeypatch.setattr(frozen, "_FAST", compiled)
    monkeypatch.setattr(frozen, "_COPIERS", {})
    monkeypatch.setattr(frozen, "_CHANGERS", {})
    known = Known("hp", 10, "combat", "asked", "combat.1", 3)
    state = State("combat.1", facts=(known,), seq=3)
    moved = {"step": "combat.2", "statement": 1}
    assert frozen.evolve(state, **moved) == dataclasses.replace(state, **moved)
    assert frozen.evolve(state, statement=1, step="combat.2") == dataclasses.replace(state, **moved)  # any order
    assert frozen.evolve(known, value=8) == dataclasses.replace(known, value=8) != known
    assert frozen.evolve(state) == state and frozen.evolve(state) is not state
    with pytest.raises(TypeError, match="State has no field bogus"):
        frozen.evolve(state, bogus=1)
    with pytest.raises(TypeError, match="State has no field bogus"):
        frozen.evolve(state, step="combat.3", bogus=1)


@pytest.mark.parametrize("compiled", [True, False])
def test_a_replacer_is_replace_for_its_fields(compiled: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """`replacer(kind, *names)(record, *values)` gives `dataclasses.replace(record, **names' values)`,
    the record itself unchanged, and refuses a field the class does not have when it is made."""
    from checklist.engine.state import Known, State
    from checklist.model import frozen

    monkeypatch.setattr(frozen, "_FAST", compiled)
    known = Known("hp", 10, "combat", "asked", "combat.1", 3)
    state = State("combat.1", facts=(known,), seq=3, statement=2)
    move = frozen.replacer(State, "statement", "step", "facts")
    moved = move(state, 0, "combat.9", ())
    assert moved == dataclasses.replace(state, statement=0, step="combat.9", facts=())
    assert (state.step, state.statement, state.facts) == ("combat.1", 2, (known,))
    with pytest.raises(TypeError, match="State has no field bogus"):
        frozen.replacer(State, "step", "bogus")


def test_the_written_inits_are_the_templates_frozen_compiles_for_more_fields() -> None:
    """model/inits.py is `frozen.init_source` written out for 0 to 16 fields (what a class of 17 or more
    fields has compiled), with the file's own head."""
    written = Path(inits.__file__).read_text(encoding="utf-8")
    head = written[: written.index("\n\ndef init_0(")]
    again = head
    for count in range(17):
        again += frozen.init_source(count)
    assert written == again


@pytest.mark.parametrize("count", [0, 1, 16, 17, 25])
def test_a_class_of_any_number_of_fields_is_built_as_the_standard_one(count: int) -> None:
    names = {f"x{i}": "int" for i in range(count)}
    fast, standard = both({}, names)
    values = tuple(range(count))
    assert repr(fast(*values)) == repr(standard(*values)) and fast(*values) == fast(*values)
    by_name = dict(zip(names, values, strict=True))
    assert dataclasses.astuple(fast(*values)) == values == dataclasses.astuple(standard(**by_name))
    assert str(inspect.signature(fast)) == str(inspect.signature(standard))
    assert fast.__init__.__code__.co_filename.endswith("inits.py") == (count <= 16)


def test_a_field_is_set_by_its_slot_s_own_descriptor_or_a_base_s() -> None:
    """__init__ sets each field through the slot's descriptor, past the frozen __setattr__, as
    object.__setattr__ would: a slot of a plain base is set too, and the instance stays frozen."""

    class Base:
        __slots__ = ("a",)

    made = []
    for decorate in (fast_dataclass, dataclasses.dataclass):
        namespace = {"__annotations__": {"a": "int", "b": "int"}, "__module__": __name__, "__qualname__": "Thing"}
        made.append(decorate(type("Thing", (Base,), namespace), frozen=True, slots=True))
    fast, standard = made
    assert (fast(1, 2).a, fast(1, 2).b) == (standard(1, 2).a, standard(1, 2).b) == (1, 2)
    assert repr(fast(1, 2)) == repr(standard(1, 2)) and fast(1, 2) == fast(1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast(1, 2).a = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        fast(1)  # type: ignore[call-arg]


@pytest.mark.parametrize("compiled", [True, False])
def test_a_copy_is_made_as_the_class_s_writable_twin_then_given_its_class(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A compiled copy is made as a class with the same slots (stores Python specializes), then given the
    record's class: it is an instance of that class only, equal to what `replace` gives, frozen, and it
    pickles; a class with a base of its own (more than its slots in its layout) is copied slot by slot,
    its base's slot too (by the loop of 3.13 as well)."""
    from checklist.model import frozen

    monkeypatch.setattr(frozen, "_FAST", compiled)
    monkeypatch.setattr(frozen, "_COPIERS", {})
    monkeypatch.setattr(frozen, "_CHANGERS", {})

    class Base:
        __slots__ = ("a",)

    plain = fast_dataclass(
        type("Plain", (), {"__annotations__": {"a": "int", "b": "str"}, "__module__": __name__}),
        frozen=True,
        slots=True,
    )
    based = fast_dataclass(
        type("Based", (Base,), {"__annotations__": {"a": "int", "b": "str"}, "__module__": __name__}),
        frozen=True,
        slots=True,
    )
    assert frozen._twin(plain) is not None and frozen._twin(based) is None
    for kind in (plain, based):
        record = kind(1, "x")
        copied = frozen.replacer(kind, "b")(record, "y")
        assert type(copied) is kind and copied == dataclasses.replace(record, b="y") != record
        assert frozen.evolve(record, a=2) == kind(2, "x")
        with pytest.raises(dataclasses.FrozenInstanceError):
            copied.a = 3
        assert copy.deepcopy(copied) == copied and hash(copied) == hash(kind(1, "y"))
    span = frozen.evolve(m.Span("combat.flow", 1, 2, 3, 4), line=5)
    assert type(span) is m.Span and pickle.loads(pickle.dumps(span)) == span and span.line == 5


@pytest.mark.parametrize("count", [inits.TWIN_FIELDS, 10, 17])
def test_a_class_of_many_fields_is_set_as_its_twin_and_a_subclass_field_by_field(count: int) -> None:
    """From TWIN_FIELDS fields on, __init__ makes the instance its class's twin for its stores: the
    instance is of the class itself after, frozen, as the standard one; a subclass's (another layout)
    is set by the setters."""
    from checklist.model import frozen

    names = {f"x{i}": "int" for i in range(count)}
    fast, standard = both({}, names)
    values = tuple(range(count))
    made = fast(*values)
    assert frozen._twin(fast) is not None and type(made) is fast
    assert repr(made) == repr(standard(*values)) and dataclasses.astuple(made) == values
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.x0 = 5

    class Sub(fast):  # type: ignore[misc,valid-type]
        pass

    sub = Sub(*values)
    assert type(sub) is Sub and dataclasses.astuple(sub) == values
