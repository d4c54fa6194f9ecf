"""An LSP client drives `checklist lsp` over stdio on tests/lsp/data/demo/: open, edit, diagnostics,
definition, references, hover, completion, rename, code actions, the outline, and shutdown. The
answers are written out in tests/lsp/golden/ (UPDATE_GOLDEN=1 rewrites them)."""

from __future__ import annotations

from tests.lsp.client import position
from tests.lsp.conftest import Session


def test_open_edit_and_diagnostics_as_you_type(session: Session) -> None:
    assert session.open("main.flow") == []
    main = session.text("main.flow")
    broken = (
        main.replace("if stunned -> 4", "if stuned -> 4")  # E301, did you mean `stunned`?
        .replace("  else -> 2\n", "  else -> 20\n")  # E201, did you mean step 2?
        .replace('step 4 "Done"', 'step 4 "Done"\n  gto 1')  # E001, did you mean `go`?
    )
    found = session.edit("main.flow", broken)
    session.golden("diagnostics-syntax", found)  # a syntax error: the graph rules wait for it to go
    found = session.edit("main.flow", broken.replace("\n  gto 1", ""))
    session.golden("diagnostics", found)
    assert {d["code"] for d in found} == {"E301", "W302", "E201", "E202"}  # `stunned` unused, step 2 unreachable
    assert session.edit("main.flow", main) == []


def test_findings_across_files_update_when_either_file_changes(session: Session) -> None:
    session.open("main.flow")
    rules = session.text("rules.flow")
    session.open("rules.flow")
    found = session.edit("rules.flow", rules.replace("go main.4", "go main.9"))
    assert [(d["code"], d["range"]["start"]["line"]) for d in found] == [("E201", 12)]
    main = session.text("main.flow") + '\nstep 9 "Late"\n  end\n'
    session.versions[session.uri("main.flow")] += 1
    session.client.change(session.uri("main.flow"), session.versions[session.uri("main.flow")], main)
    assert session.client.diagnostics(session.uri("rules.flow")) == []  # the other file's finding is gone


def test_definition(session: Session) -> None:
    session.open("main.flow")
    main, rules = session.text("main.flow"), session.text("rules.flow")
    asked = {
        "step `-> 4`": ("main.flow", position(main, "-> 4", offset=3)),
        "step `other.1`": ("main.flow", position(main, "other.1", offset=7)),
        "fact in `if`": ("main.flow", position(main, "if stunned", offset=4)),
        "fact in `dispatch`": ("main.flow", position(main, "by maneuver", offset=5)),
        "table in `dispatch`": ("main.flow", position(main, "dispatch maneuvers", offset=10)),
        "column in `dispatch`": ("main.flow", position(main, "maneuvers.step", offset=11)),
        "fact in `find`": ("main.flow", position(main, "find effective-skill", offset=6)),
        "dispatch row": ("rules.flow", position(rules, "Attack | 3", offset=9)),
        "column in a look-up": ("rules.flow", position(rules, "maneuvers.skill", offset=12)),
        "table in `choice from`": ("main.flow", position(main, "from maneuvers", offset=6)),
        "a word that names nothing": ("main.flow", position(main, "Stun check", offset=1)),
    }
    answers = {what: session.ask("textDocument/definition", name, where) for what, (name, where) in asked.items()}
    session.golden("definition", answers)
    assert answers["a word that names nothing"] is None


def test_references(session: Session) -> None:
    session.open("main.flow")
    main = session.text("main.flow")

    def references(needle: str, offset: int, declaration: bool = True) -> object:
        where = position(main, needle, offset=offset)
        context = {"includeDeclaration": declaration}
        return session.ask("textDocument/references", "main.flow", where, context=context)

    answers = {
        "fact maneuver": references("fact maneuver", 6),
        "step main.4": references("step 4", 5),
        "table maneuvers, no declaration": references("dispatch maneuvers", 9, declaration=False),
    }
    session.golden("references", answers)


