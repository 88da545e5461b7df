"""The wheel carries the checkout's ``titles/`` and ``schema/`` folders inside the
package, as ``railbook/data/titles`` and ``railbook/data/schema``: in a checkout a
designer edits them where they are, and ``railbook.paths`` finds them in either place."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DATA = ("titles", "schema")


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return  # an editable install reads the checkout's folders
        root = Path(__file__).resolve().parent
        for name in DATA:
            target = Path(self.build_lib) / "railbook" / "data" / name
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(root / name, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithData})
