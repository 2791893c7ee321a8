"""Figures 1-4 redrawn from the values (:func:`.values.figure_values`).

AUC against voters (one pair per instance) and pairs per instance (one voter), ours with
its interval over the folds as a band, the monograph's protocol as read beside it, and
the published point with its interval (matplotlib, an optional extra).
"""

from __future__ import annotations

from pathlib import Path

LABELS = {
    "voters": "voters (1 pair per instance)",
    "pairs": "pairs per instance (1 voter)",
}


def panel_limits(curve: dict) -> tuple[float, float]:
    """One panel's y limits: everything it draws, with a margin, within [0, 1].

    Each panel has its own, so that a curve that moves by hundredths is not drawn
    flat on an axis from 0 to 1.
    """
    drawn = [*curve["ours"], *(v for pair in curve["interval"] for v in pair)]
    drawn += curve["monograph_protocol"] or []
    if curve["monograph_protocol_at"]:
        drawn.append(curve["monograph_protocol_at"]["auc"])
    if curve["published"]:
        drawn += [curve["published"]["auc"], *curve["published"]["interval"]]
    if curve["published_base"] is not None:
        drawn.append(curve["published_base"])
    low, high = min(drawn), max(drawn)
    margin = 0.05 * (high - low) + 0.005
    return max(-0.02, low - margin), min(1.02, high + margin)


def write_figures(values: dict, folder: Path) -> list[Path]:
    """Figures 1-4 as PNG, one per learner, from ``values["figures"]``."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    curves = values["figures"]
    level = f"{values['rules']['LEVEL']:.0%}"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    learners = list(dict.fromkeys(c["learner"] for c in curves))
    tasks = list(dict.fromkeys(c["task"] for c in curves))
    for number, learner in enumerate(learners, start=1):
        figure, axes = pyplot.subplots(
            2, len(tasks), figsize=(4 * len(tasks), 7), squeeze=False
        )
        for curve in (c for c in curves if c["learner"] == learner):
            row = list(LABELS).index(curve["family"])
            axis = axes[row][tasks.index(curve["task"])]
            low, high = zip(*curve["interval"])
            axis.fill_between(curve["k"], low, high, alpha=0.2, label=f"ours, {level}")
            axis.plot(curve["k"], curve["ours"], "-o", markersize=3, label="ours")
            protocol = "monograph's protocol as read"
            if curve["monograph_protocol"]:
                axis.plot(curve["k"], curve["monograph_protocol"], "--", label=protocol)
            elif curve["monograph_protocol_at"]:  # the sweep ran in our order only
                at = curve["monograph_protocol_at"]
                axis.plot([at["k"]], [at["auc"]], "D", color="C1", label=protocol)
            published = curve["published"]
            if published:
                axis.errorbar(
                    [published["k"]],
                    [published["auc"]],
                    yerr=[
                        [published["auc"] - published["interval"][0]],
                        [published["interval"][1] - published["auc"]],
                    ],
                    fmt="rx",
                    markersize=10,
                    capsize=4,
                    label=f"published, {level}",
                )
            if curve["published_base"] is not None:
                axis.axhline(
                    curve["published_base"],
                    color="grey",
                    linewidth=0.8,
                    label="published base",
                )
            axis.set_title(curve["task"])
            axis.set_xlabel(LABELS[curve["family"]])
            axis.set_ylabel("mean AUC")
            axis.set_ylim(*panel_limits(curve))
        labelled = {}
        for axis in axes.flat:
            for handle, label in zip(*axis.get_legend_handles_labels()):
                labelled.setdefault(label, handle)
        figure.legend(
            labelled.values(),
            labelled.keys(),
            fontsize=8,
            loc="lower center",
            ncol=len(labelled),
        )
        figure.suptitle(f"Figure {number}: {learner}, ours and the published points")
        figure.tight_layout(rect=(0, 0.05, 1, 1))
        path = folder / f"figure{number}-{learner}.png"
        figure.savefig(path, dpi=80)
        pyplot.close(figure)
        written.append(path)
    return written
