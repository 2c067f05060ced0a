"""The optional accelerator: the generated rules module compiled to a C extension with Cython
(`pip install "bohnspec[fast]"`) and the system's C compiler, cached on disk.

The extension is built from the very source the pure-Python path executes, so both give the
same results (tests/test_compiled.py compares them); without Cython or a compiler, or when a
build fails, `load_extension` answers None and the caller runs the source as Python. The cache
is keyed by the source's hash, the Python version and ABI, and Cython's version.
"""

from __future__ import annotations

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

# The build may take a while for a large spec; it happens once per spec, Python and Cython.
BUILD_TIMEOUT = 900


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
    root = os.environ.get("BOHNSPEC_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "bohnspec")
    return Path(root) / "compiled"


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
        subprocess.run([sys.executable, "-m", "cython", "-3", "-o", str(c_file), str(pyx)],
                       check=True, capture_output=True, timeout=BUILD_TIMEOUT)
        include = sysconfig.get_paths()["include"]
        compiler = _compiler()
        if compiler is None:
            raise OSError("no C compiler found")
        subprocess.run([compiler, "-shared", "-fPIC", "-O1", "-w", f"-I{include}", str(c_file), "-o", str(built)],
                       check=True, capture_output=True, timeout=BUILD_TIMEOUT)
        os.replace(built, target)  # atomic: another process never sees half a file
