"""A DataFrame's category columns are WEKA's nominal attributes, as a file's are.

The reference is the same data written as an ARFF file with those nominal
attributes and read by ``load_arff``: the model and its scores must be WEKA's
on that file, which one-hot columns would not give (J48 splits a nominal
attribute multi-way).
"""

import pickle
import warnings

import numpy as np
import pytest

pandas = pytest.importorskip("pandas")
pytest.importorskip("sklearn")

from sklearn.base import clone  # noqa: E402
from sklearn.compose import ColumnTransformer  # noqa: E402
from sklearn.model_selection import cross_val_score  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

from weka_ranking import (  # noqa: E402
    DataError,
    GridSearch,
    RankingReduction,
    bridge,
    cross_validate,
    load_arff,
    load_task,
)
from weka_ranking.errors import WekaRankingWarning  # noqa: E402
from weka_ranking.folds import weka_folds  # noqa: E402

COLOURS = ["red", "green", "blue", "grey"]  # grey declared, never seen


def model() -> RankingReduction:
    return RankingReduction("J48", voters=3)


def frame_and_labels(n: int = 80) -> tuple:
    """Colour (category, some missing) and size (numeric, some missing), and y."""
    rng = np.random.default_rng(7)
    colour = rng.choice(["red", "green", "blue", None], n, p=[0.35, 0.3, 0.25, 0.1])
    size = rng.normal(size=n).round(3)
    size[rng.random(n) < 0.1] = np.nan
    weight = rng.integers(1, 9, n)
    y = np.where((colour == "red") ^ (np.nan_to_num(size) > 0.3), "yes", "no")
    frame = pandas.DataFrame(
        {
            "colour": pandas.Categorical(colour, categories=COLOURS),
            "size": size,
            "weight": weight,
        }
    )
    return frame, y


def as_arff(frame, y) -> str:
    """The frame as WEKA's file: the features named as the frame's columns."""
    lines = [
        "@relation data",
        f"@attribute colour {{{','.join(COLOURS)}}}",
        "@attribute size numeric",
        "@attribute weight numeric",
        "@attribute class {no,yes}",
        "@data",
    ]
    for (colour, size, weight), label in zip(frame.itertuples(index=False), y):
        cells = ["?" if pandas.isna(v) else str(v) for v in (colour, size, weight)]
        lines.append(",".join([*cells, label]))
    return "\n".join(lines) + "\n"


def test_category_columns_give_the_model_of_the_same_arff_file(tmp_path, weka):
    frame, y = frame_and_labels()
    path = tmp_path / "colours.arff"
    path.write_text(as_arff(frame, y))
    data = load_arff(path, positive="yes")
    from_file = model().fit(data)
    before = frame.copy()
    from_frame = model().fit(frame, y)
    pandas.testing.assert_frame_equal(frame, before)  # the codes are a copy's
    assert [a.values for a in from_frame.attributes_] == [tuple(COLOURS), None, None]
    assert from_frame.attributes_ == from_file.attributes_
    assert str(from_frame.weka_model_) == str(from_file.weka_model_)
    assert "first_colour = red" in str(from_frame.weka_model_)  # a multi-way split
    np.testing.assert_array_equal(
        from_frame.decision_function(frame), from_file.decision_function(data)
    )
    # the same header: the frame's model scores the file, the file's the frame
    with pytest.warns(UserWarning, match="fitted without feature names"):
        scored_frame = from_file.decision_function(frame)  # a Dataset has none
    np.testing.assert_array_equal(from_frame.decision_function(data), scored_frame)
    np.testing.assert_array_equal(
        from_frame.predict_proba(frame), from_file.predict_proba(data)
    )
    assert from_frame.auc(frame, y) == from_file.auc(data)
    assert list(from_frame.feature_names_in_) == ["colour", "size", "weight"]
    assert from_frame.n_features_in_ == 3


