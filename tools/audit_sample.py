"""Draw the examiner audit's sample (issue 11): three generated problems per family, every mode represented, by a fixed rule
from a seed chosen at the time of the audit.

The rule. For each family in `PROBLEM_FAMILIES` order, scenes `seed*1000 + k` (k = 0, 1, ...) at difficulty 1 + k % 3 are
generated with every filter on until the family has at least 12 kept problems from at least 3 scenes (or 40 scenes were
tried). Its problems are ordered by sha256("audit-<seed>/<record id>"). The family's first pick is the first in that
order; each further pick is the first problem in that order from a scene not yet picked in the family whose mode no
earlier pick (any family) has yet; else the first from a scene not yet picked; else the next in the order. So the picks are fixed by the seed and the code, and every mode that the generator
keeps for some family appears.

Writes to OUT (which must not exist):
- `sample.jsonl`: the picks, whole records (question, key, scene, checks): for the comparison afterwards, never for the examiner;
- `questions.md`: the question texts alone, numbered A01..A63, for the examiner.

Run: `.venv/bin/python tools/audit_sample.py --seed 20261202 --out data/audit/2026-12-02`
"""
import argparse, hashlib, json, sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

def draw(seed:int, per_family:int=3, pool:int=12, max_scenes:int=40):
    from physci_lab.problems.questions import problems_for_scene, PROBLEM_FAMILIES
    picks, modes_seen = [], set()
    for fam in PROBLEM_FAMILIES:
        cands, k = [], 0
        while (len(cands) < pool or k < 3) and k < max_scenes:
            b = problems_for_scene(fam, seed*1000 + k, difficulty=1 + k % 3)
            cands += [p.to_record() | {'scene_seed': seed*1000 + k} for p in b.problems]; k += 1
        cands.sort(key=lambda r: hashlib.sha256(f"audit-{seed}/{r['id']}".encode()).hexdigest())
        mine = []
        for _ in range(per_family):
            rest = [r for r in cands if r not in mine]
            if not rest: break
            fresh = [r for r in rest if r['scene_id'] not in {m['scene_id'] for m in mine}]
            new = [r for r in fresh if r['mode'] not in modes_seen] if mine else []
            r = (new or fresh or rest)[0]; mine.append(r); modes_seen.add(r['mode'])
        picks += mine
        print(f'{fam:<18} {k:>2} scenes, {len(cands):>3} candidates: ' + ', '.join(r['mode'] for r in mine), file=sys.stderr)
    for i, r in enumerate(picks, 1): r['audit_id'] = f'A{i:02d}'
    return picks

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--seed', type=int, required=True); ap.add_argument('--out', required=True)
    a = ap.parse_args()
    out = Path(a.out)
    if out.exists(): sys.exit(f'audit_sample: error: --out {out}: exists; choose a new folder')
    picks = draw(a.seed)
    out.mkdir(parents=True)
    with open(out/'sample.jsonl', 'w') as f:
        for r in picks: f.write(json.dumps(r, ensure_ascii=False, default=str) + '\n')
    (out/'questions.md').write_text(''.join(f"## {r['audit_id']}\n\n{r['question']}\n\n" for r in picks))
    from collections import Counter
    print(f'{len(picks)} problems; modes: {dict(Counter(r["mode"] for r in picks))}')

if __name__ == '__main__': main()
