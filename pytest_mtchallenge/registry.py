"""The one registry of extensions: checker families, system kinds, suite formats, report formats and language packs, the built-in ones plus what plugins' hooks contribute, built the same way inside pytest and in every ``mtchallenge`` command."""
from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Protocol, TypeVar

from pytest_mtchallenge.extension import resolve

if TYPE_CHECKING:
    import pluggy

    from pytest_mtchallenge.checkers import Checker
    from pytest_mtchallenge.systems import System

_T = TypeVar("_T")

#: The name every hook of this plugin starts with (:mod:`pytest_mtchallenge.hookspecs`).
HOOK_PREFIX = "pytest_mtchallenge_"

#: Files that mark the root of a pytest project (as pytest's own rootdir search reads them).
_ROOT_MARKERS = ("pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg")


class RegistryError(ValueError):
    """Two different extensions contributed under one name, or a contribution of the wrong kind."""


def combine(builtin: Mapping[str, _T], contributions: Iterable[Mapping[str, _T] | None], what: str) -> dict[str, _T]:
    """The built-in extensions and what plugins contribute (a hook's results), by name; a name two
    different extensions claim raises :class:`RegistryError` naming it (``what``: "checker families")."""
    registry = dict(builtin)
    for contribution in contributions:
        if contribution is not None and not isinstance(contribution, Mapping):
            raise RegistryError(f"a plugin's {what} must be a mapping of name to extension, "
                                f"found {type(contribution).__name__}")
        for name, extension in (contribution or {}).items():
            if name in registry and registry[name] is not extension:
                raise RegistryError(f"two {what} are registered under the name {name!r}")
            registry[name] = extension
    return registry


class _Hooks(Protocol):
    """What the registry calls of a plugin manager's ``hook`` relay."""

    def pytest_mtchallenge_checkers(self) -> list[Mapping[str, type[Checker]]]: ...

    def pytest_mtchallenge_system_kinds(self) -> list[Mapping[str, type[System]]]: ...

    def pytest_mtchallenge_suite_formats(self) -> list[Mapping[str, str | ModuleType]]: ...

    def pytest_mtchallenge_report_formats(self) -> list[Mapping[str, str | ModuleType]]: ...

    def pytest_mtchallenge_language_packs(self) -> list[Mapping[str, str | ModuleType]]: ...


@dataclass(frozen=True, slots=True)
class Registry:
    """Every kind of extension by name, built once per run (or command) and handed to whoever needs it.

    Suite formats, report formats and language packs are modules (or their dotted names, imported at
    first use): a suite format has ``looks_like(path)`` and ``load(path, *, checkers, validate_params)``,
    a report format ``write(runs, path, *, meta_evaluation, comparisons, gate)``, a language pack a
    ``PACK`` (:class:`~pytest_mtchallenge.languages.base.LanguagePack`).
    """

    checkers: Mapping[str, type[Checker]]
    system_kinds: Mapping[str, type[System]]
    suite_formats: Mapping[str, str | ModuleType]  # in detection order: the built-in ones first
    report_formats: Mapping[str, str | ModuleType]
    language_packs: Mapping[str, str | ModuleType]

    @classmethod
    def build(cls, hook: _Hooks | None = None) -> Registry:
        """The built-in extensions and those ``hook`` (a plugin manager's hook relay) contributes."""
        from pytest_mtchallenge.checkers import builtin_checkers
        from pytest_mtchallenge.formats import FORMATS
        from pytest_mtchallenge.languages import BUILTIN_PACKS
        from pytest_mtchallenge.reporting import REPORT_FORMATS
        from pytest_mtchallenge.systems import builtin_system_kinds

        def asked(name: str) -> list[Mapping[str, _T]]:
            return list(getattr(hook, name)()) if hook is not None else []

        registry = cls(
            checkers=combine(builtin_checkers(), asked("pytest_mtchallenge_checkers"), "checker families"),
            system_kinds=combine(builtin_system_kinds(), asked("pytest_mtchallenge_system_kinds"), "system kinds"),
            suite_formats=combine(FORMATS, asked("pytest_mtchallenge_suite_formats"), "suite formats"),
            report_formats=combine(REPORT_FORMATS, asked("pytest_mtchallenge_report_formats"), "report formats"),
            language_packs=combine(BUILTIN_PACKS, asked("pytest_mtchallenge_language_packs"), "language packs"),
        )
        return registry.frozen()

    def frozen(self) -> Registry:
        return Registry(**{name: MappingProxyType(dict(getattr(self, name))) for name in (
            "checkers", "system_kinds", "suite_formats", "report_formats", "language_packs")})

    def install(self) -> None:
        """Make the plugins' suite formats and language packs the ones every lookup finds
        (:func:`~pytest_mtchallenge.formats.format_module`, :func:`~pytest_mtchallenge.languages.language_pack`):
        they are looked up deep inside loaders and families, by name, as spaCy finds a language class."""
        from pytest_mtchallenge import formats, languages

        formats.use_formats(self.suite_formats)
        languages.use_packs(self.language_packs)

    @staticmethod
    def uninstall() -> None:
        """Back to the built-in suite formats and language packs (the end of a run)."""
        from pytest_mtchallenge import formats, languages

        formats.use_formats(formats.FORMATS)
        languages.use_packs(languages.BUILTIN_PACKS)

    @classmethod
    def outside_pytest(cls, *, directory: Path | None = None) -> Registry:
        """The registry a pytest run started in ``directory`` would have, for an ``mtchallenge``
        command: the plugins of installed packages (their ``pytest11`` entry points, loaded as pytest
        loads them) and those of the ``conftest.py`` files from the project's root down to
        ``directory`` (and the modules their ``pytest_plugins`` name). A plugin that cannot be
        imported is left out, as ``-p no:NAME`` would leave it."""
        manager = plugin_manager()
        load_entry_points(manager)
        load_conftests(manager, (directory or Path.cwd()).resolve())
        registry = cls.build(manager.hook)  # type: ignore[arg-type]
        registry.install()
        return registry