def test_a_named_category_y_declares_the_class_as_its_file(tmp_path, weka):
    """A class read into pandas keeps its file's name and order ({good,bad}).

    The WEKA model's class takes them, so WEKA takes the file as the model's
    header; ``classes_`` stays scikit-learn's sorted.
    """
    frame, y = frame_and_labels()
    path = tmp_path / "colours.arff"
    path.write_text(
        as_arff(frame, y).replace("@attribute class {no,yes}", "@attribute ok {yes,no}")
    )
    data = load_arff(path, positive="yes")
    from_file = model().fit(data)
    labels = pandas.Series(pandas.Categorical(y, categories=["yes", "no"]), name="ok")
    from_frame = model().fit(frame, labels)
    file_header = bridge.to_instances(data)
    header = bridge.training_header(from_frame.weka_model_)
    assert header.equalHeadersMsg(file_header) is None
    assert list(from_frame.classes_) == ["no", "yes"]
    assert str(from_frame.weka_model_) == str(from_file.weka_model_)
    np.testing.assert_array_equal(
        from_frame.decision_function(data), from_file.decision_function(data)
    )
    # plain labels: the class is "class", its labels sorted; WEKA says both
    plain = bridge.training_header(model().fit(frame, y).weka_model_)
    assert "Names differ: class != ok" in str(plain.equalHeadersMsg(file_header))
    assert plain.classAttribute().value(0) == "no"
    # a name WEKA cannot hold beside the features leaves the class "class"
    for name in ("size", " "):
        named = model().fit(frame, labels.rename(name))
        assert bridge.training_header(named.weka_model_).classAttribute().name() == (
            "class"
        )


def test_categories_in_another_order_are_matched_by_name(weka):
    frame, y = frame_and_labels()
    fitted = model().fit(frame, y)
    reordered = frame.assign(
        colour=frame["colour"].cat.set_categories(["blue", "red", "green"])
    )
    assert not reordered["colour"].cat.codes.equals(frame["colour"].cat.codes)
    np.testing.assert_array_equal(
        fitted.decision_function(reordered), fitted.decision_function(frame)
    )
    np.testing.assert_array_equal(fitted.predict(reordered), fitted.predict(frame))


def test_scoring_refuses_what_the_training_data_did_not_have(weka):
    frame, y = frame_and_labels()
    fitted = model().fit(frame, y)
    unseen = frame.assign(
        colour=frame["colour"].cat.add_categories("pink").fillna("pink")
    )
    with pytest.raises(
        DataError,
        match="^column 'colour' of the DataFrame X holds 'pink', a value the "
        "training data's column did not declare",
    ):
        fitted.predict(unseen)
    # columns reordered are said to be, not a category column to hold another's values
    with pytest.raises(
        ValueError, match="must be in the same order as they were in fit"
    ):
        fitted.predict(frame[["weight", "size", "colour"]])
    numeric = frame.assign(colour=frame["colour"].cat.codes.astype(float))
    with pytest.raises(
        DataError,
        match=r"^column 'colour' of the DataFrame X is float64 where the training "
        r"data's was category \{red,green,blue,grey\}: .*astype\('category'\)",
    ):
        fitted.decision_function(numeric)
    category = frame.assign(weight=frame["weight"].astype("category"))
    with pytest.raises(
        DataError,
        match="^column 'weight' of the DataFrame X is category where the training "
        "data's was numeric",
    ):
        fitted.decision_function(category)
    with (
        pytest.warns(UserWarning, match="feature names"),
        pytest.raises(
            DataError,
            match="attribute 1 is 'colour' numeric where the training "
            "data has 'colour' {red,green,blue,grey}",
        ),
    ):
        fitted.decision_function(numeric.to_numpy())


