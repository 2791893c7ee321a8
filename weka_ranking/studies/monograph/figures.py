"""Figures 1-4 redrawn: AUC against voters (p = 1) and pairs (n = 1), ours
beside the published points (matplotlib, an optional extra)."""

from __future__ import annotations

from pathlib import Path

from weka_ranking.studies.monograph.aggregate import Results
from weka_ranking.studies.monograph.plan import RANKERS


def write_figures(results: Results, folder: Path) -> list[Path]:
    """Figures 1-4 as PNG: AUC against voters (p = 1) and pairs (n = 1)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for number, learner in enumerate(results.learners, start=1):
        figure, axes = pyplot.subplots(
            2, len(results.tasks), figsize=(4 * len(results.tasks), 7), squeeze=False
        )
        for column, task in enumerate(results.tasks):
            for row, (family, config) in enumerate(
                (("voters", "star"), ("pairs", "double_star"))
            ):
                axis = axes[row][column]
                for ranker, style in zip(RANKERS, ("-o", "--", ":")):
                    points = [
                        (k, results.cell(learner, task, f"{family}={k}", ranker))
                        for k in range(1, 21)
                    ]
                    points = [(k, c.mean["auc"]) for k, c in points if c]
                    if points:
                        axis.plot(*zip(*points), style, markersize=3, label=ranker)
                published = results.published.get((learner, task, config))
                if published:
                    axis.plot(
                        [10],
                        [published[0]],
                        "rx",
                        markersize=10,
                        label=f"published {config}",
                    )
                base = results.published.get((learner, task, "base"))
                if base:
                    axis.axhline(
                        base[0], color="grey", linewidth=0.8, label="published base"
                    )
                axis.set_title(f"{task}")
                axis.set_xlabel(
                    "voters (1 pair per instance)"
                    if family == "voters"
                    else "pairs per instance (1 voter)"
                )
                axis.set_ylabel("mean AUC")
                axis.set_ylim(-0.02, 1.02)
        axes[0][0].legend(fontsize=7, loc="lower left")
        figure.suptitle(f"Figure {number}: {learner}, ours and the published points")
        figure.tight_layout()
        path = folder / f"figure{number}-{learner}.png"
        figure.savefig(path, dpi=80)
        pyplot.close(figure)
        written.append(path)
    return written
