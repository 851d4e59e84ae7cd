"""How fast the command line answers (issue 22): `physci-lab`, `physci-lab --help` and every subcommand's `--help`.

Each is timed as a fresh process, the way a user runs it, and printed as a ratio to `python -c pass` timed in the same run
(the interpreter's own start-up, which no command can beat), with the median wall time. Goal: every command within 0.5 s
on an idle core. Runs alternate between the commands so that load on a shared machine spreads over all of them.

With --root DIR the commands run from another checkout's `physci_lab` (e.g. `git archive OLD physci_lab | tar -x -C DIR`),
so an old commit and this one are measured with the same interpreter and libraries: run both in one go with --root twice.

Run: taskset -c 0 .venv/bin/python benchmarks/bench_cli.py [--runs 7] [--root DIR ...]
"""
import argparse, os, statistics, subprocess, sys, tempfile, time

def commands()->list[list[str]]:
    from physci_lab.cli import COMMANDS
    return [[], ['--help']] + [[c, '--help'] for c in COMMANDS]

def wall(argv:list[str], env:dict)->float:
    "Seconds `argv` takes, run from a neutral folder (`python -c` puts the current folder first on sys.path)."
    t = time.perf_counter()
    r = subprocess.run(argv, env=env, cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    dt = time.perf_counter() - t
    if r.returncode == 2 and 'invalid choice' in r.stderr: return float('nan')   # a subcommand the other checkout does not have
    if r.returncode != 0: raise SystemExit(f'{" ".join(argv)}: exit {r.returncode}: {r.stderr.strip()[-300:]}')
    return dt

def measure(roots:list[str|None], runs:int)->dict:
    cmds = commands()
    env0 = {k: v for k, v in os.environ.items() if k != 'PYTHONPATH'}
    cli = [sys.executable, '-c', 'import sys; from physci_lab.cli import main; sys.exit(main())']
    times = {('pass', None): []} | {(' '.join(c) or '(none)', r): [] for r in roots for c in cmds}
    for _ in range(runs):
        times[('pass', None)].append(wall([sys.executable, '-c', 'pass'], env0))
        for r in roots:
            env = env0 | ({'PYTHONPATH': r} if r else {})
            for c in cmds: times[(' '.join(c) or '(none)', r)].append(wall(cli + c, env))
    return {k: statistics.median(v) if v == v else v for k, v in times.items()}

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--runs', type=int, default=7, help='runs per command (the median is printed)')
    ap.add_argument('--root', action='append', default=[], help='also time the physci_lab of this folder (repeatable)')
    a = ap.parse_args()
    roots = [None] + a.root
    med = measure(roots, a.runs)
    base = med[('pass', None)]
    names = list(dict.fromkeys(k for k, _ in med if k != 'pass'))
    label = lambda r: 'this checkout' if r is None else r
    print(f'python -c pass: {1e3*base:.0f} ms (median of {a.runs}); each command: median wall time, and its ratio to that')
    print(f"{'command':<18}" + ''.join(f'{label(r):>26}' for r in roots))
    for n in names:
        print(f'{n:<18}' + ''.join(f'{1e3*med[(n, r)]:>12.0f} ms {med[(n, r)]/base:>8.1f}x   ' if med[(n, r)] == med[(n, r)] else f'{"(no such command)":>26}'
                                   for r in roots))
    worst = max(names, key=lambda n: med[(n, None)])
    ok = med[(worst, None)] <= 0.5
    print(f'slowest here: {worst} at {1e3*med[(worst, None)]:.0f} ms ({med[(worst, None)]/base:.1f}x python -c pass); goal <= 500 ms: {"MET" if ok else "NOT MET"}')

if __name__ == '__main__': main()
