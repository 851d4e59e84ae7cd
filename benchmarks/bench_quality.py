"""Problems a strong student can solve from the text alone (issue 11, the checking half), measured against the generator
of a baseline commit (default 6e3553d, before the checks), both run in this one script:

1. SPEED: kept problems per second per core on the four anchor families (fixed pulley, incline with friction,
   spring-block, 1D collision), every filter on, difficulties 1 and 2: current and baseline in alternating subprocesses
   pinned to one core (CPU-based: `time.process_time` of the generating process, robust to other load on a shared
   machine; wall-based too), and their ratio. The issue's bar is >= 50/s on an idle core (the baseline made about 63/s).
2. REVERSE: the share of kept reverse questions whose answer is the only root, per family, before (baseline) and after
   (current). Each kept record is re-checked here, independently of the generator's own scan: the hidden parameter is
   swept over its admissible range with `filters.root_scan` at twice the grid and three times the budget, on the RK4
   model (the generator scans on the Euler twin; scenes with per-step Python forces at 2x the grid), within the bound
   the question states where it states one.
   "At what time does the speed first reach v" questions are counted apart: the speed must change monotonically from
   the start to its first crossing (and the baseline's "reach", without "first", must also cross only once in the window).
3. CONDITIONING: with every check run on every candidate (`filter=False`, no cap), the distribution of the worst
   relative move of an answer when one printed input (or the printed time) is rounded the other way by half a unit of
   its last digit, per family, and the share of candidates over the limit (a fifth of the tolerance); then, with the
   filter on, every drop reason per family (what the dataset manifest reports per family and mode).

Run: `.venv/bin/python benchmarks/bench_quality.py [--speed-scenes 10] [--scenes 3] [--baseline 6e3553d] [--core 0] [--only speed reverse conditioning]`
(from a copy of the tree made with `git archive`, add `--repo PATH` of the checkout the baseline commit is read from).
"""
import os
for _v in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS'): os.environ.setdefault(_v, '1')
import argparse, json, math, subprocess, sys, tarfile, io, tempfile, time
from collections import Counter, defaultdict
from pathlib import Path
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WORKER = r'''
import os, sys, json, time
for v in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS'): os.environ[v] = '1'
sys.path.insert(0, sys.argv[1])
job = json.loads(sys.argv[2])
if job.get('core') is not None and hasattr(os, 'sched_setaffinity'): os.sched_setaffinity(0, {job['core']})
from physci_lab.problems.questions import problems_for_scene
problems_for_scene('fixed_pulley', 10**6)   # warm imports and caches
out = {'kept': 0, 'cpu': 0.0, 'wall': 0.0, 'records': [], 'stats': {}}
for fam, seed, d in job['scenes']:
    t0, c0 = time.perf_counter(), time.process_time()
    b = problems_for_scene(fam, seed, difficulty=d, **job.get('kwargs', {}))
    out['wall'] += time.perf_counter() - t0; out['cpu'] += time.process_time() - c0; out['kept'] += len(b.problems)
    if job.get('records'): out['records'] += [p.to_record() for p in b.problems if p.mode in job['records']]
    for m, c in b.stats.items():
        for k, v in c.items(): out['stats'].setdefault(fam, {}).setdefault(m, {}).setdefault(k, 0); out['stats'][fam][m][k] += int(v)
print(json.dumps(out, default=str))
'''

def baseline_tree(commit, repo=ROOT):
    "The baseline's `physci_lab` and `data` in a temporary folder (from `git archive`): clearly not the current code."
    d = Path(tempfile.mkdtemp(prefix=f'physci_baseline_{commit}_'))
    tar = subprocess.run(['git', '-C', str(repo), 'archive', commit, 'physci_lab', 'data'], capture_output=True, check=True).stdout
    tarfile.open(fileobj=io.BytesIO(tar)).extractall(d)
    return d

