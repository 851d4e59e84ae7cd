"""The grader on every part of the grading corpus, this checkout's reader side by side with the last landed stop's (issue 26).

Every (response, gold) pair of data/grade_corpus/ is graded twice in one run: by this checkout's `grade`, and by the
`grade` of commit BASELINE (its `physci_lab`, from `git archive`, in a subprocess of the same interpreter). Per part:

- golds, and golds declined (the reader cannot read them: they go to the LLM judge);
- correct answers accepted (goal >= 99.5 %), wrong answers accepted (goal <= 0.1 %), and wrong answers accepted although
  their unit has another dimension than the gold's (goal 0);
- for the part written by an independent author from a benchmark never used before (`scibench.jsonl`), the named cases too.

The new reader is given a row's question where the part has one (`grade(..., question=)`); the baseline has no such argument.

Run: .venv/bin/python benchmarks/bench_grade_unseen.py [--baseline ea96f54]
"""
import argparse, json, os, re, subprocess, sys, tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT/'data'/'grade_corpus'
WORKER = r'''
import json, sys
from physci_lab.core.grade import grade
from physci_lab.core.golds import GoldError, read_gold
for line in sys.stdin:
    p = json.loads(line)
    try: v = grade(p['response'], p['gold'], **p['grade']); out = {'correct': v.correct}
    except GoldError as e: out = {'declined': str(e)[:200]}
    except Exception as e: out = {'error': f'{type(e).__name__}: {str(e)[:200]}'}
    try:
        g = read_gold(p['gold'], **{k: v for k, v in p['grade'].items() if k in ('kind', 'unit', 'atol', 'symbols')})
        if g.kind in ('numeric', 'quantity'): out['reading'] = [g.kind, float(g.value.magnitude), g.unit_given]
        else: out['reading'] = [g.kind, None, False]
    except Exception: out['reading'] = None
    print(json.dumps(out), flush=True)
'''

def pairs()->list[dict]:
    "Every pair of the corpus: {part, gold_id, gold, grade (keyword arguments), response, expect, question, case}."
    out = []
    for f in sorted(CORPUS.glob('*.jsonl')):
        for n, line in enumerate(f.read_text(encoding='utf-8').splitlines()):
            r = json.loads(line)
            kw = {k: v for k, v in (r.get('grade') or {}).items() if k in ('kind', 'unit', 'rtol', 'atol', 'ordered', 'symbols')}
            base = dict(gold_number=r.get('gold_number'), gold_unit=r.get('gold_unit'), part=f.stem, gold_id=r.get('gold_key') or (r['id'].rsplit('-', 1)[0] if f.stem.startswith('scibench') and 'id' in r else r.get('id', f'{f.stem}:{n}')), gold=r['gold'], grade=kw, question=r.get('question'), case=r.get('case') or r.get('rule'))
            if 'cases' in r:
                out += [base | dict(response=resp, expect=bool(exp), variant=var) for var, resp, exp in r['cases']]
            elif 'response' in r: out.append(base | dict(response=r['response'], expect=bool(r['expect'])))
    return out

def run_reader(ps:list[dict], root:str|None)->list[dict]:
    "Verdicts of the `grade` in `root` (a folder holding `physci_lab`), or of this checkout's for None."
    env = {k: v for k, v in os.environ.items() if k != 'PYTHONPATH'} | ({'PYTHONPATH': root} if root else {})
    code = WORKER if root else WORKER.replace("v = grade(p['response'], p['gold'], **p['grade'])",
                                              "v = grade(p['response'], p['gold'], **p['grade'], question=p.get('question'))")
    text = ''.join(json.dumps(dict(response=p['response'], gold=p['gold'], grade=p['grade'], question=p['question'])) + '\n' for p in ps)
    r = subprocess.run([sys.executable, '-c', code], input=text, capture_output=True, text=True, cwd=tempfile.gettempdir(), env=env)
    if r.returncode: raise SystemExit(r.stderr[-3000:])
    return [json.loads(l) for l in r.stdout.splitlines()]

