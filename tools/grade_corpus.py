"""Build the grading corpus in `data/grade_corpus/`: every shipped benchmark gold and a generated dataset's keys, each with
the gold as written, legitimate reformulations and wrong variants, plus named cases for each reading rule.

Run (from the repo root):
    .venv/bin/python tools/grade_corpus.py                       # benchmarks + rules; keeps the generated part as it is
    .venv/bin/python tools/grade_corpus.py --gen DIR              # also (re)build the generated part from a `physci-lab generate` folder

Each line of `benchmarks.jsonl` / `generated.jsonl` is one gold:
    {"id", "source", "gold", "grade": {keyword arguments of `grade`}, "reading": how `read_gold` read it,
     "declined": reason or null, "cases": [[variant, response, expect], ...]}
`rules.jsonl` holds the hand-written cases, one per line: {"rule", "name", "response", "gold", "grade", "expect"}.
Variants are derived from the typed reading of the gold with sympy and pint (not by `grade`), so a misread gold shows up
as a failing *as written* case or as a disagreement in the benchmark's cross-check with math-verify.
"""
import argparse, json, math, re, sys
from pathlib import Path
import sympy as sp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from physci_lab.core.golds import read_gold, GoldError, Gold
from physci_lab.core.golds import is_name
from physci_lab.core.units import ureg, Q_
from physci_lab.bench.data import load_olympiadbench, load_jeebench, load_yale_physics, grade_gold, is_prose
from physci_lab.core.golds import gold_of

OUT = ROOT/'data'/'grade_corpus'
LONGEST = 1000   # sympy's printing of a long gold can pass the reader's size bound (`MAX_EXPR_CHARS`); such reformulations are left out
ALT_UNITS = ['km', 'mm', 'cm', 'g', 'mg', 'ms', 'kJ', 'eV', 'keV', 'GeV', 'kN', 'kPa', 'mW', 'degC', 'km/h', 'mm/s', 'g/cm**3',
             'nm', 'um', 'kHz', 'mA', 'kV', 'mT', 'uC', 'cm**2', 'cm**3', 'mm**2', '1/ms', 'kWh', 'MJ', 'mK', 'J', 'h', 'mrad', 'arcmin']
HOSTILE_NUM = [('hostile:gamma', r'\Gamma({v})'), ('hostile:factorial', '{v}!'), ('hostile:derivative', r'\frac{{d}}{{dx}} {v}'),
               ('hostile:huge_unit_exponent', '{v}\\,{u}^{{1000000}}'), ('hostile:superscript_exponent', '{v} {u}⁹⁹⁹⁹⁹⁹⁹⁹⁹')]

def box(s):
    "`s` in a box; a brace the gold's author left open is closed first, or it would swallow the box."
    k = len(re.findall(r'(?<!\\)\{', s)) - len(re.findall(r'(?<!\\)\}', s))
    return rf'\boxed{{{s}{"}" * max(k, 0)}}}'

def sci(v, digits=6):
    m, e = f'{v:.{digits - 1}e}'.split('e')
    return rf'{m} \times 10^{{{int(e)}}}'

def tol_of(g, rtol):
    "Relative width of the gold's tolerance (for choosing wrong factors that are really outside it)."
    v = abs(float(g.value.magnitude))
    if g.atol is not None: return g.atol / v if v else math.inf
    return rtol

def alt_unit(q):
    for u in ALT_UNITS:
        try:
            if q.is_compatible_with(u) and ureg.Unit(u) != q.units and abs(q.to(u).magnitude / q.magnitude - 1) > 1e-6: return ureg.Unit(u)
        except Exception: pass
    b = q.to_base_units()
    return b.units if b.units != q.units else None

def within(g, r, rtol):
    v = float(g.value.magnitude)
    if g.atol is not None: return abs(r - v) <= g.atol
    return abs(r - v) <= rtol * abs(v) if v else abs(r) <= 1e-9