def work(tree, scenes, core=None, records=None, **kwargs):
    job = {'scenes': scenes, 'core': core, 'records': records, 'kwargs': kwargs}
    r = subprocess.run([sys.executable, '-c', WORKER, str(tree), json.dumps(job)], capture_output=True, text=True)
    if r.returncode: raise RuntimeError(r.stderr[-2000:])
    return json.loads(r.stdout.splitlines()[-1])

# --- 1. speed ----------------------------------------------------------------------------------------------------
def speed(base, n, core):
    from physci_lab.problems.questions import ANCHOR_FAMILIES
    print(f"\n1. SPEED: kept problems per second per core, four anchor families, difficulties 1 and 2, {n} scenes each, every filter on")
    print(f"{'family':18s} {'kept/cpu-s now':>15s} {'baseline':>9s} {'ratio':>6s}   {'kept/wall-s now':>15s} {'baseline':>9s}   kept per scene now / baseline")
    tot = {'now': Counter(), 'base': Counter()}
    for fam in ANCHOR_FAMILIES:
        sc = [(fam, s, d) for d in (1, 2) for s in range(n)]
        r = {}
        for rnd in range(2):   # alternate, so load on a shared machine falls on both alike
            for who, tree in (('base', base), ('now', ROOT)) if rnd == 0 else (('now', ROOT), ('base', base)):
                x = work(tree, sc[rnd::2], core)
                r.setdefault(who, Counter()).update({k: x[k] for k in ('kept', 'cpu', 'wall')})
        for who in r: tot[who].update(r[who])
        a, b = r['now'], r['base']
        print(f"{fam:18s} {a['kept']/a['cpu']:15.1f} {b['kept']/b['cpu']:9.1f} {a['kept']/a['cpu']/(b['kept']/b['cpu']):6.2f}   "
              f"{a['kept']/a['wall']:15.1f} {b['kept']/b['wall']:9.1f}   {a['kept']/len(sc):.1f} / {b['kept']/len(sc):.1f}")
    a, b = tot['now'], tot['base']
    ra, rb = a['kept']/a['cpu'], b['kept']/b['cpu']
    print(f"{'all four':18s} {ra:15.1f} {rb:9.1f} {ra/rb:6.2f}   {a['kept']/a['wall']:15.1f} {b['kept']/b['wall']:9.1f}")
    print(f"   ratio now/baseline (CPU) {ra/rb:.2f}: on an idle core where the baseline makes ~63/s this is ~{63*ra/rb:.0f}/s "
          f"(bar: 50/s, {'MET' if 63*ra/rb >= 50 else 'NOT MET'}); on this machine now {ra:.1f}/s (baseline {rb:.1f}/s)")

# --- 2. reverse uniqueness ------------------------------------------------------------------------------------------
def _key(path):
    p = path.split('.')
    return f'scene.{p[0]}' if len(p) == 1 else f'{p[1]}.{p[2]}'

def recheck_reverse(rec, n0=24, budget=144):
    "Whether the answer of a kept reverse record is its only root, re-checked on the RK4 model (None: not a parameter question)."
    from physci_lab.sim.dsl import Scene
    from physci_lab.problems.filters import run, root_scan, admissible_range, Variant
    from physci_lab.problems.questions import reader, _read_at, _after_time, window
    items = rec['reproduce']; par = next((it for it in items if it['role'] == 'parameter'), None)
    if par is None: return None
    chk = next(it for it in items if it['role'] == 'check')
    sc = Scene.from_yaml(rec['scene']); key = _key(par['param']); x0 = float(par['value']); y0 = float(chk['value'])
    q = chk['query']; after = 'just after the collision' in rec['question']
    if after:
        import re
        from physci_lab.sim.bodies import parse_query
        id, qn, comp, _ = parse_query(q); f = _read_at(id, qn, comp, _after_time)
        T = window(sc)
    else:
        f = reader(q); T = min(window(sc), float(q.split('@')[1]) + 0.01)
    def values(xs):
        out = []
        for x in xs:
            try: tr = run(sc.with_params({key: x}).compile(), T)
            except Exception: out.append(math.nan); continue
            out.append(Variant('scan', 'scan', key, x, tr).measure(f))
        return out
    lo, hi = admissible_range(sc, key)
    if sc.compile().forces: n0 = 16   # per-step Python (orbits, charges, rockets): each run is slow, so a coarser first grid, but the same 3x budget
    b = (rec.get('verification') or {}).get('bound')
    if b: lo, hi = (lo if b[0] is None else b[0]), (hi if b[1] is None else b[1])
    from physci_lab.sim.words import half_printed
    eps = max(half_printed(f"{y0:.4g}"), 1e-12)   # the observation as printed
    r = root_scan(values, lo, hi, x0, y0, eps, rec["tolerance"], signed=admissible_range(sc, key)[0] < 0, n0=n0, budget=budget)
    return bool(r['unique']), r

