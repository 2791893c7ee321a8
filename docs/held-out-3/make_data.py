"""Write the held-out check's one derived data set: California housing, binary.

``python docs/held-out-3/make_data.py`` reads StatLib's California housing as
the ARFF of renatopp/arff-datasets (``regression/cal.housing.arff``, its blob
a49ea6b60169869ebe30c52ca644cc78a06fe338; pass its path) and writes
``data/cal-housing.arff``: the eight attributes as they are, and in place of
``medianHouseValue`` a class, ``high`` where the value is above the median of
all 20,640 block groups and ``low`` otherwise. The threshold was fixed with
the check's rule, before any result (``plan.toml``).
"""

import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "data"


def main(source: str) -> None:
    attributes, rows, data = [], [], False
    for line in Path(source).read_text().splitlines():
        text = line.strip()
        if not text or text.startswith("%"):
            continue
        if data:
            rows.append(text.split(","))
        elif text.lower().startswith("@attribute"):
            attributes.append(text.split()[1])
        elif text.lower().startswith("@data"):
            data = True
    assert attributes[-1] == "medianHouseValue" and len(rows) == 20640
    median = statistics.median(float(r[-1]) for r in rows)
    lines = ["@relation cal-housing", ""]
    lines += [f"@attribute {a} numeric" for a in attributes[:-1]]
    lines += ["@attribute class {low,high}", "", "@data"]
    for r in rows:
        lines.append(
            ",".join(r[:-1]) + "," + ("high" if float(r[-1]) > median else "low")
        )
    (HERE / "cal-housing.arff").write_text("\n".join(lines) + "\n")
    print(f"median {median}: {sum(float(r[-1]) > median for r in rows)} high")


if __name__ == "__main__":
    main(sys.argv[1])