def test_hover(session: Session) -> None:
    session.open("main.flow")
    main, rules = session.text("main.flow"), session.text("rules.flow")
    asked = {
        "step": ("main.flow", position(main, "-> 2", offset=3)),
        "fact, asked": ("main.flow", position(main, "if stunned", offset=5)),
        "fact, worked out": ("main.flow", position(main, "find effective-skill", offset=7)),
        "table": ("main.flow", position(main, "dispatch maneuvers", offset=11)),
        "column": ("rules.flow", position(rules, "maneuvers.skill", offset=11)),
        "rule reference": ("main.flow", position(main, "refs B420", offset=6)),
    }
    session.golden("hover", {what: session.ask("textDocument/hover", n, w) for what, (n, w) in asked.items()})


def test_completion(session: Session) -> None:
    main = session.text("main.flow")
    typed = main.replace('step 4 "Done"\n  end', 'step 4 "Done"\n  go \n  if maneuvers.\n  \n  refs \n  if ')
    session.open("main.flow", typed)
    line = typed.count("\n", 0, typed.index("  go \n"))

    def labels(row: int, column: int) -> list[str]:
        found = session.ask("textDocument/completion", "main.flow", {"line": row, "character": column})
        return [item["label"] for item in found["items"]]

    answers = {
        "after `go`": session.ask("textDocument/completion", "main.flow", {"line": line, "character": 5})["items"],
        "after `maneuvers.`": labels(line + 1, 15),
        "a line's first word": labels(line + 2, 2),
        "after `refs`": labels(line + 3, 7),
        "in a condition": labels(line + 4, 5),
        "after `when`": labels(typed.count("\n", 0, typed.index("  when parry")), 7),
    }
    session.golden("completion", answers)
    assert "stunned" in answers["in a condition"] and "go" in answers["a line's first word"]
    assert answers["after `when`"] == ["dodge", "none", "parry"]


def test_rename_a_fact_and_a_table_across_files(session: Session) -> None:
    session.open("main.flow")
    main = session.text("main.flow")
    fact = session.ask("textDocument/rename", "main.flow", position(main, "by maneuver", offset=4), newName="move")
    table = session.ask("textDocument/rename", "main.flow", position(main, "from maneuvers", offset=5), newName="moves")
    prepared = session.ask("textDocument/prepareRename", "main.flow", position(main, "if stunned", offset=4))
    session.golden("rename", {"fact maneuver -> move": fact, "table maneuvers -> moves": table, "prepare": prepared})
    step = session.ask("textDocument/prepareRename", "main.flow", position(main, "-> 4", offset=3))
    assert step is None  # a step is renumbered by hand, not renamed
    refused = session.client.request(
        "textDocument/rename",
        {"textDocument": {"uri": session.uri("main.flow")}, "position": position(main, "if stunned", offset=4),
         "newName": "Not A Name"},
    )  # fmt: skip
    assert refused["error"]["code"] == -32803 and "is not a name" in refused["error"]["message"]
    taken = session.client.request(
        "textDocument/rename",
        {"textDocument": {"uri": session.uri("main.flow")}, "position": position(main, "if stunned", offset=4),
         "newName": "defense"},
    )  # fmt: skip
    assert "is declared already" in taken["error"]["message"]


def test_code_actions_fix_what_has_one_fix(session: Session) -> None:
    session.open("main.flow")
    main = session.text("main.flow")
    broken = main.replace("if stunned -> 4", "if stuned -> 4").replace("  else -> 2\n", "")
    found = session.edit("main.flow", broken)
    assert {d["code"] for d in found} == {"E301", "W302", "E210", "E202"}  # step 2 is left unreachable
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": broken.count("\n"), "character": 0}}
    actions = session.client.result(
        "textDocument/codeAction",
        {"textDocument": {"uri": session.uri("main.flow")}, "range": whole, "context": {"diagnostics": found}},
    )
    session.golden("code-actions", actions)
    assert [a["title"] for a in actions] == ["Add `else -> 2`", "Change to `stunned`"]


def test_document_symbols(session: Session) -> None:
    session.open("main.flow")
    outline = session.client.result("textDocument/documentSymbol", {"textDocument": {"uri": session.uri("main.flow")}})
    session.golden("symbols", outline)
    assert [s["name"] for s in outline] == ["main"]
    assert [s["name"] for s in outline[0]["children"]] == ["stunned", "maneuver", "defense", "opening", "attack"]
