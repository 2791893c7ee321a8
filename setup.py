"""The build step setuptools cannot express in pyproject.toml: the Java jars.

``build_java`` runs first in every build (wheel, sdist -> wheel, and the
editable install): it compiles ``src/`` into the two jars of
``weka_ranking/_javabuild.py`` and, for a wheel, copies the Java sources and
the data files into the package. It writes files, not packages, so it does not
depend on setuptools' package list.
"""

import importlib.util
import shutil
from pathlib import Path

from setuptools import Command, setup
from setuptools.command.build import build
from setuptools.command.sdist import sdist
from setuptools.errors import CompileError

ROOT = Path(__file__).resolve().parent
# Loaded by path: weka_ranking/__init__ imports numpy and JPype, which the build
# environment need not have.
_spec = importlib.util.spec_from_file_location(
    "_javabuild", ROOT / "weka_ranking" / "_javabuild.py"
)
javabuild = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(javabuild)

# Checkout folders shipped inside the package as weka_ranking/_<folder>, where
# weka_ranking._resources.project_dir finds them in an installed wheel.
DATA = {
    "src": ["**/*.java"],
    # The built-in tasks' files (weka_ranking.tasks) and their provenance; the
    # other ARFF files of arff_data/ are the tests' and the studies' data.
    "arff_data": [
        "breast-cancer.arff",
        "vehicle.arff",
        "hepatitis.arff",
        "glass.arff",
        "yeast.arff",
        "yeast.names",
        "spambase.arff",
        "kr.vs.kp.arff",
        "sick.arff",
        "diabetes.arff",
        "PROVENANCE.md",
    ],  # fmt: skip
    # What the WEKA package holds besides the jar and the sources (weka_package.py).
    "weka-package": ["**/*"],
}


class build_java(Command):
    """Compile the Java sources into the package's jars."""

    description = "compile src/ into weka_ranking/_java/ (javac --release 11)"
    user_options = []

    def initialize_options(self):
        self.build_lib = None
        self.editable_mode = False

    def finalize_options(self):
        self.set_undefined_options("build_py", ("build_lib", "build_lib"))

    def run(self):
        # A distutils error is printed as one "error: ..." line, not a traceback.
        try:
            self._build()
        except javabuild.BuildError as err:
            raise CompileError(str(err)) from None

    def _build(self):
        weka_jar = javabuild.find_weka_jar()
        if weka_jar is None:
            raise javabuild.BuildError(
                "weka.jar not found: the Java classes compile against the weka.jar "
                "of python-weka-wrapper3, a build requirement (pyproject.toml); "
                "build with build isolation, or install python-weka-wrapper3 first"
            )
        if self.editable_mode:
            # An editable install imports the checkout, so the jars go beside
            # the sources (weka_ranking.jvm rebuilds them when src/ changes).
            javabuild.build(ROOT, ROOT / "weka_ranking" / "_java", weka_jar)
            return
        package = Path(self.build_lib) / "weka_ranking"
        javabuild.build(ROOT, package / "_java", weka_jar)
        for source, target in self._data_files(package):
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)

    def _data_files(self, package):
        for folder, patterns in DATA.items():
            for pattern in patterns:
                for source in sorted((ROOT / folder).glob(pattern)):
                    if source.is_file():
                        relative = source.relative_to(ROOT / folder)
                        yield source, package / f"_{folder}" / relative

    def get_outputs(self):
        if self.editable_mode:
            return []
        package = Path(self.build_lib) / "weka_ranking"
        jars = [javabuild.PACKAGE_JAR, javabuild.BRIDGE_JAR, javabuild.STAMP]
        return [str(package / "_java" / name) for name in jars] + [
            str(target) for _, target in self._data_files(package)
        ]

    def get_output_mapping(self):
        return {}

    def get_source_files(self):
        return []


class Build(build):
    sub_commands = [("build_java", None), *build.sub_commands]


class Sdist(sdist):
    """An sdist that records its commit's date and leaves out bytecode caches.

    The date is the timestamp of the jars built from it (an sdist has no git history to
    read it from); Python's bytecode caches are those MANIFEST.in's grafts would take.
    """

    def make_release_tree(self, base_dir, files):
        # Not a MANIFEST.in global-exclude: that warns when a clean tree has none.
        files = [f for f in files if "__pycache__" not in Path(f).parts]
        super().make_release_tree(base_dir, files)
        date_file = Path(base_dir) / javabuild.DATE_FILE
        date_file.unlink(missing_ok=True)  # may be a hard link to the source's
        date_file.write_text(f"{javabuild.source_date_epoch(ROOT)}\n")


setup(cmdclass={"build": Build, "build_java": build_java, "sdist": Sdist})