def recheck_time(rec):
    "A 'when does the speed (first) reach v' record: monotone from the start to the first crossing (and, worded without 'first', only one crossing)."
    from physci_lab.sim.dsl import Scene
    from physci_lab.problems.filters import run
    from physci_lab.problems.questions import window
    import re
    from physci_lab.sim.words import printed_numbers
    ask = rec['question'].splitlines()[-1]
    m = re.search(r'At what time does the speed of .*? (first )?reach(?:es)? (.*)\? Give', ask)
    tq = next((it['query'] for it in rec['reproduce'] if it['role'] == 'time'), None)
    if not m or tq is None: return None
    id, v, first = tq.split('.')[0], printed_numbers(m[2])[0].value, bool(m[1])
    sc = Scene.from_yaml(rec['scene']); tr = run(sc.compile(), window(sc)); i = int(round(tr.valid_until/tr.dt))
    s = np.linalg.norm(tr.sensor(id, 'framelinvel'), axis=1)[:i + 1]
    k = np.nonzero(np.diff(np.sign(s - v)) != 0)[0]
    if not len(k): return False
    ds = np.diff(s[:k[0] + 2]); noise = 1e-9*max(float(np.abs(s).max()), 1e-9)
    mono = bool((ds >= -noise).all() or (ds <= noise).all())
    return mono and (first or len(k) == 1)

def reverse_share(base, n, families=None):
    from physci_lab.problems.questions import PROBLEM_FAMILIES
    PROBLEM_FAMILIES = families or PROBLEM_FAMILIES
    print(f"\n2. REVERSE: kept reverse questions whose answer is the only root (re-checked on RK4, denser scan), {n} scenes x difficulties 1, 2 per family")
    print(f"{'family':18s} {'before: unique/kept':>19s} {'after: unique/kept':>19s}   {'time questions before':>21s} {'after':>7s}")
    tot = {w: Counter() for w in ('base', 'now')}
    for fam in PROBLEM_FAMILIES:
        sc = [(fam, s, d) for d in (1, 2) for s in range(n)]
        row = {}
        for who, tree in (('base', base), ('now', ROOT)):
            recs = work(tree, sc, records=['reverse'], modes=['reverse'], per_scene=None)['records']
            c = Counter()
            for r in recs:
                res = recheck_reverse(r)
                if res is not None: c['param'] += 1; c['param_unique'] += res[0]
                else:
                    t = recheck_time(r)
                    if t is not None: c['time'] += 1; c['time_unique'] += t
            row[who] = c; tot[who].update(c)
        f = lambda c, k: f"{c[k + '_unique']:3d}/{c[k]:<3d} {100*c[k + '_unique']/c[k]:5.1f}%" if c[k] else f"{'-':>13s}"
        print(f"{fam:18s} {f(row['base'], 'param'):>19s} {f(row['now'], 'param'):>19s}   {f(row['base'], 'time'):>21s} {f(row['now'], 'time'):>7s}")
    print(f"{'all families':18s} {f(tot['base'], 'param'):>19s} {f(tot['now'], 'param'):>19s}   {f(tot['base'], 'time'):>21s} {f(tot['now'], 'time'):>7s}")