def number_cases(g, rtol):
    q, v = g.value, float(g.value.magnitude)
    exact = g.atol is not None and g.atol <= 1e-6 * abs(v)     # the dataset wants (nearly) every digit: write them all
    D = 17 if exact else 8
    u = f'{q.units:~P}' if g.unit_given else ''
    tu = rf'\,\mathrm{{{q.units:~C}}}' if g.unit_given else ''
    sp_u = f' {u}' if u else ''
    good, bad = [], []
    good.append(('reform:scientific', box(sci(v, D) + tu)))
    good.append(('reform:e_notation', f'Final answer: {v:.{D}e}{sp_u}'))
    good.append(('reform:named', box(f'{g.name or "x"} = {v:.{D}g}' + tu)))
    if g.unit_given and (alt := alt_unit(q)) is not None:
        good.append(('reform:other_unit', f'The answer is {q.to(alt).magnitude:.{D + 1}g} {alt:~P}.'))
    if v and abs(v) < 1e6 and abs(v - round(v, 6)) < 1e-12 * max(1, abs(v)):
        k = 0
        while abs(v * 10**k - round(v * 10**k)) > 1e-9 and k < 6: k += 1
        if k: good.append(('reform:fraction', box(rf'\frac{{{round(v * 10**k)}}}{{{10**k}}}' + tu)))
    if within(g, float(f'{v:.3g}'), rtol): good.append(('reform:3_significant_figures', box(f'{v:.3g}' + tu)))
    t = tol_of(g, rtol)
    f = 1.10 if t < 0.09 else 1 + 2 * t + 0.1
    bad.append(('wrong:times_1.10', box(sci(f * v if v else 0.1 + (g.atol or 0) * 3) + tu)))
    if v and not within(g, 0.5 * v, rtol): bad.append(('wrong:times_0.5', box(sci(0.5 * v) + tu)))
    if v and not within(g, -v, rtol): bad.append(('wrong:opposite_sign', f'Answer: {-v:.8g}{sp_u}'))
    bad.append(('wrong:dimension', f'Answer: {v:.8g} {"s" if not (g.unit_given and q.is_compatible_with("s")) else "m"}'))
    for name, pat in HOSTILE_NUM:
        bad.append((name, box(pat.format(v=f'{v:.8g}', u=u or 'm'))))
    return good, bad

def _perturb_power(expr):
    s = sorted(expr.free_symbols, key=lambda x: x.name)
    env = {x: 0.37 + 0.11 * i for i, x in enumerate(s)}
    for x in s:
        p = expr.subs(x, x**2)
        try:
            a, b = complex(p.evalf(subs=env)), complex(expr.evalf(subs=env))
            if abs(a - b) > 1e-3 * abs(b): return p
        except Exception: pass
    return None

def _flip_term(expr):
    e = sp.expand(expr)
    if e.is_Add and len(e.args) > 1:
        a = sorted(e.args, key=sp.default_sort_key)[0]
        return e - 2 * a
    return None

def _latex_name(n):
    "How a person writes a symbol name in LaTeX (sympy would print `L_odot` as `L_{\\dot{o}}` and `dB/ds` as is)."
    if m := re.fullmatch(r'd(.+)/d(.+)', n): return rf'\frac{{d {_latex_name(m.group(1))}}}{{d {_latex_name(m.group(2))}}}'
    if n.endswith('_odot'): return n[:-5] + r'_{\odot}'
    return sp.latex(sp.Symbol(n))

def latex(e): return sp.latex(e, mul_symbol=None, symbol_names={s: _latex_name(s.name) for s in e.free_symbols})

