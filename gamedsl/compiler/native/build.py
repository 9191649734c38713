"""Compiling generated C into a CPython extension, once, and loading it.

A module is named after the hash of its source (with the Python version and the compiler in
the hash), built into `$XDG_CACHE_HOME/gamedsl/native/` (default `~/.cache/gamedsl/native/`)
under a temporary name and renamed into place, so that processes building the same module at
once never load half a file: the last rename wins, and every one of them is whole. A module is
built at most once per process; a failed build is remembered too, so it is not tried again.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import shlex
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType

BUILD_SECONDS = 120


class BuildError(Exception):
    """The C compiler is missing or refused the source (the Python path is used instead)."""


_loaded: dict[str, ModuleType | BuildError] = {}


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "gamedsl" / "native"


def compiler() -> list[str]:
    """The C compiler command: `$CC`, else the one Python was built with, else `cc`."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shlex.split(command)


def module_name(source_without_name: str) -> str:
    """`gamedsl_native_` and a hash of the source, this Python, and the compiler."""
    digest = hashlib.sha256()
    for part in (source_without_name, sys.version, sysconfig.get_config_var("EXT_SUFFIX") or "", " ".join(compiler())):
        digest.update(part.encode())
        digest.update(b"\0")
    return "gamedsl_native_" + digest.hexdigest()[:20]


def load(name: str, source: str) -> ModuleType:
    """The extension module `name` built from `source` (from the cache when it is there)."""
    known = _loaded.get(name)
    if isinstance(known, BuildError):
        raise known
    if known is not None:
        return known
    try:
        module = _load_or_build(name, source)
    except BuildError as err:
        _loaded[name] = err
        raise
    _loaded[name] = module
    return module


def load_fixed(source_without_name: str) -> ModuleType | None:
    """A module whose C source is the same for every game (its name goes where `MODULE`
    stands), built once per process at most; None when the native path is off or cannot be
    built here (with `GAMEDSL_NATIVE=1` the failure is raised)."""
    from . import mode  # the package imports this module: imported late, no cycle

    if mode() == "off":
        return None
    name = module_name(source_without_name)
    try:
        return load(name, source_without_name.replace("MODULE", name))
    except BuildError:
        if mode() == "required":
            raise
        return None


def _load_or_build(name: str, source: str) -> ModuleType:
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    folder = cache_dir()
    target = folder / (name + suffix)
    if target.exists():
        try:
            return _import(name, target)
        except BuildError:
            pass  # a damaged file in the cache (a full disk, say): built again once
    _build(source, folder, target)
    return _import(name, target)


def _import(name: str, target: Path) -> ModuleType:
    try:
        loader = importlib.machinery.ExtensionFileLoader(name, str(target))
        spec = importlib.util.spec_from_file_location(name, target, loader=loader)
        if spec is None or spec.loader is None:
            raise BuildError(f"cannot load {target}")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except ImportError as err:
        raise BuildError(f"cannot load {target}: {err}") from None
    return module


def _build(source: str, folder: Path, target: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, work = tempfile.mkstemp(prefix=target.stem + ".", dir=folder)
        os.close(handle)
    except OSError as err:
        raise BuildError(f"cannot write to {folder}: {err}") from None
    c_file, built = work + ".c", work + ".so"
    try:
        Path(c_file).write_text(source)
        command = [*compiler(), "-O2", "-shared", "-fPIC", "-I", sysconfig.get_paths()["include"],
                   "-o", built, c_file]
        try:
            run = subprocess.run(command, capture_output=True, text=True, timeout=BUILD_SECONDS, check=False)
        except (OSError, subprocess.SubprocessError) as err:
            raise BuildError(f"cannot run the C compiler {command[0]}: {err}") from None
        if run.returncode != 0:
            raise BuildError(f"the C compiler refused generated source:\n{run.stderr[-2000:]}")
        os.replace(built, target)  # atomic: a process loading it sees the whole file or none
    finally:
        for path in (work, c_file, built):
            try:
                os.unlink(path)
            except OSError:
                pass
