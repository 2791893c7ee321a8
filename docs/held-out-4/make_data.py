"""Write the fourth held-out check's data sets: six regression sets, binary.

``python docs/held-out-4/make_data.py SOURCE_DIR`` reads six regression sets
as the ARFF files of renatopp/arff-datasets (commit c59f172, folder
``regression/``; PROVENANCE.md gives each blob) from ``SOURCE_DIR`` and writes
each to ``data/`` (gzipped, no time stamp, so the bytes repeat): the
attributes as they are, and in place of the numeric target (the last
attribute) a class, ``high`` where the target is above the
median of all rows and ``low`` otherwise. The threshold was fixed with the
check's rule, before any result (``plan.toml``).
"""

import gzip
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "data"
SETS = ("elevators", "ailerons", "pol", "fried", "mv", "2dplanes")


def binary(source: Path, name: str) -> str:
    """The ARFF text of one set with its target made high/low at the median."""
    header, rows, data = [], [], False
    for line in source.read_text().splitlines():
        text = line.strip()
        if not text or text.startswith("%"):
            continue
        if data:
            rows.append([v.strip() for v in text.split(",")])
        elif text.lower().startswith("@attribute"):
            header.append(text)
        elif text.lower().startswith("@data"):
            data = True
    median = statistics.median(float(r[-1]) for r in rows)
    high = sum(float(r[-1]) > median for r in rows)
    lines = [f"@relation {name}", ""] + header[:-1]
    lines += ["@attribute class {low,high}", "", "@data"]
    for r in rows:
        lines.append(
            ",".join(r[:-1]) + "," + ("high" if float(r[-1]) > median else "low")
        )
    print(f"{name}: {len(rows)} rows, median {median}: {high} high")
    return "\n".join(lines) + "\n"


def main(source_dir: str) -> None:
    for name in SETS:
        text = binary(Path(source_dir) / f"{name}.arff", name)
        packed = gzip.compress(text.encode(), compresslevel=9, mtime=0)
        (HERE / f"{name}.arff.gz").write_bytes(packed)


if __name__ == "__main__":
    main(sys.argv[1])