def expression_cases(g):
    e, good, bad = g.value, [], []
    if g.is_eq:
        good += [('reform:moved_to_one_side', box(f'{latex(e)} = 0')), ('reform:times_2', box(f'{latex(2 * e)} = 0'))]
        parts = [p for p in re.split(r'(?<![<>!=\\])=(?!=)', g.text) if p.strip()]
        if len(parts) == 2: good.append(('reform:sides_swapped', box(f'{parts[1].strip()} = {parts[0].strip()}')))
        # `m (r θ'' + 2 r' θ') = 0`: a power of the factor m gives the same equation, so wrong variants change the rest
        factors = sp.Mul.make_args(sp.factor_terms(e))
        core = sp.Mul(*[f for f in factors if f.has(sp.Add) or f.is_Function]) if any(f.has(sp.Add) or f.is_Function for f in factors) else e
        outer = sp.Mul(*[f for f in factors if not (f.has(sp.Add) or f.is_Function)]) if core is not e else 1
        wrong = lambda p: None if p is None else outer * p
        for name, p in (('wrong:term_sign', wrong(_flip_term(core))), ('wrong:exponent', wrong(_perturb_power(core)))):
            if p is not None: bad.append((name, box(f'{latex(p)} = 0')))
        s = sorted(e.free_symbols, key=lambda x: x.name)[-1]
        bad += [('wrong:extra_term', box(f'{latex(e + s)} = 0')), ('hostile:ends_in_eq_0', box('x = 0')), ('hostile:zero_eq_zero', box('0 = 0'))]
        return good, bad
    if any('/' in s.name and 'prime' in s.name for s in e.free_symbols):       # `dp_0'/dτ`: no faithful plain or LaTeX printing of the name
        good.append(('reform:as_written', box(g.text)))
    else:
        good.append(('reform:sympy_text', f'Final answer: {e}'))
        good.append(('reform:latex', box(latex(e))))
        ex = sp.expand(e)
        if ex != e: good.append(('reform:expanded', box(f'y = {latex(ex)}')))
        good.append(('reform:named', box(f'{g.name or "y"} = {latex(sp.together(e))}')))
    bad.append(('wrong:opposite_sign', box(latex(-e))))
    bad.append(('wrong:times_1.10', box(latex(sp.Rational(11, 10) * e))))
    for name, p in (('wrong:term_sign', _flip_term(e)), ('wrong:exponent', _perturb_power(e))):
        if p is not None: bad.append((name, box(latex(p))))
    s0 = sorted(e.free_symbols, key=lambda x: x.name)[-1]
    env = {x: 0.37 + 0.11 * i for i, x in enumerate(sorted(e.free_symbols, key=lambda x: x.name))}
    try: scale = abs(complex(e.evalf(subs=env))) / 0.5 or 1
    except Exception: scale = 1
    bad.append(('wrong:extra_term', box(latex(e + sp.Float(f'{scale:.3g}') * s0))))
    bad += [('hostile:factorial', box(f'\\left({latex(e)}\\right)!')), ('hostile:derivative', box(rf'\frac{{d}}{{dx}}\left({latex(e)}\right)')),
            ('hostile:sum', box(rf'\sum_{{i}} {latex(e)}'))]
    return good, bad

def choice_cases(c):
    s = sorted(c); others = [x for x in 'ABCD' if x not in c]
    good = [('reform:parenthesised_and', f'The correct options are {" and ".join(f"({x})" for x in reversed(s))}.'),
            ('reform:joined_lower', box(''.join(reversed(s)).lower())), ('reform:comma', box(', '.join(s))),
            ('reform:one_box_each', ''.join(box(x) for x in s))]
    bad = ([('wrong:choice_dropped', f'Answer: {"".join(s[1:])}')] if len(s) > 1 else []) + \
          ([('wrong:choice_added', f'Answer: {"".join(s + others[:1])}')] if others else []) + \
          ([('hostile:every_option', box('ABCD'))] if set(c) != set('ABCD') else [])
    return good, bad

def inequality_cases(g, rtol):
    "An inequality `lo < hi`: written the other way round, the bound reformulated; wrong: pointing the other way, another bound, the bound alone."
    lo, hi = g.value
    rel, flip = ('\\le', '\\ge') if g.percent else ('<', '>')
    good = [('reform:other_way_round', box(f'{hi.text} {flip} {lo.text}'))]
    bad = [('wrong:pointing_the_other_way', box(f'{lo.text} {flip} {hi.text}'))]
    for side, other, fmt in ((hi, lo, '{o} ' + rel + ' {b}'), (lo, hi, '{b} ' + rel + ' {o}')):
        if side.kind in ('numeric', 'quantity'):
            v, u = float(side.value.magnitude), (rf'\,\mathrm{{{side.value.units:~C}}}' if side.unit_given else '')
            good.append(('reform:bound_scientific', box(fmt.format(o=other.text, b=sci(v) + u))))
            bad.append(('wrong:bound_times_1.10', box(fmt.format(o=other.text, b=sci(1.1 * v if v else 0.1) + u))))
            bad.append(('wrong:the_bound_alone', box(sci(v) + u)))
        elif side.kind == 'symbolic' and not is_name(side.text):
            good.append(('reform:bound_latex', box(fmt.format(o=other.text, b=latex(side.value)))))
            if not (other.kind == 'numeric' and float(other.value.magnitude) == 0): bad.append(('wrong:bound_times_1.10', box(fmt.format(o=other.text, b=latex(sp.Rational(11, 10) * side.value)))))
    return good, bad

