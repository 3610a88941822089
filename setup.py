"""The build: Atout is plain Python, and the solver's searches (``atout/solver/tricks.py``, the trick search, and
``atout/sixty_six/open_alphabeta.py``, Sixty-Six's whole hand, each typed by the ``.pxd`` beside it) are also
compiled with Cython where a C compiler is found. Without Cython or
without a compiler the build says so and Atout installs as plain Python: the same search runs
uncompiled (``atout.solver.BUILD`` says which runs). The compiled module carries the digest of the
source it was built from, so an edited source is never shadowed by an old build."""

import importlib.util
import os
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent


def digests():
    spec = importlib.util.spec_from_file_location("digest", HERE / "atout" / "solver" / "digest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def extensions() -> list:
    if os.environ.get("ATOUT_PURE"):
        return []
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:
        print("Cython not found: the solver stays plain Python")
        return []
    found = digests()
    # -g0: Python's own flags ask for debug information (-g), which took 2.2 of the 7.5 s that gcc spends on the
    # 1.6 MB of C of the trick search, in each of the two builds make test runs (in place, and the wheel's); the code
    # is the same, so the search runs as fast. To debug a crash in it, build with "-g" here instead.
    exts = [Extension(name, [f"atout/{stem}.py"], extra_compile_args=["-O3", "-g0"],
                      define_macros=[("ATOUT_SEARCH_SOURCE", f'"{found.source_digest(name)}"')])
            for name, stem in found.SEARCHES.items()]
    return cythonize(exts, quiet=True, compiler_directives={
        "language_level": 3, "annotation_typing": False, "boundscheck": False, "cdivision": True})


class OptionalBuildExt(build_ext):
    """A compiler that is missing or fails leaves the plain-Python search, never a failed install."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any build failure means: no compiled search
            print(f"the solver stays plain Python (no compiled build: {exc})")

    def build_extension(self, ext) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001
            print(f"the solver stays plain Python (compiling {ext.name} failed: {exc})")


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
