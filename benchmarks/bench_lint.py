"""Wording defects over generated problems: the lint (`physci_lab.problems.lint`) run over a large generated sample, one count per
kind of defect (issue 11, item 7; goal: zero for every kind), with the rate per 1000 problems.

Run: .venv/bin/python benchmarks/bench_lint.py [--n 10000] [--seed 11] [--workers 2] [--out DIR] [--data DIR] [--baseline DIR]
The sample is generated as `physci-lab generate` writes it (filter on, the default per-scene cap), a third at each
difficulty 1, 2 and 3, into --out (a temporary folder by default; an existing run there is resumed). --data lints an
existing dataset instead of generating one. --baseline lints a second dataset (for instance one written by an earlier
version of the generator) and prints its counts beside, as the ratio now / baseline.
"""
import os
for _v in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS'): os.environ.setdefault(_v, '1')
import argparse, tempfile, time
from pathlib import Path

def sample(n, seed, workers, out):
    "Generate `n` problems into `out`, a third at each difficulty; the records."
    from physci_lab.problems.dataset import generate, load_records
    recs = []
    for d, k in zip((1, 2, 3), (n - 2*(n//3), n//3, n//3)):
        generate(k, seed + d, Path(out)/f'difficulty{d}', difficulty=d, workers=workers, resume=(Path(out)/f'difficulty{d}').exists(), progress=False)
        recs += load_records(Path(out)/f'difficulty{d}')
    return recs

def main(n=10000, seed=11, workers=2, out=None, data=None, baseline=None):
    from physci_lab.problems.dataset import load_records
    from physci_lab.problems.lint import DEFECTS, lint, lint_records
    t0 = time.perf_counter()
    if data: recs = load_records(data); where = data
    else:
        where = out or tempfile.mkdtemp(prefix='bench_lint_')
        recs = sample(n, seed, workers, where)
    t1 = time.perf_counter(); s = lint_records(recs); t2 = time.perf_counter()
    b = lint_records(load_records(baseline)) if baseline else None
    fams = sorted({r['family'] for r in recs}); modes = sorted({r['mode'] for r in recs})
    print(f"{s['total']} problems from {where} ({len(fams)} families, modes {', '.join(modes)}); generated in {t1 - t0:.0f} s, linted in {t2 - t1:.1f} s")
    head = f"{'defect':31s} {'problems':>8s} {'hits':>6s} {'per 1000':>8s}"
    if b: head += f"  {'baseline':>8s} {'per 1000':>8s} {'ratio':>6s}"
    print(head + '  example')
    for k in DEFECTS:
        row = f"{k:31s} {s[k]['records']:8d} {s[k]['hits']:6d} {1000*s[k]['records']/max(s['total'], 1):8.2f}"
        if b:
            r = (s[k]['records']/s['total'])/(b[k]['records']/b['total']) if b[k]['records'] else float('nan')
            row += f"  {b[k]['records']:8d} {1000*b[k]['records']/max(b['total'], 1):8.2f} {r:6.3f}"
        ex = s[k]['examples'][:1] or (b[k]['examples'][:1] if b else [])
        print(row + f"  {ex[0] if ex else ''}")
    bad = sum(1 for r in recs if lint(r))
    print(f"\nproblems with any defect: {bad} of {s['total']} ({100*bad/max(s['total'], 1):.2f} %); "
          f"kinds with hits: {sum(1 for k in DEFECTS if s[k]['records'])} of {len(DEFECTS)} (goal: 0)")
    if b: print(f"baseline: {sum(1 for k in DEFECTS if b[k]['records'])} kinds with hits over {b['total']} problems")
    return s

if __name__ == '__main__':
    p = argparse.ArgumentParser()
    p.add_argument('--n', type=int, default=10000); p.add_argument('--seed', type=int, default=11); p.add_argument('--workers', type=int, default=2)
    p.add_argument('--out', default=None); p.add_argument('--data', default=None); p.add_argument('--baseline', default=None)
    a = p.parse_args(); main(a.n, a.seed, a.workers, a.out, a.data, a.baseline)
