"""The tree shows the pipeline: a lower layer never imports a higher one, and nothing imports in a circle.

text -> statements (syntax) -> graph -> program (build, load) -> compute / roster -> checks -> engine / render
-> present / paths -> play -> terminal / web -> cli.
`model` is the vocabulary every layer shares (nodes, spans, diagnostics, dice, names, jumps).
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

from tests.conftest import ROOT

SRC = ROOT / "src" / "checklist"
RANK = {"model": 0, "syntax": 1, "graph": 2, "program": 3, "compute": 4, "roster": 4, "checks": 5, "engine": 6,
        "render": 6, "present": 7, "paths": 7, "play": 8, "terminal": 9, "web": 9, "lsp": 9, "cli": 10}  # fmt: skip
FACADE = {"checklist", "checklist.__main__"}  # the public API and `python -m checklist` may import anything


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(SRC.rglob("*.py"))}


def imports(path: Path) -> list[tuple[str, int, bool]]:
    """(module imported, line, inside a function) for every import of our own modules."""
    tree = ast.parse(path.read_text("utf-8"))
    found: list[tuple[str, int, bool]] = []
    in_function: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            in_function.update(id(n) for n in ast.walk(node) if n is not node)
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in MODULES else node.module
                     for a in node.names]  # fmt: skip
        for name in names:
            if name.split(".")[0] == "checklist" and name != "checklist":
                found.append((name, node.lineno, id(node) in in_function))
    return found


def package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_every_package_has_a_layer() -> None:
    packages = {package(m) for m in MODULES if m not in FACADE}
    assert packages <= set(RANK), f"put these in a layer (tests/test_layers.py RANK): {packages - set(RANK)}"
    assert not [m for m in MODULES if m.count(".") == 1 and m not in FACADE and not (SRC / package(m)).is_dir()], (
        "the top level holds only the packages and the facade"
    )


def test_no_lower_layer_imports_a_higher_one() -> None:
    wrong = []
    for module, path in MODULES.items():
        if module in FACADE:
            continue
        for name, line, _ in imports(path):
            mine, theirs = package(module), package(name)
            if mine != theirs and RANK[theirs] >= RANK[mine]:
                wrong.append(f"{path.relative_to(ROOT)}:{line}: {mine} imports {name} ({theirs})")
    assert wrong == []


def test_no_import_cycles() -> None:
    graph: nx.DiGraph[str] = nx.DiGraph()
    for module, path in MODULES.items():
        for name, _, _ in imports(path):
            target = name if name in MODULES else name.rsplit(".", 1)[0]
            if target != module:
                graph.add_edge(module, target)
    assert list(nx.simple_cycles(graph)) == []


def test_imports_inside_functions_only_defer_a_heavy_dependency_and_say_so() -> None:
    hidden = []
    for path in MODULES.values():
        lines = path.read_text("utf-8").splitlines()
        for name, line, in_function in imports(path):
            if in_function and "deferred" not in lines[line - 1] + lines[line - 2]:
                hidden.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    assert hidden == [], "import at the top, or say `# deferred: <why>` beside it"


def test_modules_stay_small() -> None:
    big = {str(p.relative_to(ROOT)): n for p in MODULES.values() if (n := len(p.read_text("utf-8").splitlines())) > 420}
    assert big == {}


def reached(start: str) -> set[str]:
    """Every module of ours that importing `start` imports, directly or through others."""
    seen, todo = set(), [start]
    while todo:
        module = todo.pop()
        if module in seen or module not in MODULES:
            continue
        seen.add(module)
        parents = [".".join(module.split(".")[:i]) for i in range(2, module.count(".") + 1)]
        todo.extend(p for p in parents if p in MODULES)  # a package's __init__ runs first
        for name, _, _ in imports(MODULES[module]):
            todo.append(name if name in MODULES else name.rsplit(".", 1)[0])
    return seen


def test_the_engine_imports_neither_the_checker_nor_the_loader() -> None:
    """As ink's engine never imports its compiler: a session runs a Program built elsewhere (or cached)."""
    engine = [m for m in MODULES if package(m) == "engine"]
    assert engine, "the engine package is gone: update this test"
    forbidden = ("checklist.checks", "checklist.program.load", "checklist.program.builder", "checklist.syntax")
    wrong = {m: sorted(r for r in reached(m) if r.startswith(forbidden)) for m in engine}
    assert {m: found for m, found in wrong.items() if found} == {}
    assert "checklist.program.load" in reached("checklist.play.start")  # the test can fail: play does load