def plugin_manager() -> pluggy.PluginManager:
    """pluggy's manager under pytest's project name with this plugin's hookspecs, reading hooks as
    pytest reads them: a hookspec or hookimpl is a function named ``pytest_mtchallenge_*``, marked or
    not; pytest's own hooks are not read (nothing calls them outside pytest)."""
    import pluggy

    from pytest_mtchallenge import hookspecs

    class PluginHooks(pluggy.PluginManager):
        def parse_hookspec_opts(self, module_or_class: object, name: str):  # type: ignore[no-untyped-def]
            if not name.startswith(HOOK_PREFIX):
                return None
            return {"firstresult": False, "historic": False, "warn_on_impl": None, "warn_on_impl_args": None}

        def parse_hookimpl_opts(self, plugin: object, name: str):  # type: ignore[no-untyped-def]
            if not name.startswith(HOOK_PREFIX) or not callable(getattr(plugin, name, None)):
                return None
            return {"wrapper": False, "hookwrapper": False, "optionalhook": False, "tryfirst": False,
                    "trylast": False, "specname": None}

    manager = PluginHooks("pytest")
    manager.add_hookspecs(hookspecs)
    return manager


def load_entry_points(manager: pluggy.PluginManager) -> None:
    """Register the installed plugins (``pytest11`` entry points) but this one, whose extensions are
    the built-in ones."""
    from importlib.metadata import entry_points

    for entry in entry_points(group="pytest11"):
        if entry.value.partition(".")[0] == "pytest_mtchallenge":
            continue
        _register(manager, lambda entry=entry: entry.load(), name=entry.name)


def load_conftests(manager: pluggy.PluginManager, directory: Path) -> None:
    """Register the ``conftest.py`` files from the project's root (the nearest folder above
    ``directory`` holding a pytest configuration file, else ``directory``) down to ``directory``,
    and the modules their ``pytest_plugins`` name, as pytest does for a run started there."""
    chain = [directory, *directory.parents]
    root = next((folder for folder in chain if any((folder / marker).is_file() for marker in _ROOT_MARKERS)),
                directory)
    folders = [folder for folder in reversed(chain) if folder == root or root in folder.parents]
    for folder in folders:
        conftest = folder / "conftest.py"
        if conftest.is_file():
            module = _register(manager, lambda path=conftest: _import_conftest(path), name=str(conftest))
            for name in _plugin_names(module):
                _register(manager, lambda name=name: importlib.import_module(name), name=name)


def _import_conftest(path: Path) -> ModuleType:
    """Import a conftest.py as pytest's rootdir-relative import would, its folder on ``sys.path``."""
    folder = str(path.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    spec = importlib.util.spec_from_file_location(f"_mtchallenge_conftest_{abs(hash(str(path)))}", path)
    if spec is None or spec.loader is None:
        raise ImportError(path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _plugin_names(module: ModuleType | None) -> list[str]:
    names = getattr(module, "pytest_plugins", ()) if module is not None else ()
    return [names] if isinstance(names, str) else [name for name in names if isinstance(name, str)]


def _register(manager: pluggy.PluginManager, load: Callable[[], object], *, name: str) -> ModuleType | None:
    try:
        plugin = load()
        if manager.get_plugin(name) is None and not manager.is_registered(plugin):
            manager.register(plugin, name=name)
    except Exception:  # noqa: BLE001 - another plugin's import fault is not this command's
        return None
    return plugin if isinstance(plugin, ModuleType) else None


__all__ = ["HOOK_PREFIX", "Registry", "RegistryError", "combine", "load_conftests", "load_entry_points",
           "plugin_manager", "resolve"]
