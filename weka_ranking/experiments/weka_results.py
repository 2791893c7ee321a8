"""An experiment's results as WEKA's Experimenter writes them, and its plan for it.

:func:`results_arff` writes the store's records in the layout of the
Experimenter's ``InstancesResultListener`` (the same key columns and result
columns, in the same order), so that the Experimenter's Analyse panel (or
``weka.experiment.PairedCorrectedTTester``) opens the file and tests
``Area_under_ROC``. Columns the ranking does not compute (accuracy,
entropies, ...) hold ``?``. :func:`experimenter_plan` writes the part of a
plan the Experimenter can run itself (WEKA schemes on binary ARFF files)
as its XML experiment file.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from weka_ranking.arff import quoted as quote
from weka_ranking.atomic import output_target
from weka_ranking.data import Dataset
from weka_ranking.evaluation import binary_file_name, weka_filter_command
from weka_ranking.experiments.plan import ExperimentPlan
from weka_ranking.experiments.schemes import Scheme
from weka_ranking.version import __version__

KEYS = (
    "Key_Dataset",
    "Key_Run",
    "Key_Fold",
    "Key_Scheme",
    "Key_Scheme_options",
    "Key_Scheme_version_ID",
)
# ClassifierSplitEvaluator's result columns (WEKA 3.9.7), in its order.
RESULTS = (
    "Date_time Number_of_training_instances Number_of_testing_instances "
    "Number_correct Number_incorrect Number_unclassified Percent_correct "
    "Percent_incorrect Percent_unclassified Kappa_statistic Mean_absolute_error "
    "Root_mean_squared_error Relative_absolute_error Root_relative_squared_error "
    "SF_prior_entropy SF_scheme_entropy SF_entropy_gain SF_mean_prior_entropy "
    "SF_mean_scheme_entropy SF_mean_entropy_gain KB_information "
    "KB_mean_information KB_relative_information True_positive_rate "
    "Num_true_positives False_positive_rate Num_false_positives "
    "True_negative_rate Num_true_negatives False_negative_rate "
    "Num_false_negatives IR_precision IR_recall F_measure Matthews_correlation "
    "Area_under_ROC Area_under_PRC Weighted_avg_true_positive_rate "
    "Weighted_avg_false_positive_rate Weighted_avg_true_negative_rate "
    "Weighted_avg_false_negative_rate Weighted_avg_IR_precision "
    "Weighted_avg_IR_recall Weighted_avg_F_measure "
    "Weighted_avg_matthews_correlation Weighted_avg_area_under_ROC "
    "Weighted_avg_area_under_PRC Unweighted_macro_avg_F_measure "
    "Unweighted_micro_avg_F_measure Elapsed_Time_training Elapsed_Time_testing "
    "UserCPU_Time_training UserCPU_Time_testing UserCPU_Time_millis_training "
    "UserCPU_Time_millis_testing Serialized_Model_Size Serialized_Train_Set_Size "
    "Serialized_Test_Set_Size Coverage_of_Test_Cases_By_Regions "
    "Size_of_Predicted_Regions"
).split()
# Result column <- the record's key.
FROM_RECORD = {
    "Number_of_training_instances": "n_train",
    "Number_of_testing_instances": "n_test",
    "Area_under_ROC": "auc",
    "Elapsed_Time_training": "train_seconds",
    "Elapsed_Time_testing": "rank_seconds",
}


def _scheme_keys(scheme: Scheme) -> tuple[str, str, str]:
    """Key_Scheme, Key_Scheme_options and Key_Scheme_version_ID of a scheme.

    WEKA's classname, options and the class's serialVersionUID (as WEKA's
    ClassifierSplitEvaluator keys its rows) for a WEKA scheme; ``peer.NAME``,
    the scheme's name and this package's version for a peer.
    """
    if scheme.peer is not None:
        return f"peer.{scheme.peer}", scheme.name, __version__
    from weka_ranking import bridge

    classname, options = weka_scheme(scheme)
    version = bridge.serial_version_uid(classname)
    return classname, bridge.join_options(options), version


def results_arff(plan: ExperimentPlan, records: Iterable[dict]) -> str:
    """The records as the Experimenter's results ARFF (one row a run and fold).

    Rows come in the plan's order of data sets and schemes, then run and fold.
    """
    order = {d.name: i for i, d in enumerate(plan.data)}
    schemes = {s.name: i for i, s in enumerate(plan.schemes)}
    rows = sorted(
        (r for r in records if "error" not in r and r["scheme_name"] in schemes),
        key=lambda r: (
            order.get(r["dataset"], len(order)),
            schemes.get(r["scheme_name"], len(schemes)),
            r["run"],
            r["fold"],
        ),
    )
    by_name = {s.name: _scheme_keys(s) for s in plan.schemes}
    keys = [
        (
            r["dataset"],
            str(r["run"]),
            str(r["fold"] + 1),  # the Experimenter counts folds from 1
            *by_name[r["scheme_name"]],
        )
        for r in rows
    ]
    lines = ["@relation InstanceResultListener", ""]
    for i, name in enumerate(KEYS):
        values = list(dict.fromkeys(k[i] for k in keys))
        lines.append(f"@attribute {name} {{{','.join(quote(v) for v in values)}}}")
    lines += [f"@attribute {name} numeric" for name in RESULTS]
    lines += ["", "@data", ""]
    for key, record in zip(keys, rows, strict=True):
        results = [
            repr(float(record[FROM_RECORD[name]])) if name in FROM_RECORD else "?"
            for name in RESULTS
        ]
        lines.append(",".join([*(quote(v) for v in key), *results]))
    return "\n".join(lines) + "\n"


def weka_scheme(scheme: Scheme) -> tuple[str, list[str]]:
    """The classname and options WEKA runs a scheme with.

    A learner alone is the learner itself, as the Experimenter would key it; a
    reduction's options end with its learner's (``-- -C 0.25 -M 2``), every
    option at its value, as WEKA's ``getOptions`` gives them.
    """
    from weka_ranking import bridge
    from weka_ranking.learners import classname

    model = scheme.estimator()
    if scheme.is_learner_alone:
        name = classname(model.base)
        learner = bridge.make_classifier(name, bridge.split_options(model.base_options))
        return name, bridge.classifier_options(learner)
    # The options the reduction reports once made, as the Experimenter keys it:
    # the base learner's own (-- -C 0.25 -M 2) after the reduction's.
    reduction = bridge.make_classifier(
        bridge.REDUCTION, bridge.split_options(model.to_options())
    )
    return bridge.REDUCTION, bridge.classifier_options(reduction)


def _unreadable_by_experimenter(data: Dataset) -> str:
    """Why the Experimenter cannot run a data set's task from its file, or "".

    It reads each file as it is, its class the last attribute: a four-class file
    whose task ranks one class against the rest failed every unit ("Cannot handle
    multi-valued nominal class!").
    """
    recipe = data.weka_recipe
    if recipe is None or not Path(data.source).is_file():
        return "a task the Experimenter cannot read (not a data file as it is)"
    if recipe.filters:
        made = weka_filter_command(recipe, data.source, binary_file_name(data.source))
        return (
            "the Experimenter reads the file as it is, which is not the binary task; "
            f"make that file with {made} and give it instead"
        )
    if recipe.class_index != "last":
        return (
            f"its class is attribute {recipe.class_index}, and the Experimenter takes "
            "the last attribute as the class"
        )
    return ""


def experimenter_plan(plan: ExperimentPlan, out: Path, results: Path) -> list[str]:
    """Write the plan's WEKA part as the Experimenter's XML file at ``out``.

    The Experimenter runs WEKA schemes (the reduction and learners alone,
    not the peers) on files it reads itself (not tasks that merge classes)
    with one class for its IR statistics: the plan's data sets must rank the
    same class index first. Returns what was left out, one line each.
    """
    from weka_ranking import bridge

    output_target(out)  # a FIFO there blocked WEKA's write, deaf to signals
    left_out = [
        f"scheme {s.name}: a peer, not a WEKA scheme" for s in plan.schemes if s.peer
    ]
    classifiers = [weka_scheme(s) for s in plan.schemes if s.peer is None]
    files, indices = [], {}
    for spec in plan.data:
        data = spec.load()
        why = _unreadable_by_experimenter(data)
        if why:
            left_out.append(f"data {spec.name}: {why}")
            continue
        files.append(Path(spec.source).resolve())
        indices.setdefault(data.positive_index, []).append(spec.name)
    if len(indices) > 1:
        said = "; ".join(
            f"class index {i + 1}: {', '.join(names)}" for i, names in indices.items()
        )
        raise ValueError(
            "the Experimenter takes one class for its AUC, and these data sets "
            f"rank different class indices first ({said}); export them in two plans"
        )
    bridge.write_experiment(
        out,
        files,
        classifiers,
        runs=plan.runs,
        folds=plan.folds,
        ir_class=next(iter(indices), 0),
        results=results,
    )
    return left_out