def part_variants(g, rtol):
    if g.kind in ('numeric', 'quantity'): return number_cases(g, rtol)
    if g.kind in ('symbolic', 'equation'): return expression_cases(g)
    if g.kind == 'inequality': return inequality_cases(g, rtol)
    return choice_cases(g.value)

def _inner(resp):
    "The answer inside one variant (for joining parts into boxes)."
    m = re.fullmatch(r'\\boxed\{(.*)\}', resp, re.S)
    if m: return m.group(1)
    return re.sub(r'^(?:Final answer|Answer|The answer is|The correct options are):?\s*', '', resp).rstrip('.')

def cases_for(gold, kw, written):
    "All cases for one gold: [variant, response, expect]."
    g = read_gold(gold, kw.get('kind'), kw.get('unit'), kw.get('atol'), kw.get('symbols', ()))
    rtol = kw.get('rtol', 0.05)
    out = [['as_written', written, True]]
    if g.kind != 'parts':
        good, bad = part_variants(g, rtol)
        return g, out + [[n, r, True] for n, r in good if len(r) <= LONGEST] + [[n, r, False] for n, r in bad]
    vs = [part_variants(p, rtol) for p in g.value]
    for k in range(max(len(v[0]) for v in vs)):
        names = {v[0][min(k, len(v[0]) - 1)][0] for v in vs}
        if max(len(v[0][min(k, len(v[0]) - 1)][1]) for v in vs) > LONGEST: continue
        out.append(['reform:parts(' + '+'.join(sorted(names)) + ')', ' '.join(box(_inner(v[0][min(k, len(v[0]) - 1)][1])) for v in vs), True])
    if len(vs) > 1: out.append(['reform:parts_in_one_box_commas', box(', '.join(_inner(v[0][0][1]) for v in vs)), True])
    for i, v in enumerate(vs):
        for n, b in v[1][:3]:
            out.append([f'{n}(part {i + 1})', ' '.join(box(_inner(b if j == i else w[0][0][1])) for j, w in enumerate(vs)), False])
    if len(vs) > 1: out.append(['wrong:part_missing', ' '.join(box(_inner(w[0][0][1])) for w in vs[:-1]), False])
    return g, out

def _kw(meta):
    kw = {k: meta[k] for k in ('unit', 'atol', 'kind', 'ordered', 'rtol') if meta.get(k) is not None}
    if meta.get('symbols'): kw['symbols'] = list(meta['symbols'])
    return kw

def bench_golds():
    rows = []
    for name, load in (('olympiadbench', lambda: load_olympiadbench(text_only=False)), ('jeebench', load_jeebench), ('yale-physics', load_yale_physics)):
        for it in load():
            kw = _kw(it.meta)
            gold = it.answer[0] if isinstance(it.answer, list) and len(it.answer) == 1 else it.answer
            row = dict(id=it.id, source=name, gold=gold, grade=kw, reading=None, declined=None, cases=[])
            if is_prose(it.answer): row['declined'] = 'prose'
            else:
                written = box(gold) if not isinstance(gold, list) else ' '.join(box(x) for x in gold)
                if isinstance(gold, str) and kw.get('unit') and kw.get('kind') != 'choice':
                    written = box(gold)
                try: g, row['cases'] = cases_for(gold, kw, written); row['reading'] = g.explain()
                except GoldError as e: row['declined'] = str(e)
            rows.append(row)
    return rows