# --- 3. conditioning and drop reasons ----------------------------------------------------------------------------
def conditioning(n, families=None):
    from physci_lab.problems.questions import PROBLEM_FAMILIES, problems_for_scene, MODES
    PROBLEM_FAMILIES = families or PROBLEM_FAMILIES
    print(f"\n3. CONDITIONING: worst relative move of the answer when a printed input is rounded the other way (every candidate, filter off), {n} scenes x difficulties 1, 2")
    print(f"{'family':18s} {'n':>5s} {'median':>9s} {'p90':>9s} {'p99':>9s} {'over limit':>11s}   dropped as ill-conditioned (filter on) / examined")
    drops = {}
    allw = []
    for fam in PROBLEM_FAMILIES:
        ws, over, lim = [], 0, None
        st = Counter()
        for d in (1, 2):
            for s in range(n):
                for p in problems_for_scene(fam, s, difficulty=d, filter=False, per_scene=None).problems:
                    c = p.checks.get('conditioning')
                    if not c or c.get('applies') is False or c.get('input') is None: continue
                    lim = c['limit']; w = math.inf if c['worst'] is None else c['worst']; ws.append(w); over += w > lim
                b = problems_for_scene(fam, s, difficulty=d, per_scene=None)
                for m in MODES:
                    for k, v in b.stats.get(m, {}).items(): st[k] += v
        drops[fam] = st; allw += ws
        q = lambda p: np.percentile(np.minimum(ws, 1e9), p) if ws else math.nan
        ex = st['generated'] - st['over_cap']
        print(f"{fam:18s} {len(ws):5d} {q(50):9.2e} {q(90):9.2e} {q(99):9.2e} {100*over/max(len(ws), 1):10.1f}%   {st['ill_conditioned']}/{ex} = {100*st['ill_conditioned']/max(ex, 1):.1f}%")
    w = np.minimum(allw, 1e9)
    print(f"{'all families':18s} {len(w):5d} {np.percentile(w, 50):9.2e} {np.percentile(w, 90):9.2e} {np.percentile(w, 99):9.2e} {100*np.mean(w > 0.01):10.1f}%")
    print("\nDrop reasons per family (filter on, no cap; a problem may have several), share of the candidates examined:")
    reasons = sorted({k for st in drops.values() for k in st if k not in ('generated', 'kept', 'dropped', 'over_cap')})
    print(f"{'family':18s} {'examined':>8s} {'kept':>6s}  " + '  '.join(reasons))
    for fam, st in drops.items():
        ex = max(st['generated'] - st['over_cap'], 1)
        print(f"{fam:18s} {ex:8d} {100*st['kept']/ex:5.1f}%  " + '  '.join(f"{100*st[k]/ex:{len(k)}.1f}" for k in reasons))

if __name__ == '__main__':
    p = argparse.ArgumentParser()
    p.add_argument('--speed-scenes', type=int, default=10); p.add_argument('--scenes', type=int, default=3)
    p.add_argument('--baseline', default='6e3553d'); p.add_argument('--core', type=int, default=None)
    p.add_argument('--repo', default=str(ROOT), help='the git repository the baseline commit is read from (default: this checkout)')
    p.add_argument('--families', nargs='+', default=None, help='parts 2 and 3 on these families only (default: all)')
    p.add_argument('--only', nargs='+', choices=['speed', 'reverse', 'conditioning'], default=['speed', 'reverse', 'conditioning'])
    a = p.parse_args()
    base = baseline_tree(a.baseline, a.repo)
    print(f"baseline: {a.baseline} (from git, in {base}); current: {ROOT}")
    if 'speed' in a.only: speed(base, a.speed_scenes, a.core)
    if 'reverse' in a.only: reverse_share(base, a.scenes, a.families)
    if 'conditioning' in a.only: conditioning(a.scenes, a.families)
