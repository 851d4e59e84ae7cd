"""Speed of `physci_lab.grade` on one core, against the bare pint / sympy calls it wraps.

Run: `.venv/bin/python benchmarks/bench_grade.py` (single process; every response string is distinct, so no cache helps
the response side (pint's parse cache in `physci_lab.units` included); the gold is read once and cached, as in an RL run that grades many samples against one gold)."""
import time, random
import sympy as sp
from physci_lab.grade import grade
from physci_lab.units import ureg

def rate(f, items):
    "Items per second of `f` over one pass of distinct `items` (no repeats, so no cache of the response helps)."
    t0 = time.perf_counter()
    for x in items: f(x)
    return len(items) / (time.perf_counter() - t0)

def main(n_num=20000, n_sym=2000, n_bare_sym=200):
    rng = random.Random(0)
    units = [('m/s', 1.0), ('km/h', 3.6), ('cm/s', 100.0), ('mm/ms', 1.0)]
    qty = []
    for i in range(n_num):
        u, f = units[i % len(units)]
        qty.append(f'{12.5 * f * (1 + rng.uniform(-0.1, 0.1)):.6g} {u}')
    responses = [f'so the speed is v = {q}' if i % 2 else rf'\boxed{{{q}}}' for i, q in enumerate(qty)]
    gold_unit = ureg.Unit('m/s')
    r_grade = rate(lambda r: grade(r, '12.5 m/s'), responses)
    r_pint = rate(lambda q: ureg.Quantity(q).to(gold_unit), qty)
    print(f'numeric with units: grade {r_grade:,.0f}/s; bare pint `ureg.Quantity(text).to(unit)` {r_pint:,.0f}/s; '
          f'ratio grade/pint {r_grade / r_pint:.2f}')

    gold_tex = r'\frac{1}{2} m v_{0}^{2} + m g h'
    sym = [rf'\boxed{{\frac{{{k}}}{{{2 * k}}} m v_0^2 + {k} m g h / {k}}}' for k in range(1, n_sym + 1)]
    r_sym = rate(lambda r: grade(r, gold_tex), sym)
    gold_plain = 'm*v0**2/2 + m*g*h'
    plain = [f'{k}*m*v0**2/{2 * k} + {k}*m*g*h/{k + 1}' for k in range(1, n_bare_sym + 1)]   # half equal, all distinct
    r_bare = rate(lambda a: sp.simplify(sp.sympify(a) - sp.sympify(gold_plain)) == 0, plain)
    r_bare_eq = rate(lambda a: (sp.sympify(a) - sp.sympify(gold_plain)).equals(0), plain)
    print(f'symbolic equivalence: grade {r_sym:,.0f}/s; bare sympy `simplify(sympify(a) - sympify(b)) == 0` {r_bare:,.0f}/s '
          f'(ratio {r_sym / r_bare:.1f}); bare `(sympify(a) - sympify(b)).equals(0)` {r_bare_eq:,.0f}/s (ratio {r_sym / r_bare_eq:.1f})')

if __name__ == '__main__': main()
