"""The default's fits at 6,435 x 36 with fewer voters, beside J48 alone's.

``python fits.py VOTERS`` in a process of its own: on the training rows of
WEKA's fold 1 of the bench's synthetic set of 6,435 x 36, J48 alone's two
fits (WEKA's buildClassifier, the rows already on the JVM), the default's
six with VOTERS voters (the Python face, the rows' conversion included),
then J48 alone's four more, as the bench's section ``default`` times them
(each after a garbage collection); one JSON line a fit: what, its number
in the process, wall seconds, the load.
"""

import json
import os
import sys

from weka_ranking import bridge
from weka_ranking.data import synthetic
from weka_ranking.model import RankingReduction
from weka_ranking_studies.bench.default_speed import _first_fold, _seconds


def main(voters: int) -> None:
    train = _first_fold(synthetic(6_435, features=36))
    instances = bridge.to_instances(train)
    j48 = bridge.make_classifier("J48", [])
    model = RankingReduction(voters=voters)
    runs = [("J48 alone", lambda: j48.buildClassifier(instances))] * 2
    runs += [(f"{voters} voters", lambda: model.fit(train))] * 6
    runs += [("J48 alone", lambda: j48.buildClassifier(instances))] * 4
    seen: dict[str, int] = {}
    for what, action in runs:
        seen[what] = seen.get(what, 0) + 1
        wall, _ = _seconds(action)
        line = {"voters": voters, "what": what, "fit": seen[what], "wall": wall}
        print(json.dumps({**line, "load": os.getloadavg()[0]}), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]))
