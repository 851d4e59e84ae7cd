"""`grade` on the grading corpus, side by side with the previous parser, and its speed on one core.

Run: `.venv/bin/python benchmarks/bench_grade.py [--math-verify]` (single process). It prints, per benchmark and for the
generator's own keys, with the current reader and the **baseline** (the `grade.py` and `units.py` of commit 03e1aa7, loaded
from git into temporary modules) in one run:

- golds as written accepted, legitimate reformulations accepted, wrong variants accepted, hostile forms accepted;
- golds declined (routed to the LLM judge: prose, proofs, derivations, alternatives in words);
- on the independent examiner's answers (`independent.jsonl`: written by a session that never saw the reader), right and wrong
  answers accepted;
- answers graded per second: numeric (distinct answers against one gold) and mixed (every corpus case, golds read once),
  each as a ratio against the baseline run in the same script, and numeric against bare pint.

`--math-verify` adds math-verify 0.9 / latex2sympy2_extended (`parse` + `verify`, the stack the open RL recipes use) on the
same cases, as a third column: what it accepts, and how many golds it cannot parse.
"""
import argparse, importlib.util, json, subprocess, sys, time, types, random
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import physci_lab
from physci_lab.core.grade import grade
from physci_lab.core.golds import read_gold, GoldError
from physci_lab.core.units import ureg

BASELINE = '03e1aa7'
CORPUS = ROOT/'data'/'grade_corpus'

def baseline_grade():
    "The grader of commit 03e1aa7 (with its own units module), as `physci_lab._baseline_grade`: clearly not the current code."
    for name in ('units', 'grade'):
        src = subprocess.run(['git', '-C', str(ROOT), 'show', f'{BASELINE}:physci_lab/{name}.py'], capture_output=True, text=True, check=True).stdout
        src = src.replace('from .units import', 'from ._baseline_units import')
        mod = types.ModuleType(f'physci_lab._baseline_{name}'); mod.__package__ = 'physci_lab'
        mod.__file__ = f'<baseline {BASELINE} physci_lab/{name}.py>'
        sys.modules[mod.__name__] = mod
        exec(compile(src, mod.__file__, 'exec'), mod.__dict__)
    return sys.modules['physci_lab._baseline_grade']

def load():
    rows = []
    for f in ('benchmarks', 'generated'):
        p = CORPUS/f'{f}.jsonl'
        if p.exists(): rows += [json.loads(l) for l in p.read_text(encoding='utf-8').splitlines() if l.strip()]
    return rows

def klass(variant):
    if variant == 'as_written': return 'written'
    if variant.startswith('reform'): return 'reform'
    return 'hostile' if variant.startswith('hostile') else 'wrong'

def baseline_kwargs(row):
    "What the harness of 03e1aa7 passed: unit, kind, ordered and a relative tolerance (JEEBench numeric 1 %), no dataset tolerance."
    kw = {k: v for k, v in row['grade'].items() if k in ('unit', 'kind', 'ordered', 'rtol')}
    if row['source'] == 'jeebench' and kw.get('kind') == 'numeric': kw = {'rtol': 0.01}
    return kw

def run(rows, fn_for):
    "counts[(source, class)] = [accepted, n], declined[source]"
    counts, declined = defaultdict(lambda: [0, 0]), Counter()
    for r in rows:
        if r['declined']: declined[r['source']] += 1; continue
        f = fn_for(r)
        if f is None: declined[r['source']] += 1
        for var, resp, expect in r['cases']:
            c = counts[(r['source'], klass(var))]
            c[1] += 1
            if f is not None and f(resp): c[0] += 1
    return counts, declined

def current_fn(r):
    kw = dict(r['grade']); g = read_gold(r['gold'], kw.get('kind'), kw.get('unit'), kw.get('atol'), kw.get('symbols', ()))
    rtol, ordered = kw.get('rtol', 0.05), kw.get('ordered', True)
    return lambda resp: grade(resp, g, rtol=rtol, ordered=ordered).correct

def baseline_fn(B):
    def make(r):
        kw = baseline_kwargs(r)
        try: B.grade('', r['gold'], **kw)
        except B.GoldError: return None
        return lambda resp: B.grade(resp, r['gold'], **kw).correct
    return make

def mathverify_fn():
    from math_verify import parse, verify
    def make(r):
        g = r['gold']
        if isinstance(g, list): return None
        gt = str(g) if str(g).strip().startswith('$') else f'${g}$'
        if r['grade'].get('unit') and r['grade'].get('kind') != 'choice': gt = gt  # math-verify has no units: the number alone
        try: pg = parse(gt, parsing_timeout=1)
        except Exception: return None
        if not pg: return None
        def f(resp):
            try: return bool(verify(pg, parse(resp, parsing_timeout=1), timeout_seconds=1))
            except Exception: return False
        return f
    return make

def pct(a, n): return f'{100 * a / n:6.2f} % ({a}/{n})' if n else '      -'

