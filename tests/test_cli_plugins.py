"""Commands and reports another distribution adds (the studies' reproduce, bench...).

``weka-ranking`` finds them by entry point: without the studies installed it
has the product's commands alone, and a store it cannot read says what to
install; a plugin cannot take a product command's name.
"""

import importlib.metadata
import logging

import pytest

from weka_ranking import cli
from weka_ranking.experiments import ResultStore

PRODUCT = {"cv", "train", "rank", "experiment", "report", "weka-package"}


class EntryPoint:
    """An installed entry point, as importlib.metadata gives it."""

    def __init__(self, value, loaded):
        self.value, self._loaded = value, loaded

    def load(self):
        if isinstance(self._loaded, Exception):
            raise self._loaded
        return self._loaded


@pytest.fixture
def installed(monkeypatch):
    """Set which entry points are installed, by group; the command table restored."""
    groups = {}
    monkeypatch.setattr(
        importlib.metadata, "entry_points", lambda group: groups.get(group, [])
    )
    monkeypatch.setattr(cli, "BY_NAME_OF_COMMAND", dict(cli.BY_NAME_OF_COMMAND))
    for name in list(cli.BY_NAME_OF_COMMAND):
        if name not in PRODUCT:
            del cli.BY_NAME_OF_COMMAND[name]
    return groups


def subcommands() -> set[str]:
    parser = cli.build_parser()
    (action,) = [a for a in parser._actions if a.dest == "command"]
    return set(action.choices)


def test_the_product_alone_has_its_own_commands(installed, capsys):
    assert subcommands() == PRODUCT
    with pytest.raises(SystemExit) as exited:
        cli.main(["reproduce", "--quick"])
    assert exited.value.code == 2
    said = capsys.readouterr().err.splitlines()[-1]
    assert said == (
        "weka-ranking: error: reproduce is a command of the studies "
        "(weka-ranking-studies), which are not installed: in a checkout of the "
        "repository, pip install -e ./studies (see weka-ranking --help)"
    )
    with pytest.raises(SystemExit):
        cli.main(["nonsense"])
    assert "invalid choice: 'nonsense'" in capsys.readouterr().err


def test_a_plugins_commands_join_and_run(installed, capsys):
    ran = []
    hello = cli.Command(
        "hello", "say hello", (cli.arg("--name"),), lambda a: ran.append(a.name) or 0,
        needs_weka=False,
    )  # fmt: skip
    installed[cli.COMMAND_PLUGINS] = [EntryPoint("mine:COMMANDS", (hello,))]
    assert "hello" in subcommands()
    assert cli.main(["hello", "--name", "x"]) == 0 and ran == ["x"]


def test_a_plugin_cannot_take_a_products_name_or_break_the_command(installed, caplog):
    cv = cli.Command("cv", "not the product's", (), lambda a: 0)
    installed[cli.COMMAND_PLUGINS] = [
        EntryPoint("theirs:COMMANDS", (cv,)),
        EntryPoint("broken:COMMANDS", ImportError("no module named broken")),
    ]
    with caplog.at_level(logging.WARNING, logger="weka_ranking"):
        assert subcommands() == PRODUCT
    said = caplog.text
    assert "theirs:COMMANDS's command 'cv' left out: the name is taken" in said
    assert "commands of broken:COMMANDS left out: no module named broken" in said
    assert cli.BY_NAME_OF_COMMAND["cv"].help != "not the product's"


def test_a_store_no_experiment_noted_says_what_reads_it(installed, tmp_path, capsys):
    ResultStore(tmp_path).append("u", [{"auc": 0.5}])
    assert cli.main(["report", str(tmp_path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert "no experiment plan noted in its runs.jsonl" in err
    assert "pip install -e studies" in err


def test_a_report_plugin_renders_a_store_it_knows(installed, tmp_path, capsys):
    ResultStore(tmp_path).append("u", [{"auc": 0.5}])
    written = tmp_path / "out" / "page.md"

    def render(store, out):
        return written if store == tmp_path else None

    installed[cli.REPORTS] = [
        EntryPoint("not-mine:write", lambda store, out: None),
        EntryPoint("mine:write", render),
    ]
    assert cli.main(["report", str(tmp_path), "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().out.strip() == str(written)
