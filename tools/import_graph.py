"""The package's import graph between its top-level parts (modules and subpackages), its circles, and its arrows that point up.

    python tools/import_graph.py            # arrows and circles
    python tools/import_graph.py --lazy     # imports inside functions too
    python tools/import_graph.py --lazy --check   # exit 1 on a circle, an upward arrow or an unplaced part

Every part has a floor (:data:`FLOORS`, lowest first) and imports only parts on lower floors: the
shared words at the bottom, then what reads languages and judges, then files and formats, reports,
systems and translation, whole runs, review, the extension contract, and the two entry points (the
pytest plugin, the command). The top-level modules are the shared words (errors, files, model,
verdict…), the extension contract (hookspecs, registry) and the command; everything else lives in
the subpackage of its audience.

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


#: The floors of the package, lowest first: a part imports only parts on a lower floor.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("errors",),                                    # the one-line errors about users' input
    ("text",),                                      # normalisation, message words, printable text, regexes
    ("files", "extras", "significance", "extension"),  # safe files, optional extras, statistics, module lookup
    ("model", "verdict"),                           # suites and items; verdicts, judgements, results
    ("redaction",),                                 # a run's secrets hidden in what it writes
    ("languages",),                                 # the language packs and their readers
    ("contrastive",),                               # contrastive items, rules and scores (data and decisions)
    ("checkers",),                                  # the checker families
    ("judge",),                                     # the judge, meta-evaluation, lint, cross-judging
    ("formats",),                                   # suite and verdict files, peers' formats
    ("reporting",),                                 # runs, tallies and the report writers
    ("systems",),                                   # system kinds
    ("translation",),                               # batching, cache, progress, the scorer
    ("runs",),                                      # a run's plan, files, store, comparison and gate
    ("review",),                                    # human review of outputs
    ("hookspecs",),                                 # the extension contract
    ("registry",),                                  # every extension, built-in and plugins'
    ("plugin",),                                    # the pytest integration (entry point pytest11)
    ("cli",),                                       # the mtchallenge command
    ("__main__",),
)


def floor_of(part: str) -> int | None:
    return next((number for number, parts in enumerate(FLOORS) if part in parts), None)


def parts() -> set[str]:
    """Every top-level module and subpackage of the package."""
    found = {path.stem for path in PACKAGE.glob("*.py") if path.name != "__init__.py"}
    return found | {path.parent.name for path in PACKAGE.glob("*/__init__.py") if path.parent.name != "suites"}


def upward(arrows: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Arrows from a part to a part on its own floor or above."""
    return sorted((source, target) for source, targets in arrows.items() for target in targets
                  if (floor_of(source) or 0) <= (floor_of(target) or 0))


def problems(lazy: bool) -> list[str]:
    """Everything --check reports: circles, upward arrows, parts on no floor."""
    arrows = graph(lazy)
    found = [f"circle: {' ↔ '.join(component)}" for component in circles(arrows)]
    found += [f"unplaced: {part} is on no floor (FLOORS)" for part in sorted(parts()) if floor_of(part) is None]
    found += [f"upward: {source} → {target}" for source, target in upward(arrows)]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lazy", action="store_true", help="count imports inside functions too")
    parser.add_argument("--check", action="store_true", help="exit 1 on a circle, an upward arrow or an unplaced part")
    args = parser.parse_args()
    arrows = graph(args.lazy)
    count = sum(len(targets) for targets in arrows.values())
    found = circles(arrows)
    print(f"{len(arrows)} parts import others, {count} arrows, {len(found)} circles, "
          f"{len(upward(arrows))} upward arrows")
    for line in problems(args.lazy):
        print("  " + line)
    return 1 if args.check and problems(args.lazy) else 0


if __name__ == "__main__":
    raise SystemExit(main())
