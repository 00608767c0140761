"""The package's import graph between its top-level parts (modules and subpackages), and its circles.

    python tools/import_graph.py            # arrows and circles
    python tools/import_graph.py --lazy     # imports inside functions too

Imports under ``if TYPE_CHECKING:`` count (a circle for the type checker is still a circle);
imports inside functions count only with ``--lazy``.
"""
from __future__ import annotations

import argparse
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pytest_mtchallenge"


def part(module: str) -> str | None:
    """``pytest_mtchallenge.reporting.html`` → ``reporting``."""
    pieces = module.split(".")
    return pieces[1] if pieces[0] == "pytest_mtchallenge" and len(pieces) > 1 else None


def module_name(path: Path) -> str:
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    pieces = list(relative.parts)
    if pieces[-1] == "__init__":
        pieces.pop()
    return ".".join(pieces)


def imports(path: Path, lazy: bool) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            nested = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import) and (lazy or not in_function):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and (lazy or not in_function):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in child.names)
            visit(child, nested)

    visit(tree, False)
    return found


def graph(lazy: bool) -> dict[str, set[str]]:
    arrows: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        source = part(module_name(path)) if path != PACKAGE / "__init__.py" else None
        if source is None:
            continue
        for name in imports(path, lazy):
            target = part(name)
            if target and target != source and ((PACKAGE / target).is_dir() or (PACKAGE / f"{target}.py").is_file()):
                arrows.setdefault(source, set()).add(target)
    return arrows


def circles(arrows: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one part (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in arrows.get(node, ()):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(arrows):
        if node not in index:
            connect(node)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lazy", action="store_true", help="count imports inside functions too")
    arrows = graph(parser.parse_args().lazy)
    count = sum(len(targets) for targets in arrows.values())
    found = circles(arrows)
    print(f"{len(arrows)} parts import others, {count} arrows, {len(found)} circles")
    for component in found:
        print("  circle: " + " ↔ ".join(component))


if __name__ == "__main__":
    main()
