"""star (p=1, n=10) and double_star (p=10, n=1) cells now (Java sampler) vs the store (numpy sampler)."""
import json, statistics, time
from collections import defaultdict
from weka_ranking import RankingReduction, load_task, auc
from weka_ranking.folds import weka_folds
from weka_ranking.learners import NAMED_LEARNERS
from weka_ranking.data import STUDY_TASKS

store = defaultdict(dict)
for line in open('/work/main/docs/results.jsonl'):
    r = json.loads(line)
    if r.get('variant') == '' and r.get('config') in ('voters=10', 'pairs=10') and r.get('ranker') in ('tournament', 'quicksort'):
        store[(r['learner'], r['task'], r['config'], r['ranker'])][r['fold']] = r['auc']

for learner in NAMED_LEARNERS:
    for task in STUDY_TASKS:
        data = load_task(task)
        folds = list(weka_folds(data.y, 10, 1))
        for config, params in (('voters=10', dict(pairs_per_instance=1, voters=10)), ('pairs=10', dict(pairs_per_instance=10, voters=1))):
            started = time.time()
            aucs = defaultdict(list)
            for train, test in folds:
                model = RankingReduction(learner, **params).fit(data.subset(train))
                t = data.subset(test)
                for ranker in ('tournament', 'quicksort'):
                    model.set_params(ranker=ranker)
                    aucs[ranker].append(auc(t.y, model.scores(t)))
            for ranker, values in aucs.items():
                before = store[(learner, task, config, ranker)]
                before = [before[i] for i in range(10)] if len(before) == 10 else None
                print(json.dumps(dict(learner=learner, task=task, config=config, ranker=ranker,
                    now=[statistics.fmean(values), statistics.variance(values)],
                    before=None if before is None else [statistics.fmean(before), statistics.variance(before)],
                    seconds=time.time() - started)), flush=True)