@pytest.mark.fast
def test_text_and_ambiguous_categories_are_refused_by_name():
    frame, y = frame_and_labels(8)
    text = frame.assign(colour=frame["colour"].astype(object))
    with pytest.raises(
        DataError,
        match=r"^column 'colour' of the DataFrame X is object: .*"
        r"X\.astype\(\{'colour': 'category'\}\)",
    ):
        RankingReduction("J48").fit(text, y)
    ambiguous = frame.assign(colour=pandas.Categorical([1, "1"] * 4))
    with pytest.raises(
        DataError, match=r"^column 'colour' .* one name as strings \(\{1,1\}\)"
    ):
        RankingReduction("J48").fit(ambiguous, y)


def test_pickle_clone_and_folds_keep_the_categories(weka):
    frame, y = frame_and_labels()
    fitted = model().fit(frame, y)
    again = pickle.loads(pickle.dumps(fitted))
    np.testing.assert_array_equal(
        again.decision_function(frame), fitted.decision_function(frame)
    )
    assert again.attributes_ == fitted.attributes_
    refitted = clone(fitted).fit(frame, y)
    assert str(refitted.weka_model_) == str(fitted.weka_model_)
    folds = list(weka_folds((y == "yes").astype(np.int8), 4, 1))
    scores = cross_val_score(model(), frame, y, cv=folds, scoring="roc_auc")
    expected = cross_validate(model(), frame, y, folds=4, learner_alone=False)
    np.testing.assert_allclose(scores, expected.fold_aucs, rtol=0, atol=1e-12)


def test_a_column_transformer_passes_category_columns_through(weka):
    # scikit-learn's pandas output keeps a passed-through column's dtype.
    frame, y = frame_and_labels()
    scale = ColumnTransformer(
        [("scaled", StandardScaler(), ["size", "weight"])], remainder="passthrough"
    ).set_output(transform="pandas")
    pipeline = make_pipeline(scale, model()).fit(frame, y)
    reduction = pipeline[-1]
    assert [a.values for a in reduction.attributes_] == [None, None, tuple(COLOURS)]
    alone = model().fit(frame[["size", "weight", "colour"]], y)
    # J48 splits at training values: scaling keeps every split
    np.testing.assert_array_equal(
        pipeline.decision_function(frame),
        alone.decision_function(frame[["size", "weight", "colour"]]),
    )
    # its default output, an array of objects, has lost the categories
    with pytest.raises(
        DataError,
        match=r"^the array X is not numeric \(could not convert string to float: "
        r"'\w+'\): .*\.set_output\(transform='pandas'\)\)$",
    ):
        make_pipeline(scale.set_output(transform="default"), model()).fit(frame, y)


