"""Benchmark of `physci_lab.core.units` on one core: `check_equation` and `parse_quantity`, each as a rate and as a
ratio against the bare sympy / pint call it replaces, measured in the same run.

    .venv/bin/python benchmarks/bench_units.py [--copies 20]

Workloads are fixed (no randomness that changes between runs):
- equations: the 100 AI Feynman equations plus the 20 bonus ones (data/feynman/), each repeated in `copies` renamed
  copies (every variable `x` becomes `x_k`), so every equation string is distinct and nothing is served from a cache;
- quantities: a fixed list of numbers with units; the plain-text subset is what `ureg.Quantity(text)` reads too.
"""
import argparse, csv, os, re, time
import sympy
from physci_lab.core.io import data_path
from physci_lab.core import units as U

def pin_one_core():
    "Run on a single CPU so the rates are per core."
    if hasattr(os, 'sched_setaffinity'): os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})

def load(name):
    with open(data_path('feynman', name), encoding='utf-8-sig') as f:
        rows = [r for r in csv.DictReader(f) if r['Formula']]
    for r in rows: r['vars'] = [r[f'v{i}_name'] for i in range(1, 11) if r.get(f'v{i}_name')]
    return rows

def feynman_units():
    with open(data_path('feynman', 'units.csv'), encoding='utf-8-sig') as f:
        return {r['Variable']: '*'.join(f'{u}**({r[c]})' for c, u in zip('m s kg T V'.split(), 'm s kg K V'.split()))
                for r in csv.DictReader(f) if r['Variable']}

def equations(copies):
    "Distinct (equation, units, symbol names) triples: each Feynman equation in `copies` renamed copies."
    base, rows, out = feynman_units(), load('FeynmanEquations.csv') + load('BonusEquations.csv'), []
    for k in range(copies):
        for r in rows:
            names = set(r['vars']) | {r['Output']}
            pat = re.compile(r'\b(' + '|'.join(sorted(names, key=len, reverse=True)) + r')\b')
            ren = lambda s: pat.sub(lambda m: f'{m.group(1)}_{k}', s)
            out.append((f"{ren(r['Output'])} = {ren(r['Formula'])}", {f'{n}_{k}': base[n] for n in names}, [f'{n}_{k}' for n in names]))
    return out

PLAIN = ['9.81 m/s^2', '3.2e3 J', '12 kg', '60 km/h', '13.6 eV', '1.54 angstrom', '0.1 M', '-2.5 N*m', '4 kWh', '1 atm',
         '300 K', '6.02e23 1/mol', '2.5 kg*m/s^2', '1.0e-3 mol/L', '5 Pa', '120 V', '2 ohm', '0.5 T', '8.3 J/(mol*K)', '3 m/s']
FANCY = [r'3.2\times10^{3}\,\mathrm{m\,s^{-1}}', r'5~\text{N}', r'\SI{9.81}{m/s^2}', '1.2·10⁻³ kg', '1.2 x 10^-3 kg', '12,300 m',
         '12 300 m', '3 m per s', '5 %', '−3 °C', '2 μm', '7 s⁻¹', '3 kΩ', '1.54 Å', '42', r'$1.5 \times 10^{-3}~\mathrm{kg}$']

def rate(fn, items, repeat=1):
    "Calls per second of `fn` over `items` (best of `repeat` passes)."
    best = float('inf')
    for _ in range(repeat):
        t0 = time.perf_counter()
        for x in items: fn(x)
        best = min(best, time.perf_counter() - t0)
    return len(items) / best

def main(copies=20):
    pin_one_core()
    eqs = equations(copies)
    print(f'workload: {len(eqs)} distinct equations ({len(eqs) // copies} AI Feynman equations x {copies} renamed copies)')
    # cold: every expression is parsed for the first time (distinct strings, caches cleared); the unit table's strings
    # are parsed once each on first use, as they would be in any real run
    U._parse.cache_clear(); U._dim_of_unit.cache_clear(); U._parse_unit.cache_clear()
    bad = [e for e, u, _ in eqs if not U.check_equation(e, u)]
    assert len(bad) == copies and all(e.startswith('v_') and 'mu_drift' in e for e in bad), bad[:3]  # only I.43.16
    U._parse.cache_clear()
    cold = rate(lambda t: U.check_equation(*t[:2]), eqs)
    warm = rate(lambda t: U.check_equation(*t[:2]), eqs, repeat=3)
    n = len(eqs) // copies  # equations per copy; sympy gets fresh names too (copies 0-1 for parse_expr, 2-3 for sympify)
    split = lambda part: [(s, names) for e, _, names in part for s in e.split(' = ')]
    sides, sides2 = split(eqs[:2 * n]), split(eqs[2 * n:4 * n] if copies >= 4 else eqs[:2 * n])
    def sym(t):
        s, names = t
        return sympy.parse_expr(s, local_dict={n: sympy.Symbol(n) for n in names})
    sym_rate = rate(sym, sides) / 2  # two sides per equation
    sympify_rate = rate(lambda t: sympy.sympify(t[0], locals={n: sympy.Symbol(n) for n in t[1]}), sides2) / 2
    print(f'check_equation  cold {cold:10,.0f} eq/s   warm (expression cache hit) {warm:10,.0f} eq/s   ({len(bad)} inconsistent: the known I.43.16 copies)')
    print(f'bare sympy      parse_expr of both sides {sym_rate:8,.0f} eq/s   sympify {sympify_rate:8,.0f} eq/s')
    print(f'ratio           check_equation(cold) / parse_expr = {cold / sym_rate:.1f}x faster   (/ sympify = {cold / sympify_rate:.1f}x)')

    plain = [f'{1 + 0.37 * i:.4g} {p.split(" ", 1)[1]}' for i in range(50) for p in PLAIN]
    fancy = FANCY * 50
    ureg = U.ureg
    pq_plain, pint_plain = rate(U.parse_quantity, plain, 3), rate(ureg.Quantity, plain, 3)
    pq_fancy = rate(U.parse_quantity, fancy, 3)
    for t in plain: assert abs(U.parse_quantity(t).to(ureg.Quantity(t).units).magnitude / ureg.Quantity(t).magnitude - 1) < 1e-12, t
    print(f'parse_quantity  plain text {pq_plain:10,.0f} /s ({1e6 / pq_plain:.1f} µs)   LaTeX/unicode {pq_fancy:10,.0f} /s ({1e6 / pq_fancy:.1f} µs)')
    print(f'bare pint       ureg.Quantity(text) on the plain subset {pint_plain:10,.0f} /s ({1e6 / pint_plain:.1f} µs)')
    print(f'ratio           parse_quantity / ureg.Quantity = {pq_plain / pint_plain:.1f}x faster')
    return dict(check_cold=cold, check_warm=warm, parse_expr=sym_rate, sympify=sympify_rate,
                parse_quantity_plain=pq_plain, parse_quantity_fancy=pq_fancy, pint_quantity=pint_plain)

if __name__ == '__main__':
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--copies', type=int, default=20, help='renamed copies of each Feynman equation')
    main(p.parse_args().copies)
