"""The optional accelerator: Python compiled to C extensions with Cython (`pip install
"bohnspec[fast]"`) and the system's C compiler, cached on disk.

Two things are compiled. The generated rules module of the compiled engine, when an engine is
made with `accelerate=True` (`load_extension`). And, when the environment says
`BOHNSPEC_ACCELERATE=1` before bohnspec is imported, the modules of the hot path of random
play and rules execution (HOT_MODULES: the state, the builtins and the runtime the generated
code calls, both engines, move generation, the agent): an import hook (`install`) loads each
as a C extension built from its own source file, under its own name, so that everything else
imports it as usual. They are built once (some thirty seconds) whatever the spec, while a
generated rules module is built anew for every spec, so the two are asked for apart.

Each extension is built from the very source the pure-Python path executes, so both give the
same results (tests/test_compiled.py compares them); without Cython or a compiler, or when a
build fails, the source runs as Python. The cache is keyed by the source's hash, the Python
version and ABI, and Cython's version.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import cache

# The build may take a while for a large spec; it happens once per spec, Python and Cython.
BUILD_TIMEOUT = 900
# The environment variable that accelerates the hot modules (and every engine) of a process.
ENVIRONMENT = "BOHNSPEC_ACCELERATE"
# The modules `install` compiles: where random play and the compiled rules spend their time.
HOT_MODULES = (
    "bohnspec.execution.state", "bohnspec.execution.builtins", "bohnspec.execution.runtime",
    "bohnspec.execution.interpret",
    "bohnspec.execution.compiled", "bohnspec.execution.moves", "bohnspec.execution.play",
    "bohnspec.conformance.scenario", "bohnspec.conformance.runner", "bohnspec.conformance.inprocess",
)
# Hot modules whose annotations are documentation only: Cython would otherwise take `-> dict`
# to mean exactly a dict, and a dict subclass (the runner's replies) would be refused.
UNTYPED_MODULES = frozenset({"bohnspec.conformance.scenario", "bohnspec.conformance.runner",
                             "bohnspec.conformance.inprocess"})


def available() -> str | None:
    """Why the accelerator cannot be used here (None: it can)."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        return "Cython is not installed (pip install \"bohnspec[fast]\")"
    if _compiler() is None:
        return "no C compiler found (cc, gcc or clang)"
    return None


def cache_dir() -> Path:
    return cache.root() / "compiled"


def _compiler() -> str | None:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    for name in (cc, "cc", "gcc", "clang"):
        path = shutil.which(name)
        if path:
            return path
    return None


def _module_name(key: str) -> str:
    import Cython
    tag = f"{key[:24]}_{sys.implementation.cache_tag}_{Cython.__version__}".replace(".", "_").replace("-", "_")
    return f"bohnspec_rules_{tag}"


def load_extension(source: str, key: str) -> Callable[[list], Any] | None:
    """The `build` function of the compiled extension for this source (built if need be), or
    None when the accelerator is not available or the build fails."""
    if available() is not None:
        return None
    name = _module_name(key)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    target = cache_dir() / (name + suffix)
    if not target.exists():
        try:
            _build(source, name, target)
        except (OSError, subprocess.SubprocessError) as exc:
            print(f"bohnspec: the accelerator could not compile the rules ({exc}); running them as Python",
                  file=sys.stderr)
            return None
    spec = importlib.util.spec_from_file_location(name, target)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build


def _build(source: str, name: str, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bohnspec-build-") as tmp:
        pyx = Path(tmp) / f"{name}.pyx"
        c_file = Path(tmp) / f"{name}.c"
        built = Path(tmp) / target.name
        # Directives that keep Python's semantics (no typed arithmetic, no unchecked indexing).
        pyx.write_text("# cython: language_level=3, binding=False\n" + source, encoding="utf-8")
        _extension(pyx, c_file, built, "-O1")
        os.replace(built, target)  # atomic: another process never sees half a file


def _extension(source: Path, c_file: Path, built: Path, optimise: str, typed: bool = True) -> None:
    """Cython, then the C compiler: `source` (.pyx or .py) to the extension `built`; with
    `typed` off, Cython reads no types off the annotations."""
    directives = ["-X", "language_level=3"] + ([] if typed else ["-X", "annotation_typing=False"])
    subprocess.run([sys.executable, "-m", "cython", "-3", *directives, "-o", str(c_file), str(source)],
                   check=True, capture_output=True, timeout=BUILD_TIMEOUT)
    compiler = _compiler()
    if compiler is None:
        raise OSError("no C compiler found")
    include = sysconfig.get_paths()["include"]
    subprocess.run([compiler, "-shared", "-fPIC", optimise, "-w", f"-I{include}", str(c_file), "-o", str(built)],
                   check=True, capture_output=True, timeout=BUILD_TIMEOUT)


# ------------------------------------------------------------ the hot modules

_ON = ("1", "true", "yes", "on")
_OFF = ("", "0", "false", "no", "off")


def requested() -> bool:
    """Whether this process was asked to accelerate (BOHNSPEC_ACCELERATE=1)."""
    return os.environ.get(ENVIRONMENT, "").strip().lower() in _ON


def install_if_requested() -> None:
    """`install` when the environment asks for it; a value that means neither yes nor no is
    said so, once, rather than read as either."""
    value = os.environ.get(ENVIRONMENT, "").strip().lower()
    if value in _ON:
        install()
    elif value not in _OFF:
        print(f"bohnspec: {ENVIRONMENT}={os.environ[ENVIRONMENT]!r} is neither 1 nor 0: running as Python",
              file=sys.stderr)


def install() -> None:
    """Load the hot modules, from now on, as C extensions built from their sources (once, then
    cached); each one that cannot be built is imported as Python, with a warning. Must run
    before they are first imported (bohnspec/__init__.py runs it when `requested()`)."""
    if any(isinstance(f, _HotFinder) for f in sys.meta_path):
        return
    why = available()
    if why is not None:
        print(f"bohnspec: {ENVIRONMENT} is set, but {why}: running as Python", file=sys.stderr)
        return
    sys.meta_path.insert(0, _HotFinder())


def accelerated_modules() -> list[str]:
    """The hot modules this process runs as C extensions."""
    return [name for name in HOT_MODULES
            if name in sys.modules and not str(getattr(sys.modules[name], "__file__", "")).endswith(".py")]


class _HotFinder(importlib.abc.MetaPathFinder):
    """Finds a hot module's C extension (building it from the module's source if need be)."""

    def find_spec(self, name, path, target=None):
        if name not in HOT_MODULES:
            return None
        pure = importlib.machinery.PathFinder.find_spec(name, path)
        if pure is None or not pure.origin or not pure.origin.endswith(".py"):
            return None
        built = _module_extension(name, Path(pure.origin))
        if built is None:
            return pure
        return importlib.util.spec_from_file_location(name, built)


def _module_extension(name: str, source: Path) -> Path | None:
    import Cython
    text = source.read_bytes()
    typed = name not in UNTYPED_MODULES
    key = hashlib.sha256(text + f"|{sys.implementation.cache_tag}|{Cython.__version__}|{typed}".encode()).hexdigest()
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    target = cache_dir() / "modules" / f"{name}.{key[:24]}{suffix}"
    if target.exists():
        return target
    print(f"bohnspec: compiling {name} with Cython (once; cached in {target.parent})", file=sys.stderr)
    try:
        _build_module(name, text, target, typed)
    except (OSError, subprocess.SubprocessError) as exc:
        print(f"bohnspec: the accelerator could not compile {name} ({exc}); running it as Python", file=sys.stderr)
        return None
    return target


def _build_module(name: str, text: bytes, target: Path, typed: bool) -> None:
    """Compile a module's source under its own dotted name (its packages are laid out, empty,
    around it, as Cython reads the name off them)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    *packages, leaf = name.split(".")
    with tempfile.TemporaryDirectory(prefix="bohnspec-build-") as tmp:
        folder = Path(tmp)
        for package in packages:
            folder = folder / package
            folder.mkdir()
            (folder / "__init__.py").write_text("", encoding="utf-8")
        py = folder / f"{leaf}.py"
        py.write_bytes(text)
        c_file = folder / f"{leaf}.c"
        built = Path(tmp) / target.name
        _extension(py, c_file, built, "-O2", typed)
        os.replace(built, target)  # atomic: another process never sees half a file
