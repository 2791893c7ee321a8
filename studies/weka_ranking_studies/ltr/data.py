"""Query-grouped data: LETOR / SVMlight files and ARFF files with a group attribute.

A :class:`GroupedDataset` is a :class:`~weka_ranking.data.Dataset` of numeric
or nominal features (its binary ``y`` says "relevant", label >= 1) plus the
graded labels and the query of every row; rows of a query are contiguous.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from weka_ranking import inputs
from weka_ranking.data import Attribute, Dataset
from weka_ranking.errors import DataError, Remedy

MQ2008_FEATURES = 46
MQ2008_PARTS = ("S1", "S2", "S3", "S4", "S5")


@dataclass(frozen=True, eq=False)
class GroupedDataset:
    """Features, graded labels and query ids; ``data.y`` is ``labels >= 1``."""

    data: Dataset
    labels: np.ndarray
    qids: np.ndarray
    docids: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.labels)

    def queries(self) -> list[np.ndarray]:
        """Row indices of each query, in order of first appearance."""
        _, first, inverse = np.unique(self.qids, return_index=True, return_inverse=True)
        order = np.argsort(first)
        rows = np.argsort(inverse, kind="stable")
        bounds = np.cumsum(np.bincount(inverse))
        groups = np.split(rows, bounds[:-1])
        return [groups[i] for i in order]

    def subset(self, indices: np.ndarray) -> GroupedDataset:
        indices = np.asarray(indices, dtype=np.int64)
        docids = tuple(self.docids[i] for i in indices) if self.docids else ()
        return GroupedDataset(
            self.data.subset(indices), self.labels[indices], self.qids[indices], docids
        )

    def document_ids(self) -> tuple[str, ...]:
        """The documents' ids from the file, or ``rowN`` (1-based) without them."""
        return self.docids or tuple(f"row{i + 1}" for i in range(len(self)))

    def query_normalized(self) -> GroupedDataset:
        """Each feature scaled to [0, 1] within each query: LETOR's QueryLevelNorm.

        (x - min) / (max - min), 0 where a query's values are all equal.
        """
        X = self.data.X.copy()
        for rows in self.queries():
            part = X[rows]
            low, high = np.nanmin(part, axis=0), np.nanmax(part, axis=0)
            span = np.where(high > low, high - low, 1.0)
            X[rows] = np.where(high > low, (part - low) / span, 0.0)
        return GroupedDataset(
            replace(self.data, X=X), self.labels, self.qids, self.docids
        )

    @classmethod
    def concatenate(cls, parts: list[GroupedDataset]) -> GroupedDataset:
        first = parts[0].data
        data = Dataset(
            np.concatenate([p.data.X for p in parts]),
            np.concatenate([p.data.y for p in parts]),
            first.attributes,
            first.class_name,
            first.class_values,
            first.positive_index,
            first.relation,
            "+".join(p.data.source for p in parts),
        )
        return cls(
            data,
            np.concatenate([p.labels for p in parts]),
            np.concatenate([p.qids for p in parts]),
            tuple(d for p in parts for d in p.docids),
        )


def _grouped(X, labels, qids, docids, source, attributes=None) -> GroupedDataset:
    attributes = attributes or tuple(Attribute(f"f{j + 1}") for j in range(X.shape[1]))
    data = Dataset(
        X,
        (labels >= 1).astype(np.int8),
        attributes,
        "relevant",
        ("0", "1"),
        1,
        relation=Path(source).name,
        source=source,
    )
    return GroupedDataset(data, labels.astype(np.int64), qids, tuple(docids))


def as_grouped(X, y, group) -> GroupedDataset:
    """Features, relevance grades and query ids in one GroupedDataset.

    The features are a Dataset or an array, as the estimators' ``fit(X, y, group=...)``
    take them.
    """
    labels, qids = np.asarray(y, dtype=np.int64), np.asarray(group)
    if isinstance(X, Dataset):
        return GroupedDataset(replace(X, y=(labels >= 1).astype(np.int8)), labels, qids)
    X = np.asarray(X, dtype=np.float64)
    return _grouped(X, labels, qids, [], "arrays")