def other_dimension(p)->bool:
    "Whether the answer states a quantity whose dimension differs from the gold's (read by this checkout's parser)."
    from physci_lab.core.extract import extract_answers
    from physci_lab.core.golds import read_gold, read_quantity
    try:
        g = read_gold(p['gold'], **{k: v for k, v in p['grade'].items() if k in ('kind', 'unit', 'atol', 'symbols')})
        if g.kind != 'quantity' or not g.unit_given: return False
        q = read_quantity(extract_answers(p['response'])[-1])
        return not q.dimensionless and not q.is_compatible_with(g.value)
    except Exception: return False

_POW = re.compile(r'10\s*\^\s*\{?\s*([-−+]?\d+)')

def as_intended(p, v)->bool:
    "Whether the gold was read as the source states it (rows with `gold_number` and `gold_unit`): its number, times the power of ten its unit field holds, and a unit where the field names one."
    r = v.get('reading')
    if not r or r[1] is None: return False
    want = p['gold_number'] * 10.0 ** int(m[1].replace('−', '-')) if (m := _POW.search(p['gold_unit'] or '')) else p['gold_number']
    unit_named = '%' not in (p['gold_unit'] or '') and bool(re.search(r'[A-Za-zΩÅ°]', _POW.sub('', re.sub(r'\\(?:mathrm|text|mathrm|rm)\b|\\cdot', '', p['gold_unit'] or ''))))
    if '%' in (p['gold_unit'] or ''): want /= 100          # a percentage is read as the fraction it is
    return abs(r[1] - want) <= 1e-6 * max(abs(want), 1e-300) and (r[2] or not unit_named or r[0] == 'numeric' and 'electron' in p['gold_unit'])

def table(ps, verdicts)->dict:
    t = defaultdict(lambda: defaultdict(int))
    seen = defaultdict(set)
    for p, v in zip(ps, verdicts):
        s = t[p['part']]
        if p['gold_id'] not in seen[p['part']]:
            seen[p['part']].add(p['gold_id']); s['golds'] += 1; s['declined'] += 'declined' in v
            if p.get('gold_number') is not None: s['checkable'] += 1; s['intended'] += as_intended(p, v)
        if 'declined' in v or 'error' in v: s['errors'] += 'error' in v; continue
        s['right' if p['expect'] else 'wrong'] += 1
        if v['correct'] and p['expect']: s['right_ok'] += 1
        if v['correct'] and not p['expect']:
            s['wrong_ok'] += 1; s['wrong_dim'] += other_dimension(p)
    return t

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--baseline', default='ea96f54', help='the commit whose reader is the baseline (default: the last landed stop)')
    a = ap.parse_args()
    ps = pairs()
    with tempfile.TemporaryDirectory() as old:
        subprocess.run(f'git -C {ROOT} archive {a.baseline} physci_lab | tar -x -C {old}', shell=True, check=True)
        base, now = table(ps, run_reader(ps, old)), table(ps, run_reader(ps, None))
    pct = lambda k, n: f'{100 * k / n:6.2f} % ({k}/{n})' if n else '     -'
    print(f'{len(ps)} pairs; baseline {a.baseline} | this checkout')
    for part in sorted(now):
        b, n = base[part], now[part]
        print(f"\n{part}: {n['golds']} golds")
        if n['checkable']: print(f"  golds read as intended                {pct(b['intended'], b['checkable'])} | {pct(n['intended'], n['checkable'])}")
        print(f"  golds declined (to the LLM judge)     {b['declined']:>6} | {n['declined']}")
        print(f"  correct answers accepted (>= 99.5 %)  {pct(b['right_ok'], b['right'])} | {pct(n['right_ok'], n['right'])}")
        print(f"  wrong answers accepted (<= 0.1 %)     {pct(b['wrong_ok'], b['wrong'])} | {pct(n['wrong_ok'], n['wrong'])}")
        print(f"  ... with another dimension (goal 0)   {b['wrong_dim']:>6} | {n['wrong_dim']}")
        if b['errors'] or n['errors']: print(f"  errors (a reader raised)              {b['errors']:>6} | {n['errors']}")
    named = [(p, v) for p, v in zip(ps, run_reader(ps, None)) if p['part'] == 'scibench_named']
    if named:
        print('\nnamed cases (scibench_named), this checkout:')
        for p, v in named: print(f"  {'ok  ' if v.get('correct') == p['expect'] else 'MISS'} {p['case']}: {p['response'][:60]!r} vs {p['gold']!r} -> {v}")

if __name__ == '__main__': main()
