"""The run's files for re-scoring elsewhere.

Per-query metrics, LETOR score files for ``Eval-Score-4.0.pl``, TREC run and qrels files
for trec_eval and ir-measures, and the summary as JSON.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from weka_ranking.atomic import write_atomically
from weka_ranking_studies.ltr.data import GroupedDataset


def write_outputs(
    results: dict, folder: Path, summary: dict, markdown: str
) -> list[Path]:
    """Everything under ``folder``; each file whole or not at all."""
    folder = Path(folder)
    written = []

    def put(name: str, text: str) -> None:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, text)
        written.append(path)

    put("ltr.json", json.dumps(summary, indent=1))
    put("ltr.md", markdown)
    rows = [
        {"ranker": name, **query}
        for name, ranker in results["rankers"].items()
        for query in ranker.get("per_query", ())
    ]
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    put("per_query.csv", buffer.getvalue())
    qrels = []
    data = results["data"]
    for fold in results["folds"]:
        test: GroupedDataset = data[fold][2]
        qrels += [
            f"{q} 0 {d} {int(label)}"
            for q, d, label in zip(test.qids, test.document_ids(), test.labels)
        ]
    put("qrels.txt", "\n".join(qrels) + "\n")
    for name, by_fold in results["scores"].items():
        run = []
        for fold, scores in by_fold.items():
            test = data[fold][2]
            # LETOR's prediction file: one score per line, the test file's order.
            put(f"scores/{name}/Fold{fold}.txt", "".join(f"{s!r}\n" for s in scores))
            run += _run_lines(test, scores, name)
        put(f"runs/{name}.run", "\n".join(run) + "\n")
    return written


def _run_lines(test: GroupedDataset, scores, name: str) -> list[str]:
    """TREC run lines, ``qid Q0 docid rank score run``, best first per query."""
    docids = test.document_ids()
    lines = []
    for rows in test.queries():
        ranked = sorted(rows, key=lambda i: -scores[i])  # stable: the file's order
        lines += [
            f"{test.qids[i]} Q0 {docids[i]} {rank} {float(scores[i])!r} {name}"
            for rank, i in enumerate(ranked, start=1)
        ]
    return lines