def load_letor(path: str | Path, n_features: int | None = None) -> GroupedDataset:
    """Read ``label qid:Q 1:v 2:v ... # comment`` lines (plain or .gz).

    Features absent from a line are 0, as SVMlight reads them.
    """
    path = Path(path)
    opener = gzip.open if path.suffix == ".gz" else open
    labels, qids, docids, rows = [], [], [], []
    try:
        inputs.regular_file(path, "LETOR file")
        with opener(path, "rt", encoding="utf-8") as stream:
            for number, line in enumerate(stream, start=1):
                body, _, comment = line.partition("#")
                fields = body.split()
                if not fields:
                    continue
                try:
                    label = int(float(fields[0]))
                    if not fields[1].startswith("qid:"):
                        raise ValueError("the second field must be qid:ID")
                    qid = fields[1][4:]
                    values = {}
                    for item in fields[2:]:
                        index, _, value = item.partition(":")
                        values[int(index)] = float(value)
                except (ValueError, IndexError) as err:
                    raise DataError(f"{path}: line {number}: {err}") from None
                labels.append(label)
                qids.append(qid)
                rows.append(values)
                docid = comment.split("docid", 1)[-1].strip(" =\n").split()
                docids.append(docid[0] if docid else f"{path.name}:{number}")
    except FileNotFoundError:
        raise DataError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise DataError(f"{path}: cannot read: {err}") from None
    if not rows:
        raise DataError(f"{path}: no rows")
    width = n_features or max(max(r, default=0) for r in rows)
    X = np.zeros((len(rows), width))
    for i, values in enumerate(rows):
        for index, value in values.items():
            if not 1 <= index <= width:
                raise DataError(
                    f"{path}: row {i + 1}: feature {index} out of 1..{width}"
                )
            X[i, index - 1] = value
    return _grouped(X, np.array(labels), np.array(qids), docids, str(path))


def load_grouped_arff(path: str | Path, group_attribute: str, label: str | None = None):
    """An ARFF file whose ``group_attribute`` names the query.

    That attribute is removed from the features; the class's values, in declared order,
    are the grades 0, 1, ...
    """
    from weka_ranking.arff import read_table

    table = read_table(path)
    names = [d.name for d in table.declared]
    if group_attribute not in names:
        raise DataError(
            f"{path}: no attribute named {group_attribute!r}",
            Remedy("name the query attribute with", "group_attribute", "NAME"),
        )
    group = names.index(group_attribute)
    class_pos = names.index(label) if label else len(names) - 1
    rows = table.values[~np.isnan(table.values[:, class_pos])]
    keep = [j for j in range(len(names)) if j not in (group, class_pos)]
    X = rows[:, keep]
    attributes = tuple(table.declared[j].as_attribute() for j in keep)
    labels = rows[:, class_pos].astype(int)
    group_values = table.declared[group].values
    qids = np.array(
        [group_values[int(v)] if group_values else str(v) for v in rows[:, group]]
    )
    return _grouped(X, labels, qids, [], str(path), attributes)


def mq2008_part(name: str) -> GroupedDataset:
    """One of MQ2008's five parts S1..S5, shipped gzip-compressed."""
    path = Path(__file__).parent / "MQ2008" / f"{name}.txt.gz"
    return load_letor(path, MQ2008_FEATURES)


def mq2008_fold(fold: int) -> tuple[GroupedDataset, GroupedDataset, GroupedDataset]:
    """(train, validation, test) of MQ2008 fold 1..5, as its readme builds them.

    Fold1 trains on S1, S2, S3, validates on S4 and tests on S5; each next fold rotates
    the parts by one.
    """
    if not 1 <= fold <= 5:
        raise ValueError(f"MQ2008 has folds 1..5, got {fold!r}")
    parts = [mq2008_part(MQ2008_PARTS[(fold - 1 + i) % 5]) for i in range(5)]
    return GroupedDataset.concatenate(parts[:3]), parts[3], parts[4]
