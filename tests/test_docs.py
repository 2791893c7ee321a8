"""The docs: the API reference builds from the docstrings, the pages' commands run."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow  # mkdocs builds the whole site: the docs, not the method
def test_api_reference_builds(tmp_path):
    pytest.importorskip("mkdocstrings")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stderr
    page = (tmp_path / "rankers" / "index.html").read_text()
    assert "pairs_per_instance" in page and "{parameters}" not in page


def test_the_weka_pages_option_defaults_are_the_faces_defaults():
    import re

    from weka_ranking import params

    text = " ".join((ROOT / "docs" / "weka.md").read_text().split())
    said = {
        flag: match[1]
        for flag, pattern in {
            "-P": r"`-P all\|p\|auto` pairs per instance \(default (\w+)\)",
            "-I": r"`-I n` voters \(default (\w+)\)",
            "-pair-features": r"`-pair-features concat\|difference\|both` "
            r"\(default (\w+)\)",
            "-R": r"`-R tournament\|tournament-as-printed\|quicksort\|pointwise` "
            r"\(default (\w+)",
        }.items()
        if (match := re.search(pattern, text))
    }
    assert said == {
        "-P": str(params.DEFAULT_PAIRS_PER_INSTANCE),
        "-I": str(params.DEFAULT_VOTERS),
        "-pair-features": params.DEFAULT_PAIR_FEATURES,
        "-R": params.DEFAULT_RANKER,
    }


@pytest.mark.slow  # a 10-fold cross-validation in a JVM of its own (about 5 s)
def test_the_weka_pages_checkout_command_runs_quietly():
    """A new user ran it from a fresh clone: no such file, and netlib's warnings."""
    text = (ROOT / "docs" / "weka.md").read_text()
    block = text.split("From a checkout, without installing")[1]
    command = block.split("```sh\n")[1].split("```")[0]
    bin_folder = str(Path(sys.executable).parent)
    result = subprocess.run(
        ["bash", "-euc", command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": bin_folder + os.pathsep + os.environ["PATH"]},
        timeout=300,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert "=== Stratified cross-validation ===" in result.stdout


def test_the_weka_packages_readme_makes_a_file_binary_as_cv_says(weka):
    from weka_ranking import load_task

    text = " ".join((ROOT / "weka-package" / "doc" / "README").read_text().split())
    spec = load_task("vehicle").weka_recipe.filter_spec()
    assert (
        f"java weka.Run {spec} -i vehicle.arff -o vehicle-binary.arff"
        in text.replace("\\ ", "")
    )


def _synopsis(path: Path) -> str:
    text = path.read_text()
    return text.split("```\nweka-ranking cv ")[1].split("```")[0]


@pytest.mark.fast
def test_the_synopsis_names_every_flag_of_the_core_commands_and_no_other():
    """README's synopsis and docs/cli.md's are one, and both are the parser's.

    README's short form and the reference page both show it; a flag added to
    a command and not to the synopsis (experiment's ``-c`` and
    ``--retry-failed`` were missing) or one the parser no longer has fails here.
    """
    import argparse
    import re

    from weka_ranking import cli

    synopsis = _synopsis(ROOT / "README.md")
    assert synopsis == _synopsis(ROOT / "docs" / "cli.md")
    said: dict[str, set[str]] = {}
    command = "cv"
    for line in ("weka-ranking cv " + synopsis).splitlines():
        if line.startswith("# "):
            break  # the studies' commands: theirs to list
        if line.startswith("weka-ranking "):
            command = line.split()[1]
        said.setdefault(command, set()).update(
            re.findall(r"(?<![\w-])--?[a-z][\w-]*", line)
        )
    parser = cli.build_parser()
    subparsers = next(
        a for a in parser._actions if isinstance(a, argparse._SubParsersAction)
    )
    flags = {
        name: {f for action in sub._actions for f in action.option_strings}
        - {"-h", "--help"}
        for name, sub in subparsers.choices.items()
        if name in {c.name for c in cli.COMMANDS}
    }
    # Said once for all (README's next paragraph), not on every command's line.
    everywhere = {"--quiet", "--verbose", "--heap", "--threads"}
    # "[same model and data options]" of rank and train: cv's but its folds and JSON.
    said["rank"] |= said["cv"] - {"--folds", "--json"}
    said["train"] |= said["cv"] - {"--folds", "--json"}
    for name, own in flags.items():
        long_or_short = {f for f in own if f.startswith("-")}
        assert said[name] <= long_or_short, (name, said[name] - long_or_short)
        missing = long_or_short - said[name] - everywhere
        # -c's long form is said once, as WEKA's -c.
        missing -= {"--class-index"} if "-c" in said[name] else set()
        assert not missing, (name, missing)


def _heading_anchors(page: Path) -> set[str]:
    """The anchors GitHub makes of a page's headings: lower case, spaces to dashes."""
    import re

    anchors = set()
    for line in page.read_text().splitlines():
        if heading := re.match(r"^#+\s+(.*)$", line):
            words = re.sub(r"[^\w\- ]", "", heading[1].strip().lower())
            anchors.add(words.replace(" ", "-"))
    return anchors


@pytest.mark.fast
def test_every_link_between_the_pages_lands():
    """Each relative link of README and docs/ names a file, and a heading's anchor.

    README's long sections moved into docs/ pages (session 31), their links
    rewritten for their new folder; a new user followed README's 26 by hand.
    """
    import re

    pages = [ROOT / "README.md", ROOT / "studies" / "README.md"]
    pages += sorted((ROOT / "docs").glob("**/*.md"))
    broken, followed = [], 0
    for page in pages:
        text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"^[a-z]+:", target):
                continue  # a web address
            followed += 1
            path, _, anchor = target.partition("#")
            landing = (page.parent / path).resolve() if path else page
            if not landing.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such file)")
            elif anchor and landing.suffix == ".md":
                if anchor not in _heading_anchors(landing):
                    broken.append(
                        f"{page.relative_to(ROOT)}: {target} (no such heading)"
                    )
    assert followed > 100 and not broken, broken