def table(results, sources):
    names = list(results)
    print(f'{"":14} {"":22} ' + ' '.join(f'{n:>24}' for n in names))
    for s in sources:
        for k, label in (('written', 'golds as written'), ('reform', 'reformulations'), ('wrong', 'wrong variants'), ('hostile', 'hostile forms')):
            print(f'{s:14} {label + " accepted":22} ' + ' '.join(f'{pct(*results[n][0].get((s, k), [0, 0])):>24}' for n in names))
        print(f'{s:14} {"golds declined":22} ' + ' '.join(f'{results[n][1][s]:>24}' for n in names))

def rate(f, items):
    t0 = time.perf_counter()
    for x in items: f(x)
    return len(items) / (time.perf_counter() - t0)

def speed(B, rows):
    rng = random.Random(0)
    units = [('m/s', 1.0), ('km/h', 3.6), ('cm/s', 100.0), ('mm/ms', 1.0)]
    qty = [f'{12.5 * f * (1 + rng.uniform(-0.1, 0.1)):.6g} {u}' for i in range(20000) for u, f in [units[i % 4]]]
    resp = [f'so the speed is v = {q}' if i % 2 else rf'\boxed{{{q}}}' for i, q in enumerate(qty)]
    g = read_gold('12.5 m/s')
    r_new = rate(lambda x: grade(x, g), resp)
    r_old = rate(lambda x: B.grade(x, '12.5 m/s'), resp)
    u = ureg.Unit('m/s'); r_pint = rate(lambda q: ureg.Quantity(q).to(u), qty)
    print(f'numeric, one core: {r_new:,.0f} answers/s; baseline {r_old:,.0f}/s (ratio {r_new / r_old:.2f}); '
          f'bare pint `Quantity(text).to(unit)` {r_pint:,.0f}/s (ratio {r_new / r_pint:.2f})')
    cases = []
    for r in rows:
        if r['declined']: continue
        kw = r['grade']; gold = read_gold(r['gold'], kw.get('kind'), kw.get('unit'), kw.get('atol'), kw.get('symbols', ()))
        cases += [(resp, gold, kw.get('rtol', 0.05), kw.get('ordered', True), r['gold'], baseline_kwargs(r)) for _, resp, _ in r['cases']]
    t0 = time.perf_counter()
    for resp, gold, rtol, ordered, *_ in cases: grade(resp, gold, rtol=rtol, ordered=ordered)
    r_mixed = len(cases) / (time.perf_counter() - t0)
    t0 = time.perf_counter(); n = 0
    for resp, _, _, _, raw, bkw in cases:
        try: B.grade(resp, raw, **bkw); n += 1
        except B.GoldError: pass
    r_mixed_old = n / (time.perf_counter() - t0)
    print(f'mixed (every corpus case, {len(cases):,} answers), one core: {r_mixed:,.0f} answers/s; baseline {r_mixed_old:,.0f}/s (ratio {r_mixed / r_mixed_old:.2f})')

def main(argv=None):
    ap = argparse.ArgumentParser(description='grade on the corpus, against the baseline parser')
    ap.add_argument('--math-verify', action='store_true', help='add math-verify / latex2sympy2_extended as a third column (slow)')
    ap.add_argument('--sample', type=int, default=4, help='with --math-verify: every N-th gold (default 4)')
    ap.add_argument('--no-speed', action='store_true')
    a = ap.parse_args(argv)
    rows, B = load(), baseline_grade()
    sources = [s for s in ('olympiadbench', 'jeebench', 'yale-physics', 'generated') if any(r['source'] == s for r in rows)]
    results = {'current': run(rows, current_fn), f'baseline {BASELINE}': run(rows, baseline_fn(B))}
    if a.math_verify:   # on every `--sample`-th gold (it takes ~10 ms an answer, and up to its 1 s timeouts), all three columns on those
        rows = rows[::a.sample]
        results = {'current': run(rows, current_fn), f'baseline {BASELINE}': run(rows, baseline_fn(B)), 'math-verify 0.9': run(rows, mathverify_fn())}
    table(results, sources)
    independent(B)
    if not a.no_speed and not a.math_verify: speed(B, rows)

def independent(B):
    "The independent examiner's answers (`independent.jsonl`): right answers accepted and wrong answers accepted, current and baseline."
    rows = [json.loads(l) for l in (CORPUS/'independent.jsonl').read_text(encoding='utf-8').splitlines() if l.strip()]
    out = {}
    for name, fn in (('current', current_fn), (f'baseline {BASELINE}', baseline_fn(B))):
        acc = defaultdict(lambda: [0, 0])
        for r in rows:
            f = fn(r); c = acc[r['expect']]; c[1] += 1
            c[0] += bool(f is not None and f(r['response']))
        out[name] = acc
    print(f'{"independent examiner (720 answers to 120 golds)":37} ' + ' '.join(f'{n:>24}' for n in out))
    for expect, label in ((True, 'right answers accepted'), (False, 'wrong answers accepted')):
        print(f'{"":14} {label:22} ' + ' '.join(f'{pct(*out[n][expect]):>24}' for n in out))

if __name__ == '__main__': main()
