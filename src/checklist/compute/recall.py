"""A computed fact's work, recalled: worked out again only when what it reads reads differently.

Working out an expression depends on nothing but what it reads: facts, the facts of its conditions
and combatants' attributes (tables and functions are the program's). So each evaluation's reads are
kept, in order, as a path in a tree per fact that ends in what it came to (`Done`). The next time the fact is
worked out, the reads are made again in that order, each with the same call as the evaluator made
it (so whatever a read does on the way, such as working out an input, happens as it did); when every
one reads the same, the kept `Done` is the answer. A read that differs, or raises, leaves the fact
to the evaluator, whose reads grow the tree. A turn works out the same facts from mostly the same
inputs: most of them are recalled.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from checklist.compute.evaluate import CannotCompute, Got, Lacking, Need, Read, Reads, Undecided
from checklist.graph.program import Program
from checklist.model.kept import Kept

Done = tuple[int | str, str, tuple[str, ...]]  # a computed fact's value, its work and the facts it read
LIMIT = 200_000  # reads kept per program; past it they are all dropped (a server runs for months)


class _Failed:
    """What an evaluation refused with, once every read was made (no row in a table, say)."""

    __slots__ = ("why",)

    def __init__(self, why: str) -> None:
        self.why = why


class Asks:
    """What an evaluation came to when a condition it read named a fact not known (`fact`): the evaluator asks
    for it (Undecided), and the fact to ask comes of asking then (an input it lacks in turn, known or not)."""

    __slots__ = ("fact",)

    def __init__(self, fact: str) -> None:
        self.fact = fact


class _Node:
    """A read, and where each value it gives leads: the next read, or what the evaluation came to."""

    __slots__ = ("read", "next")

    def __init__(self, read: Read) -> None:
        self.read = read
        self.next: dict[Got, _Node | Done | _Failed | Asks] = {}


class Recall:
    """The kept work of one program's computed facts."""

    __slots__ = ("_roots", "_size")

    def __init__(self) -> None:
        self._roots: dict[str | int, _Node | Done | _Failed | Asks] = {}  # by fact, or by a record's expression
        self._size = 0

    def recalled(self, fact: str | int, read: Callable[[Read], Got | Lacking]) -> Done | Asks | Lacking | None:
        """The kept work of `fact` if each read it made reads the same again (or Asks: what a condition it read
        lacked); None to work it out. A read that raises raises here, as it would in the evaluator (which
        catches nothing); one that gives Lacking (an input not known: the evaluator would raise Need) is given
        back."""
        node = self._roots.get(fact)
        got: Got | Lacking = None
        while type(node) is _Node:
            got = read(node.read)
            node = node.next.get(got)  # type: ignore[arg-type]  # a Lacking is no value kept: the walk stops there
        if node is None and type(got) is Lacking:
            return got
        if type(node) is _Failed:
            raise CannotCompute(node.why)
        return node  # type: ignore[return-value]

    def kept(self, fact: str | int, reads: Reads, work: Callable[[], Done]) -> Done:
        """`work()`, an evaluation that writes its reads into `reads`; they are kept, and what it came to: its
        work, what the evaluator itself refused it with, or the fact a condition it read lacked (Asks: which
        fact to ask for it is found by asking then, as the reads do not say)."""
        try:
            worked = work()
        except CannotCompute as why:
            refused = len(reads) % 2 == 0 and type(why) is CannotCompute  # by the evaluator, not by a read
            self._keep(fact, reads, _Failed(str(why)) if refused else None)
            raise
        except Need as need:  # by the evaluator after its reads (a condition undecided), or by a read
            asks = Asks(need.undecided) if isinstance(need, Undecided) and len(reads) % 2 == 0 else None
            self._keep(fact, reads, asks)
            raise
        self._keep(fact, reads, worked)
        return worked

    def _keep(self, fact: str | int, reads: Reads, end: Done | _Failed | Asks | None) -> None:
        """Keep the path of `reads`, then `end`; after a read that raised (the last, with nothing it gave),
        that read, so that next time it is made again and raises there."""
        if self._size > LIMIT:
            self._roots.clear()
            self._size = 0
        into: dict[Any, _Node | Done | _Failed | Asks] = self._roots
        key: Any = fact
        for index in range(0, len(reads) - 1, 2):
            read = cast(Read, reads[index])
            node = into.get(key)
            if node is None:
                node = into[key] = _Node(read)
                self._size += 1
            elif type(node) is not _Node or node.read != read:
                return  # the same reads gave another read next: cannot be (the tree is kept as it is)
            into, key = node.next, reads[index + 1]
        if key in into:
            return
        if len(reads) % 2:
            into[key] = _Node(cast(Read, reads[-1]))
        elif end is not None:
            into[key] = end
        else:
            return
        self._size += 1


_RECALLS: Kept[Program, Recall] = Kept(100)


def recall_for(program: Program) -> Recall:
    """The program's Recall, made once."""
    return _RECALLS.made(program, _recall)


def _recall(_: Program) -> Recall:  # not a lambda: recall_for is asked at most visits
    return Recall()