def test_query_groups_and_the_grid_search_take_category_columns(tmp_path, weka):
    frame, y = frame_and_labels()
    path = tmp_path / "colours.arff"
    path.write_text(as_arff(frame, y))
    data = load_arff(path, positive="yes")
    grades = np.arange(len(frame)) % 3
    queries = np.arange(len(frame)) // 20
    from_file = model().fit(data, grades, group=queries)
    from_frame = model().fit(frame, grades, group=queries)
    assert str(from_frame.weka_model_) == str(from_file.weka_model_)
    assert list(from_frame.feature_names_in_) == ["colour", "size", "weight"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the frame's names are the fitted ones
        scores = from_frame.decision_function(frame, group=queries)
    with pytest.raises(ValueError, match="feature names should match"):
        from_frame.decision_function(frame.add_suffix("_"), group=queries)
    np.testing.assert_array_equal(
        scores, from_file.decision_function(data, group=queries)
    )
    grid = {"voters": [1, 3]}
    searched = GridSearch(model(), grid).fit(frame, (y == "yes").astype(int))
    on_file = GridSearch(model(), grid).fit(data)
    assert searched.best_params_ == on_file.best_params_
    # the same committee: its classes named 0 and 1 by y, no and yes by the file
    np.testing.assert_array_equal(
        searched.decision_function(data), on_file.decision_function(data)
    )


def test_a_frames_column_names_name_the_attributes(weka):
    """The trees' text and WEKA's header say the frame's columns, where WEKA can."""
    frame, y = frame_and_labels()
    fitted = model().fit(frame, y)
    assert [a.name for a in fitted.attributes_] == ["colour", "size", "weight"]
    text = str(fitted.weka_model_)
    assert "first_colour" in text and "x1" not in text
    # an array scores by position, as scikit-learn's own estimators do
    numeric = frame[["size", "weight"]]
    on_numbers = model().fit(numeric, y)
    with pytest.warns(UserWarning, match="does not have valid feature names"):
        by_position = on_numbers.decision_function(numeric.to_numpy())
    np.testing.assert_array_equal(by_position, on_numbers.decision_function(numeric))
    # a model of arrays scores a frame by position too
    on_array = model().fit(numeric.to_numpy(), y)
    assert [a.name for a in on_array.attributes_] == ["x1", "x2"]
    with pytest.warns(UserWarning, match="fitted without feature names"):
        np.testing.assert_array_equal(
            on_array.decision_function(numeric),
            on_array.decision_function(numeric.to_numpy()),
        )


@pytest.mark.parametrize(
    "columns",
    [["size", "class"], ["grade", "weight"], ["size", " "], [0, 1]],
    ids=["class", "grade", "blank", "not-text"],
)
def test_names_weka_cannot_hold_leave_the_features_x1_to_xm(weka, columns):
    frame, y = frame_and_labels()
    numeric = frame[["size", "weight"]].set_axis(columns, axis=1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fitted = model().fit(numeric, y)
    assert [a.name for a in fitted.attributes_] == ["x1", "x2"]
    # a reserved name is said (and what to do); names scikit-learn drops are not
    said = [
        str(w.message) for w in caught if issubclass(w.category, WekaRankingWarning)
    ]
    unusable = [c for c in columns if c in ("class", "grade", " ")]
    assert len(said) == len(unusable)
    for line in said:
        assert f"a column named {unusable[0]!r}" in line and "rename it " in line
    np.testing.assert_array_equal(
        fitted.decision_function(numeric),
        model().fit(numeric.to_numpy(), y).decision_function(numeric.to_numpy()),
    )


def test_a_name_twice_is_refused_by_scikit_learn(weka):
    frame, y = frame_and_labels()
    twice = frame[["size", "weight"]].set_axis(["size", "size"], axis=1)
    with pytest.raises(ValueError, match="unique column names"):
        model().fit(twice, y)


def test_a_files_frame_gives_cvs_fold_aucs_in_scikit_learns_cross_val_score():
    """``Dataset.to_frame``: a nominal file's models in scikit-learn are cv's.

    Found by a new user: on credit-a, scikit-learn's folds over the bare
    array (nominal values as codes, numbers to WEKA) gave NaiveBayes 0.877
    where ``weka-ranking cv`` gave 0.896; README warned, and left ten lines of
    pandas to write. breast-cancer: nominal attributes, missing values.
    """
    data = load_task("breast-cancer")
    frame = data.to_frame()
    assert list(frame.columns) == [a.name for a in data.attributes]
    nominal = data.attributes[0]
    assert list(frame[nominal.name].cat.categories) == list(nominal.values)
    assert frame.isna().to_numpy().sum() == np.isnan(data.X).sum() > 0
    folds = list(weka_folds(data.y, 5, 1))
    learner = RankingReduction("NaiveBayes", voters=3)
    ours = cross_validate(learner, data, folds=5, learner_alone=False).fold_aucs
    theirs = cross_val_score(learner, frame, data.y, scoring="roc_auc", cv=folds)
    np.testing.assert_allclose(theirs, ours, rtol=0, atol=1e-12)
    codes = cross_val_score(learner, data.X, data.y, scoring="roc_auc", cv=folds)
    assert not np.allclose(codes, ours)  # the bare codes are another model
