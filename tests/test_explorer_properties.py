"""The meta-classifier's properties as WEKA's GUI shows them.

Shown by WEKA's own PropertySheetPanel, headless, with the editors the Explorer
registers.
"""

from __future__ import annotations

import jpype
import pytest

CLASS = "weka.classifiers.meta.RankingReduction"
# Properties with a closed set of values: drop-downs (SelectedTag).
DROP_DOWNS = {
    "ranker": "TAGS_RANKER",
    "ties": "TAGS_TIES",
    "sumOrder": "TAGS_SUM_ORDER",
}


@pytest.fixture(scope="module")
def sheet(weka):
    weka("java.lang.System").setProperty("java.awt.headless", "true")
    weka("weka.gui.GenericObjectEditor").registerEditors()
    target = weka(CLASS)()
    panel = weka("weka.gui.PropertySheetPanel")()
    panel.setTarget(target)
    return target, properties(weka, panel)


def properties(weka, panel) -> dict[str, tuple]:
    """Each property the sheet shows: its label's tooltip and its editor."""
    Label, Container = weka("javax.swing.JLabel"), weka("java.awt.Container")
    found, label = {}, None

    def walk(component):
        nonlocal label
        if isinstance(component, Label) and component.getToolTipText() is not None:
            label = component
            found[str(label.getText())] = (str(label.getToolTipText()), None)
        elif label is not None and not isinstance(component, Label):
            name = str(label.getText())
            if found[name][1] is None and not isinstance(
                component, weka("javax.swing.JPanel")
            ):
                found[name] = (found[name][0], component)
        if isinstance(component, Container):
            for child in component.getComponents():
                walk(child)

    walk(panel)
    return found


def test_every_shown_property_has_a_complete_tip(sheet):
    _, shown = sheet
    assert {"ranker", "ties", "pairsPerInstance", "additiveTournament"} <= set(shown)
    assert "batchSize" not in shown  # fixed to the whole test set, not editable
    for name, (tip, _) in shown.items():
        # The sheet shows a tip up to its first period: it must stand alone.
        assert tip.count("(") == tip.count(")"), name
        assert len(tip.split()) >= 4, name


@pytest.mark.parametrize("name", sorted(DROP_DOWNS))
def test_choices_are_drop_downs_that_set_the_option(weka, sheet, name):
    target, shown = sheet
    tags = getattr(weka(CLASS), DROP_DOWNS[name])
    combo = shown[name][1]
    assert isinstance(combo, weka("javax.swing.JComboBox"))
    assert [str(combo.getItemAt(i)) for i in range(combo.getItemCount())] == [
        str(tag.getReadable()) for tag in tags
    ]
    getter = getattr(target, "get" + name[0].upper() + name[1:])
    for i, tag in enumerate(tags):
        combo.setSelectedIndex(i)
        assert getter().getSelectedTag().getID() == tag.getID()
        # The option WEKA writes reads back to the same choice.
        again = weka(CLASS)()
        again.setOptions(target.getOptions())
        assert str(
            getattr(again, getter.__name__)().getSelectedTag().getIDStr()
        ) == str(tag.getIDStr())
    combo.setSelectedIndex(0)


def test_every_tag_round_trips_through_the_options(weka):
    Utils = weka("weka.core.Utils")
    for flag, field in (
        ("-R", "TAGS_RANKER"),
        ("-ties", "TAGS_TIES"),
        ("-sum-order", "TAGS_SUM_ORDER"),
        ("-smo-solver", "TAGS_SMO_SOLVER"),
    ):
        for tag in getattr(weka(CLASS), field):
            model = weka(CLASS)()
            model.setOptions(Utils.splitOptions(f"{flag} {tag.getIDStr()}"))
            text = str(Utils.joinOptions(model.getOptions()))
            assert f"{flag} {tag.getIDStr()} " in text
            again = weka(CLASS)()
            again.setOptions(Utils.splitOptions(text))
            assert list(again.getOptions()) == list(model.getOptions())


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ("-R best", "-R best: must be one of tournament"),
        ("-sum-order fast", "-sum-order fast: must be one of rows, pairs"),
        ("-smo-solver fast", "-smo-solver fast: must be one of pairs, row-kernel"),
    ],
)
def test_a_wrong_choice_is_refused_by_name(weka, options, message):
    with pytest.raises(jpype.JException, match=message):
        weka(CLASS)().setOptions(weka("weka.core.Utils").splitOptions(options))
