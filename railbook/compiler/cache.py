"""The compile cache: titles are compiled once per version of their sources.

The key is a hash of every source file of the title (and the compiler
version), so editing a YAML file or a hook recompiles on next use, and an
unchanged title loads straight from the cached module.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from railbook.compiler.fingerprint import compiler_digest, module_filename
from railbook.paths import cache_dir, title_dir
from railbook.title.sources import source_hash

_loaded: dict[str, ModuleType] = {}


def cached_module_path(folder: Path) -> tuple[Path, str]:
    digest = source_hash(folder, compiler_digest())
    name = folder.resolve().name
    return cache_dir() / f"{module_filename(name)[:-3]}-{digest[:16]}.py", digest


def load_compiled(title: str | os.PathLike[str]) -> ModuleType:
    """Return the compiled module of a title (an id under titles/ or a folder).

    Raises railbook.errors.TitleError if the title does not compile.
    """
    folder = title_dir(title)
    path, digest = cached_module_path(folder)
    if digest in _loaded:
        return _loaded[digest]
    if not path.exists():
        from railbook.compiler.compile import (
            compile_title,  # the compiler loads only on a cache miss
        )

        compiled = compile_title(folder)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(compiled.source)
        os.replace(tmp, path)
    module_name = f"railbook_compiled_{path.stem.replace('-', '_')}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[module_name] = module
    _loaded[digest] = module
    return module
