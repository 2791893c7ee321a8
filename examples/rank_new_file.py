"""Train once and save the model; later, rank a new file with it.

The new file here is the last 40 instances of breast-cancer.arff, held out of
training; any ARFF file with the training file's attributes will do.
"""

import tempfile
from pathlib import Path

import numpy as np

from weka_ranking import RankingReduction, load_arff, load_task, resolve_task

source = resolve_task("breast-cancer").path
lines = Path(source).read_text().splitlines()
start = next(i for i, line in enumerate(lines) if line.strip().lower() == "@data")
rows = [line for line in lines[start + 1 :] if line.strip() and line[0] != "%"]

with tempfile.TemporaryDirectory() as folder:
    new_file = Path(folder) / "new.arff"
    new_file.write_text("\n".join(lines[: start + 1] + rows[-40:]) + "\n")

    # Training: the other instances, then the model file (a ZIP with checks).
    data = load_task("breast-cancer")
    model = RankingReduction("J48", pairs_per_instance=1, voters=5)
    model.fit(data.subset(np.arange(len(data) - 40)))
    model.save(Path(folder) / "breast-cancer.wrk")

    # Later, elsewhere: the saved model ranks the new file as one batch.
    saved = RankingReduction.load(Path(folder) / "breast-cancer.wrk")
    new = load_arff(new_file, positive=saved.positive_)
    ranking = saved.ranking(new)
    print("\n".join(ranking.to_csv(new).splitlines()[:6]))  # the first five
    print(f"AUC of the new file's ranking: {saved.auc(new):.4f}")
