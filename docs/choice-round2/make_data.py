"""Write the held-out check's data sets that scikit-learn bundles as ARFF files.

Run once with scikit-learn installed (``pip install scikit-learn``):
``python docs/choice-round2/make_data.py``. The files are committed beside
this script so that the check reruns without scikit-learn; their sources are
UCI's Wisconsin diagnostic breast cancer, wine and optical digits, as
``sklearn.datasets`` bundles them (BSD-3-Clause loaders, UCI's data).
"""

from pathlib import Path

from sklearn.datasets import load_breast_cancer, load_digits, load_wine

HERE = Path(__file__).resolve().parent / "data"


def write_arff(
    name: str, data, target, labels: list[str], attributes: list[str]
) -> None:
    """One numeric ARFF file: the attributes, then the class, named by ``labels``."""
    lines = [f"@relation {name}", ""]
    lines += [f"@attribute '{a}' numeric" for a in attributes]
    lines += ["@attribute class {" + ",".join(labels) + "}", "", "@data"]
    for row, y in zip(data, target):
        lines.append(",".join(repr(float(v)) for v in row) + "," + labels[int(y)])
    (HERE / f"{name}.arff").write_text("\n".join(lines) + "\n")


def main() -> None:
    HERE.mkdir(exist_ok=True)
    wdbc = load_breast_cancer()
    write_arff(
        "wdbc",
        wdbc.data,
        wdbc.target,
        list(wdbc.target_names),
        [f.replace(" ", "_") for f in wdbc.feature_names],
    )
    wine = load_wine()  # class_0 against the other two cultivars
    write_arff(
        "wine",
        wine.data,
        wine.target != 0,
        ["class_0", "other"],
        [f.replace("/", "_") for f in wine.feature_names],
    )
    digits = load_digits()  # the digit 8 against the other nine
    write_arff(
        "digits-8",
        digits.data,
        digits.target != 8,
        ["eight", "other"],
        [f"pixel_{i}" for i in range(digits.data.shape[1])],
    )


if __name__ == "__main__":
    main()
