"""Cost of scoring completions against the cost of training on them: `physci_lab.rl.rewards.accuracy_reward` (that is,
`grade`) on 1,024 completions, and one GSPO step of the tiny Qwen2-shaped test model, in the same process.

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/bench_rewards.py [--n 1024] [--steps 2]

Completions are fixed (seeded): boxed quantities in the gold's unit or another one (km, mm, g·m/s² ...), in LaTeX
and plain text, scientific notation, some wrong by 20 %, some unboxed ("Answer: ..."), some symbolic. All distinct,
and the verdict cache is cleared first, so nothing is served from memory. The training step is one optimiser step
of `physci_lab.rl.train.train` with the `cpu_toy` preset (16 completions of up to 16 tokens, groups of 8), timed from
the trainer's own `step_time`; the first step is warm-up and not counted.
"""
import argparse, os, random, time
os.environ.setdefault('HF_HUB_OFFLINE', '1')
from physci_lab.rl.rewards import accuracy_reward, format_reward, _score

UNITS = [('N', [('N', 1), ('kN', 1e-3), ('mN', 1e3)]), ('m/s', [('m/s', 1), ('km/s', 1e-3), ('cm/s', 1e2)]),
         ('J', [('J', 1), ('kJ', 1e-3)]), ('s', [('s', 1), ('ms', 1e3)]), ('m', [('m', 1), ('mm', 1e3), ('km', 1e-3)])]

def completions(n, seed=0):
    "n distinct (completion, record) pairs."
    rng = random.Random(seed)
    out = []
    for i in range(n):
        kind = i % 8
        if kind == 7:  # symbolic
            k = rng.randint(2, 40)
            gold = dict(answer=f'sqrt({k}*g*h)', answer_value=None, answer_unit='m/s', answer_expr=f'sqrt({k}*g*h)', tolerance=0.05)
            resp = rf'so $v = \boxed{{\sqrt{{{k if rng.random() < .7 else k + 1} g h}}}}$'
        else:
            unit, alts = rng.choice(UNITS)
            v = rng.uniform(0.1, 500)
            u, f = rng.choice(alts)
            w = v * f * (1.2 if rng.random() < .25 else rng.uniform(0.99, 1.01))
            num = f'{w:.5g}' if kind < 4 else f'{w:.4e}'.replace('e', r' \times 10^{') + '}'
            resp = (rf'The result is \boxed{{{num}\,\mathrm{{{u}}}}}.' if kind != 6 else f'Answer: {w:.5g} {u}')
            gold = dict(answer=f'{v:.3g} {unit}', answer_value=v, answer_unit=unit, answer_expr=None, tolerance=0.05)
        out.append((f'Step {i}: ' + resp, gold))
    return out

def time_rewards(n):
    pairs = completions(n)
    comps = [c for c, _ in pairs]
    cols = {k: [g[k] for _, g in pairs] for k in pairs[0][1]}
    _score.cache_clear()
    t0 = time.perf_counter(); r = accuracy_reward(None, comps, **cols); t1 = time.perf_counter()
    f = format_reward(None, comps); t2 = time.perf_counter()
    return t1 - t0, t2 - t1, sum(r) / len(r)

def time_step(steps):
    from transformers import AutoTokenizer
    from physci_lab.rl.train import qwen_tokenizer_dir, tiny_qwen2, toy_problems, train
    import tempfile
    tok = AutoTokenizer.from_pretrained(qwen_tokenizer_dir())
    with tempfile.TemporaryDirectory() as d:
        r = train(toy_problems(64), tiny_qwen2(tok), d, 'cpu_toy', tokenizer=tok, max_steps=steps + 1, save_steps=10_000,
                  num_generations=8, per_device_train_batch_size=16, dynamic_sampling=False)
    times = r.curve('step_time')[1:]
    return sum(times) / len(times)

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--n', type=int, default=1024)
    ap.add_argument('--steps', type=int, default=2)
    a = ap.parse_args()
    acc, fmt, mean = time_rewards(a.n)
    print(f'accuracy reward: {a.n} completions in {acc:.3f} s ({a.n / acc:,.0f}/s, mean reward {mean:.2f}); format reward {fmt * 1e3:.1f} ms')
    step = time_step(a.steps)
    print(f'one GSPO step of the tiny model (16 completions, CPU): {step:.2f} s')
    print(f'ratio: scoring {a.n} completions = {acc / step:.2f} x one tiny-model step '
          f'(= {acc / step / (a.n / 16):.4f} x the step per completion scored)')
