"""The meta-classifier's properties as WEKA's GUI shows them.

Shown by WEKA's own PropertySheetPanel, headless, with the editors the Explorer
registers.
"""

from __future__ import annotations

import re
from pathlib import Path

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
        ("-R best", "ranker (-R) best: must be one of tournament"),
        ("-sum-order fast", "sumOrder (-sum-order) fast: must be one of rows, pairs"),
        (
            "-smo-solver fast",
            "smoSolver (-smo-solver) fast: must be one of pairs, row-kernel",
        ),
    ],
)
def test_a_wrong_choice_is_refused_by_name(weka, options, message):
    with pytest.raises(jpype.JException, match=re.escape(message)):
        weka(CLASS)().setOptions(weka("weka.core.Utils").splitOptions(options))


def type_into(weka, field, text: str) -> None:
    """Types text into a sheet's text field one key at a time, as a user does.

    Each key released hands the field's text to the property (WEKA's
    PropertyText), which sets it on the classifier; a setter that refuses
    makes the sheet show a modal error (headless: a HeadlessException here).
    """
    KeyEvent = weka("java.awt.event.KeyEvent")
    field.setText("")
    for end in range(1, len(text) + 1):
        field.setText(text[:end])
        event = KeyEvent(
            field, KeyEvent.KEY_RELEASED, 0, 0, KeyEvent.VK_UNDEFINED, text[end - 1]
        )
        for listener in field.getKeyListeners():
            listener.keyReleased(event)


@pytest.fixture
def fresh_sheet(weka):
    weka("java.lang.System").setProperty("java.awt.headless", "true")
    weka("weka.gui.GenericObjectEditor").registerEditors()
    target = weka(CLASS)()
    panel = weka("weka.gui.PropertySheetPanel")()
    panel.setTarget(target)
    return target, properties(weka, panel)


# A field, what is typed into it, what the classifier then holds, and the
# refusal when it is built (None: it builds); a value no option takes is
# refused by the option string too.
PAIRS_RANGE = "must be 'all', 'auto' or"
TYPED = [
    ("pairsPerInstance", "5", "5", None),
    ("pairsPerInstance", "al", "al", f"pairsPerInstance (-P) al: {PAIRS_RANGE}"),
    ("pairsPerInstance", "auto", "auto", None),
    ("pairsPerInstance", "0", "0", f"pairsPerInstance (-P) 0: {PAIRS_RANGE}"),
    # "all" is a value, refused with the default voters for what it goes with.
    ("pairsPerInstance", "all", "all", "pairsPerInstance (-P) all: voters default to"),
    ("numIterations", "0", 0, "numIterations (-I) 0: must be an integer in 1.."),
    ("numIterations", "25", 25, None),
    ("referenceSize", "-1", -1, "referenceSize (-reference-size) -1: must be"),
    ("rankFirst", "last", "last", None),
]


@pytest.mark.parametrize(("name", "typed", "held", "refusal"), TYPED)
def test_a_field_takes_what_is_typed_and_refuses_it_once_when_built(
    weka, fresh_sheet, name, typed, held, refusal
):
    target, shown = fresh_sheet
    field = shown[name][1]
    assert isinstance(field, weka("javax.swing.text.JTextComponent"))
    type_into(weka, field, typed)  # no error on "a", nor on "al"
    getter = getattr(target, "get" + name[0].upper() + name[1:])
    assert getter() == held  # the classifier holds what the field shows
    data = weka("weka.core.converters.ConverterUtils$DataSource").read(
        str(Path(__file__).parents[1] / "arff_data" / "labor.arff")
    )
    data.setClassIndex(data.numAttributes() - 1)
    if refusal is None:
        target.buildClassifier(data)
        return
    # Said once, when the classifier is built, by the field's name and the flag.
    with pytest.raises(jpype.JException, match=re.escape(refusal)):
        target.buildClassifier(data)
    if "must be" in refusal:
        with pytest.raises(jpype.JException, match=re.escape(refusal)):
            weka(CLASS)().setOptions(target.getOptions())


# WEKA's own options of every classifier, which this class never refuses.
WEKAS_OWN = {"-output-debug-info", "-do-not-check-capabilities", "-num-decimal-places"}


def test_a_refusal_names_the_field_and_the_flag(weka):
    """Every flag the class lists is named by the field WEKA's GUI shows for it."""
    named = weka("weka.classifiers.meta.rankingreduction.OptionException").PROPERTIES
    for cls in (
        CLASS,
        "weka.classifiers.meta.rankingreduction.MonographRankingReduction",
    ):
        model = weka(cls)()
        introspected = weka("java.beans.Introspector").getBeanInfo(model.getClass())
        properties = {
            str(d.getName())
            for d in introspected.getPropertyDescriptors()
            if d.getReadMethod() is not None and d.getWriteMethod() is not None
        }
        for option in model.listOptions():
            if not str(option.name()):
                break  # the base classifier's options follow
            flag = "-" + str(option.name()).lstrip("-")
            if flag in WEKAS_OWN:
                continue
            assert flag in named, flag
            assert str(named.get(flag)) in properties, flag
