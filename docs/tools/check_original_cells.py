import json, re, sys, time
from weka_ranking import RankingReduction, cross_validate, load_task
text = open('/work/main/docs/original.md').read()
sec = text.split('## `original`')[1]
learners = ['J48','NaiveBayes','Logistic','SMO']
out = []
for line in sec.splitlines():
    if not line.startswith('| ') or line.startswith('| task') : continue
    cells = [c.strip() for c in line.strip('|').split('|')]
    task = cells[0]
    for i, learner in enumerate(learners):
        ours = cells[1 + 2*i]
        if 'not run' in ours: continue
        m = re.match(r'([\d.]+) \(([\d.]+)\)', ours)
        started = time.time()
        r = cross_validate(RankingReduction(learner), load_task(task))
        row = dict(task=task, learner=learner, before=[float(m[1]), float(m[2])],
                   now=[round(r.mean_auc,5), round(r.variance,5)], seconds=time.time()-started)
        row['same'] = row['before'] == row['now']
        print(json.dumps(row), flush=True)
