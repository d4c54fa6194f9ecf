"""The checklist model: frozen dataclasses, each node carrying its source span.

`from checklist import model as m` gives every node: `m.Step`, `m.Go`, `m.Fact`, ..., each
module imported when one of its names is first asked for (so `checklist --version`, or a module
that needs only the limits, imports none of the nodes).
The modules beside this one hold the vocabulary every layer shares: diagnostics, jumps
(what a step's jumps mean), names, dice and the roster's words.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (5 ms): `checklist render` needs none of it

if TYPE_CHECKING:
    from checklist.model.actions import Action as Action
    from checklist.model.actions import Add as Add
    from checklist.model.actions import Card as Card
    from checklist.model.actions import CardField as CardField
    from checklist.model.actions import Category as Category
    from checklist.model.actions import Deck as Deck
    from checklist.model.actions import Find as Find
    from checklist.model.actions import NextTurn as NextTurn
    from checklist.model.actions import Record as Record
    from checklist.model.actions import ShowCard as ShowCard
    from checklist.model.declarations import Checklist as Checklist
    from checklist.model.declarations import Expect as Expect
    from checklist.model.declarations import Fact as Fact
    from checklist.model.declarations import FactKind as FactKind
    from checklist.model.declarations import Module as Module
    from checklist.model.declarations import Row as Row
    from checklist.model.declarations import Section as Section
    from checklist.model.declarations import StartDecl as StartDecl
    from checklist.model.declarations import Step as Step
    from checklist.model.declarations import Table as Table
    from checklist.model.expressions import Attr as Attr
    from checklist.model.expressions import BinOp as BinOp
    from checklist.model.expressions import Call as Call
    from checklist.model.expressions import Expr as Expr
    from checklist.model.expressions import IfElse as IfElse
    from checklist.model.expressions import Lookup as Lookup
    from checklist.model.expressions import Name as Name
    from checklist.model.expressions import Neg as Neg
    from checklist.model.expressions import Num as Num
    from checklist.model.expressions import Test as Test
    from checklist.model.expressions import expr_children as expr_children
    from checklist.model.expressions import expr_names as expr_names
    from checklist.model.expressions import success_calls as success_calls
    from checklist.model.expressions import sum_terms as sum_terms
    from checklist.model.nodes import NOWHERE as NOWHERE
    from checklist.model.nodes import SCOPES as SCOPES
    from checklist.model.nodes import AllOf as AllOf
    from checklist.model.nodes import AnyOf as AnyOf
    from checklist.model.nodes import Assumed as Assumed
    from checklist.model.nodes import Branch as Branch
    from checklist.model.nodes import Choose as Choose
    from checklist.model.nodes import Compare as Compare
    from checklist.model.nodes import Condition as Condition
    from checklist.model.nodes import Default as Default
    from checklist.model.nodes import Dispatch as Dispatch
    from checklist.model.nodes import End as End
    from checklist.model.nodes import Equals as Equals
    from checklist.model.nodes import Erratum as Erratum
    from checklist.model.nodes import Go as Go
    from checklist.model.nodes import IsFalse as IsFalse
    from checklist.model.nodes import IsTrue as IsTrue
    from checklist.model.nodes import Jump as Jump
    from checklist.model.nodes import Note as Note
    from checklist.model.nodes import Options as Options
    from checklist.model.nodes import Otherwise as Otherwise
    from checklist.model.nodes import Ref as Ref
    from checklist.model.nodes import Return as Return
    from checklist.model.nodes import Scope as Scope
    from checklist.model.nodes import Span as Span
    from checklist.model.nodes import Split as Split
    from checklist.model.nodes import Target as Target
    from checklist.model.nodes import Uses as Uses
    from checklist.model.nodes import When as When
    from checklist.model.nodes import condition_facts as condition_facts

_WHERE = {
    "Action": "actions",
    "Add": "actions",
    "Card": "actions",
    "CardField": "actions",
    "Category": "actions",
    "Deck": "actions",
    "Find": "actions",
    "NextTurn": "actions",
    "Record": "actions",
    "ShowCard": "actions",
    "Checklist": "declarations",
    "Expect": "declarations",
    "Fact": "declarations",
    "FactKind": "declarations",
    "Module": "declarations",
    "Row": "declarations",
    "Section": "declarations",
    "StartDecl": "declarations",
    "Step": "declarations",
    "Table": "declarations",
    "Attr": "expressions",
    "BinOp": "expressions",
    "Call": "expressions",
    "Expr": "expressions",
    "IfElse": "expressions",
    "Lookup": "expressions",
    "Name": "expressions",
    "Neg": "expressions",
    "Num": "expressions",
    "Test": "expressions",
    "expr_children": "expressions",
    "expr_names": "expressions",
    "success_calls": "expressions",
    "sum_terms": "expressions",
    "NOWHERE": "nodes",
    "SCOPES": "nodes",
    "AllOf": "nodes",
    "AnyOf": "nodes",
    "Assumed": "nodes",
    "Branch": "nodes",
    "Choose": "nodes",
    "Compare": "nodes",
    "Condition": "nodes",
    "Default": "nodes",
    "Dispatch": "nodes",
    "End": "nodes",
    "Equals": "nodes",
    "Erratum": "nodes",
    "Go": "nodes",
    "IsFalse": "nodes",
    "IsTrue": "nodes",
    "Jump": "nodes",
    "Note": "nodes",
    "Options": "nodes",
    "Otherwise": "nodes",
    "Ref": "nodes",
    "Return": "nodes",
    "Scope": "nodes",
    "Span": "nodes",
    "Split": "nodes",
    "Target": "nodes",
    "Uses": "nodes",
    "When": "nodes",
    "condition_facts": "nodes",
}


def __getattr__(name: str) -> object:
    """A name of the model, imported from its module the first time it is asked for."""
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"checklist.model.{where}"), name)
    globals()[name] = value
    return value