GEN_KEEP = 600   # every symbolic record, then an even spread of the others, so the corpus stays small

def generated_golds(folder):
    from physci_lab.problems.dataset import load_records
    recs = sorted(load_records(folder), key=lambda r: str(r['id']))
    sym = [r for r in recs if r.get('mode') == 'symbolic']
    rest = [r for r in recs if r.get('mode') != 'symbolic']
    step = max(1, len(rest) // max(1, GEN_KEEP - len(sym)))
    rows, seen = [], set()
    for r in sym + rest[::step]:
        gold, kind = gold_of(r)
        kw = {'rtol': float(r.get('tolerance') or 0.05)} | ({'kind': kind} if kind else {})
        key = (str(gold), kind, kw['rtol'], r['answer'])
        if key in seen: continue
        seen.add(key)
        row = dict(id=f'generated/{r["id"]}', source='generated', mode=r.get('mode'), gold=gold, grade=kw, answer=r['answer'],
                   answer_value=r.get('answer_value'), answer_unit=r.get('answer_unit'), answer_expr=r.get('answer_expr'), reading=None, declined=None, cases=[])
        try: g, row['cases'] = cases_for(gold, kw, r['answer']); row['reading'] = g.explain()   # as written: the record's own textbook answer
        except GoldError as e: row['declined'] = str(e)
        rows.append(row)
    return rows

# One named group of cases per reading rule of the issue: (rule, name, response, gold, grade kwargs, expect)
RULES = [
    # found by the independent examiner audit (data/grade_corpus/independent.jsonl), each a rule with cases that must pass and must not
    ('inequality', 'the bound in another unit', r'\boxed{R \le 1.5\times 10^{5}\ \mathrm{m}}', r'R \leq 150 \, \text{km}', {}, True),
    ('inequality', 'written the other way round', r'\boxed{\sqrt{c/(m a)} > v}', r'v < \sqrt{\frac{c}{ma}}', {'symbols': ['a', 'c', 'm', 'v']}, True),
    ('inequality', 'rearranged', r'\boxed{\frac{df}{dr} < \frac{3J^2}{m r^4}}', r'\frac{3J^2}{mr^4} - \frac{d f}{d r} > 0', {}, True),
    ('inequality', 'pointing the other way', r'\boxed{v > \sqrt{c/(m a)}}', r'v < \sqrt{\frac{c}{ma}}', {'symbols': ['a', 'c', 'm', 'v']}, False),
    ('inequality', 'another bound', r'\boxed{R < 160\ \mathrm{km}}', r'R \leq 150 \, \text{km}', {}, False),
    ('inequality', 'the bound alone', r'\boxed{150 km}', r'R \leq 150 \, \text{km}', {}, False),
    ('prose_answers', 'options named in the last sentence', 'gamma = 1.6 and W = 13RT_0, so the correct statements are (A), (C) and (D).', 'ACD', {'kind': 'choice'}, True),
    ('prose_answers', 'an option missing in the last sentence', 'so the correct statements are (A) and (D).', 'ACD', {'kind': 'choice'}, False),
    ('prose_answers', 'parts stated in a sentence', 'The mixing height is $H = 142$ m and the parcel temperature there is $T = 293.6$ K.', ['142 m', '293.6 K'], {'ordered': False}, True),
    ('prose_answers', 'labelled parts with qualifiers', r'(a) $v_f = -\sqrt{v_0^2+4gr}$ (light particle); (b) $v_f = v_0$ (massless hoop).', [r'v_f = -\sqrt{v_0^2 + 4gr}', 'v_f = v_0'], {'ordered': True}, True),
    ('prose_answers', 'named parts in another order', r'$T = 2\pi\sqrt{m/k}$ and $\omega = \sqrt{k/m}$', [r'\omega = \sqrt{\frac{k}{m}}', r'T = 2\pi\sqrt{\frac{m}{k}}'], {'ordered': True}, True),
    ('prose_answers', 'one part wrong in a sentence', 'The mixing height is $H = 142$ m and the parcel temperature there is $T = 393.6$ K.', ['142 m', '293.6 K'], {'ordered': False}, False),
    ('prose_answers', 'the number said after the formula', r'Integrating $m v\,dv/P$ over the graph gives a distance of about 40 m.', '40', {'unit': 'm'}, True),
    ('prose_answers', 'a time that conditions the answer is not the answer', r'So $v = 12$ m/s at t = 3 s.', '3 m/s', {}, False),
    ('question_unit', 'the unit the question asks for', 'The two frequencies differ by 5 Hz.', '5', {'kind': 'numeric', 'atol': 0.01, 'unit': 'Hz'}, True),
    ('question_unit', 'another dimension', 'The answer is 5 s.', '5', {'kind': 'numeric', 'atol': 0.01, 'unit': 'Hz'}, False),
    ('equation_factor', 'solved for the derivative', r'\boxed{\frac{dR}{dt} = -\frac{3 L_\odot Q}{8\pi\rho r c^{2} R}}', r'-\frac{1}{c^{2}} \frac{L_{\odot}}{R} Q=\frac{8}{3} \pi \rho r \frac{d R}{d t}', {}, True),
    ('equation_factor', 'solved wrongly', r'\boxed{\frac{dR}{dt} = -\frac{3 L_\odot Q}{8\pi\rho r c^{3} R}}', r'-\frac{1}{c^{2}} \frac{L_{\odot}}{R} Q=\frac{8}{3} \pi \rho r \frac{d R}{d t}', {}, False),
    ('constant_dominated', 'rounded constant, right variable part', r'\boxed{310.15 + \frac{P R^2}{2k}}', r'310.15+\frac{P R^{2}}{2 k}', {}, True),
    ('constant_dominated', 'wrong variable part hidden by a large constant', r'\boxed{310.15 + \frac{P R^2}{3k}}', r'310.15+\frac{P R^{2}}{2 k}', {}, False),
    ('decimals_in_expressions', 'three significant figures', r"\boxed{\nu' \approx 2.33\nu}", r"\nu' = \frac{7}{3}\nu", {}, True),
    ('decimals_in_expressions', 'two significant figures are too few', r"\boxed{\nu' \approx 2.3\nu}", r"\nu' = \frac{7}{3}\nu", {}, False),
    ('multi_letter_subscript', 'plain subscript words with a unit in the text', r'g*(m_left - m_right)/(m_left + m_right) ≈ 2.661 m/s²', 'g*(m_left - m_right)/(m_left + m_right)', {'kind': 'symbolic'}, True),
    ('multi_letter_subscript', 'LaTeX text subscripts', r'\boxed{\frac{g(m_{\text{left}} - m_{\text{right}})}{m_{\text{left}} + m_{\text{right}}}}', 'g*(m_left - m_right)/(m_left + m_right)', {'kind': 'symbolic'}, True),
    ('multi_letter_subscript', 'bare words in LaTeX', r'\boxed{\frac{2\tau}{R^2 m_wheel}}', '2*tau/(R**2*m_wheel)', {'kind': 'symbolic'}, True),
    ('multi_letter_subscript', 'the subscripts swapped is wrong', r'\boxed{\frac{g(m_{right} - m_{left})}{m_{left} + m_{right}}}', 'g*(m_left - m_right)/(m_left + m_right)', {'kind': 'symbolic'}, False),
    ('name_equals_value', 'bare number', r'\boxed{0.61}', 'm = 0.61 kg', {}, True),
    ('name_equals_value', 'with its unit', r'\boxed{0.61\,\mathrm{kg}}', 'm = 0.61 kg', {}, True),
    ('name_equals_value', 'another unit', r'\boxed{610 g}', 'm = 0.61 kg', {}, True),
    ('name_equals_value', 'text unit', r'\boxed{12.2 m/s}', r'v = 12.2 \text{m/s}', {}, True),
    ('name_equals_value', 'atm not a*t*m', r'\boxed{1.5 atm}', r'p = 1.5\,\mathrm{atm}', {}, True),
    ('name_equals_value', 'wrong value', r'\boxed{0.71 kg}', 'm = 0.61 kg', {}, False),
    ('name_equals_value', 'unit written in the gold and given apart (no doubling)', r'\boxed{2.47 m}', r'2.47\,\mathrm{m}', {'unit': 'm'}, True),
    ('equation_eq_0', 'any answer ending in = 0', r'\boxed{x = 0}', r"m(\ddot{r} - r\dot{\theta}^2) + \frac{k}{r^2} - \frac{k'}{r^3} = 0", {}, False),
    ('equation_eq_0', 'zero', r'\boxed{0}', r"m(\ddot{r} - r\dot{\theta}^2) + \frac{k}{r^2} - \frac{k'}{r^3} = 0", {}, False),
    ('equation_eq_0', 'the equation itself rearranged', r"\boxed{m\ddot{r} + \frac{k}{r^2} = m r\dot{\theta}^2 + \frac{k'}{r^3}}", r"m(\ddot{r} - r\dot{\theta}^2) + \frac{k}{r^2} - \frac{k'}{r^3} = 0", {}, True),
    ('constant_before_unit', 'fraction then unit', r'\boxed{70.7 m}', r'\frac{707}{10} m', {}, True),
    ('constant_before_unit', 'not its last number', r'\boxed{10 m}', r'\frac{707}{10} m', {}, False),
    ('constant_before_unit', 'root then unit', r'\boxed{489.9\,\mathrm{m}}', r'200\sqrt6 m', {}, True),
    ('constant_before_unit', 'not the 6', r'\boxed{6 m}', r'200\sqrt6 m', {}, False),
    ('constant_before_unit', 'answer written as a constant and a unit', r'\boxed{200\sqrt{6}\,\mathrm{m}}', '489.9 m', {}, True),
    ('bare_gold_dimension', 'a unit against a bare number', r'\boxed{9 N}', '9', {}, False),
    ('bare_gold_dimension', 'a bare number', r'\boxed{9}', '9', {}, True),
    ('bare_gold_dimension', 'the dataset unit kept for a fraction gold', r'\boxed{70.7 m}', r'\frac{707}{10}', {'unit': 'm'}, True),
    ('bare_gold_dimension', 'and its dimension checked', r'\boxed{70.7 s}', r'\frac{707}{10}', {'unit': 'm'}, False),
    ('dataset_tolerance', 'inside OlympiadBench error', r'\boxed{2.55}', '2.47', {'unit': 'm', 'atol': 0.1}, True),
    ('dataset_tolerance', 'outside OlympiadBench error though within 5 %', r'\boxed{2.58}', '2.47', {'unit': 'm', 'atol': 0.1}, False),
    ('dataset_tolerance', 'JEEBench Integer exact', r'\boxed{4.9}', '5', {'kind': 'numeric', 'atol': 0.0}, False),
    ('dataset_tolerance', 'JEEBench Numeric to 0.01', r'\boxed{0.775}', '0.77', {'kind': 'numeric', 'atol': 0.01}, True),
    ('dataset_tolerance', 'JEEBench Numeric off by 0.02', r'\boxed{0.79}', '0.77', {'kind': 'numeric', 'atol': 0.01}, False),
    ('symbols_not_units', 'R the question names', r'\boxed{3R}', '3R', {'symbols': ['R']}, True),
    ('symbols_not_units', 'not the gas constant', r'\boxed{24.9 J/(mol K)}', '3R', {'symbols': ['R']}, False),
    ('symbols_not_units', 'G not gauss', r'\boxed{\frac{2GM}{c^2}}', r'\frac{2 G M}{c^2}', {}, True),
    ('symbols_not_units', 'l not litres', r'\boxed{5 l}', r'5l', {'symbols': ['l']}, True),
    ('symbols_not_units', 'l not litres (wrong)', r'\boxed{5\,\mathrm{L}}', r'5l', {'symbols': ['l']}, False),
    ('symbols_not_units', 'kΩ is kilo-ohm', r'\boxed{4.7 kΩ}', '4700 ohm', {}, True),
    ('symbols_not_units', 'rads^{-1} is rad/s', r'\boxed{3 rad/s}', r'3\,\mathrm{rads^{-1}}', {}, True),
    ('symbols_not_units', 'Tm²/s is tesla metre²', r'\boxed{2 T m^2/s}', '2 Tm²/s', {}, True),
    ('precedence', 'cos θ times a bracket', r'\boxed{(m_1-m_2)\cos\theta}', r'\cos\theta(m_1-m_2)', {}, True),
    ('precedence', 'not cos of the product', r'\boxed{\cos(\theta(m_1-m_2))}', r'\cos\theta(m_1-m_2)', {}, False),
    ('unevaluated_operators', 'partial derivative kept', r'\boxed{-\mu \frac{dB}{ds}}', r'-\mu \frac{d B}{d s}', {}, True),
    ('unevaluated_operators', 'partial is not dropped', r'\boxed{-\mu \frac{B}{s}}', r'-\mu \frac{d B}{d s}', {}, False),
    ('unevaluated_operators', 'sum is not dropped', r'\boxed{\sum_i x}', 'x', {}, False),
    ('unevaluated_operators', 'oint is not dropped', r'\boxed{\oint x\, dt}', 'x', {}, False),
    ('approx_in_gold', 'value after approx', r'\boxed{2.9 \times 10^{-3}}', r'\varepsilon \approx 2.9 \times 10^{-3}', {}, True),
    ('approx_in_gold', 'not the symbol', r'\boxed{\varepsilon}', r'\varepsilon \approx 2.9 \times 10^{-3}', {}, False),
    ('primes', 'prime before or after the subscript', r"\boxed{2\omega_L'}", r"2\omega'_L", {}, True),
    ('primes', 'unicode prime', r'\boxed{2ω_L′}', r"2\omega'_L", {}, True),
    ('primes', 'unprimed is another symbol', r'\boxed{2\omega_L}', r"2\omega'_L", {}, False),
    ('parts_in_boxes', 'several boxes, comma-separated', r'\boxed{1\,\mathrm{m}, 2\,\mathrm{s}} \boxed{3\,\mathrm{kg}}', ['1 m', '2 s', '3 kg'], {}, True),
    ('parts_in_boxes', 'one part wrong', r'\boxed{1\,\mathrm{m}, 5\,\mathrm{s}} \boxed{3\,\mathrm{kg}}', ['1 m', '2 s', '3 kg'], {}, False),
    ('hostile', 'Gamma', r'\boxed{\Gamma(2.5)}', '2.5', {}, False),
    ('hostile', 'factorial', r'\boxed{2.5!}', '2.5', {}, False),
    ('hostile', 'derivative', r'\boxed{\frac{d}{dx} 2.5}', '2.5', {}, False),
    ('hostile', 'huge exponent on a unit', r'\boxed{2 m^{1000000}}', '2 m', {}, False),
    ('hostile', 'huge superscript exponent', '13.08 N⁹⁹⁹⁹⁹⁹⁹⁹⁹', '13.08 N', {}, False),
]

def write_jsonl(path, rows):
    path.write_text(''.join(json.dumps(r, ensure_ascii=False) + '\n' for r in rows), encoding='utf-8')

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--gen', help='a `physci-lab generate` folder: rebuild generated.jsonl from its records')
    ap.add_argument('--out', default=str(OUT))
    a = ap.parse_args(argv)
    out = Path(a.out); out.mkdir(parents=True, exist_ok=True)
    b = bench_golds(); write_jsonl(out/'benchmarks.jsonl', b)
    write_jsonl(out/'rules.jsonl', [dict(rule=r, name=n, response=resp, gold=g, grade=kw, expect=e) for r, n, resp, g, kw, e in RULES])
    msg = f'{len(b)} benchmark golds ({sum(len(r["cases"]) for r in b)} cases, {sum(bool(r["declined"]) for r in b)} declined), {len(RULES)} rule cases'
    if a.gen:
        gen = generated_golds(a.gen); write_jsonl(out/'generated.jsonl', gen)
        msg += f', {len(gen)} generated golds ({sum(len(r["cases"]) for r in gen)} cases)'
    print(f'{out}: {msg}')

if __name__ == '__main__': main()
