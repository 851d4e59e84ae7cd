"""Problem generation throughput with the filter on: kept problems per second per core on the four anchor families
(fixed pulley, incline with friction, spring-block, 1D collision), the share of wall time inside MuJoCo stepping
(every simulation, ablations and sweeps included), and the cost of the ablation filter against the entity count.

Run: taskset -c 0 .venv/bin/python benchmarks/bench_generate.py [--scenes 20] [--difficulty 1 2] [--per-scene 12] [--core 0]
One process pinned to one core; BLAS/OpenMP threads limited to one. The anchor (the paper's public generator) makes
about 1 kept problem/s per core on these families. Both CPU-based figures (time.process_time of this process: what the
core did for us, robust to other load on a shared machine) and wall-based ones are printed; on an idle core they agree.
Problems are kept with the default per-scene cap (problems.PER_SCENE) unless --per-scene says otherwise (0: no cap).
"""
import os
for _v in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS'): os.environ.setdefault(_v, '1')
import argparse, time
from collections import Counter
import numpy as np

ANCHOR = 1.0   # kept problems / s / core of the paper's generator

def main(scenes=20, difficulties=(1, 2), core=None, per_scene=None):
    if core is not None and hasattr(os, 'sched_setaffinity'): os.sched_setaffinity(0, {core})
    from physci_lab.problems.questions import problems_for_scene, ANCHOR_FAMILIES, window, PER_SCENE
    cap = PER_SCENE if per_scene is None else (per_scene or None)
    print(f"filter on; at most {cap or 'all'} problems kept per scene; one question per (subject, quantity, mode)")
    from physci_lab.problems.filters import ablations
    problems_for_scene('fixed_pulley', 10**6)   # warm imports and caches
    print(f"{'family':18s} {'scenes':>6s} {'kept':>6s} {'wall s':>7s} {'kept/s':>7s} {'cpu s':>7s} {'kept/cpu-s':>10s} {'mujoco %':>8s} {'per mode kept':s}")
    tot = Counter(); tim = Counter()
    for fam in ANCHOR_FAMILIES:
        kept = 0; wall = 0.0; cpu = 0.0; t_f = Counter(); modes = Counter()
        for d in difficulties:
            for s in range(scenes):
                t0, c0 = time.perf_counter(), time.process_time()
                b = problems_for_scene(fam, s, difficulty=d, per_scene=cap)
                wall += time.perf_counter() - t0; cpu += time.process_time() - c0
                kept += len(b.problems); t_f.update(b.timings)
                for p in b.problems: modes[p.mode] += 1
        share = t_f['mujoco_step']/t_f['total']
        print(f"{fam:18s} {scenes*len(difficulties):6d} {kept:6d} {wall:7.2f} {kept/wall:7.1f} {cpu:7.2f} {kept/cpu:10.1f} {100*share:8.1f} {dict(modes)}")
        tot['kept'] += kept; tot['wall'] += wall; tot['cpu'] += cpu; tot['scenes'] += scenes*len(difficulties); tim.update(t_f)
    rate, crate = tot['kept']/tot['wall'], tot['kept']/tot['cpu']
    share = tim['mujoco_step']/tim['total']
    print(f"\nFIGURE 1 (issue 4 §4) kept problems/s per core, four anchor families, filter on:")
    print(f"   CPU-based  {crate:6.1f} /s  = {crate/ANCHOR:5.1f}x the anchor's {ANCHOR:g}/s   (target >= 50: {'MET' if crate >= 50 else 'NOT MET'})")
    print(f"   wall-based {rate:6.1f} /s  = {rate/ANCHOR:5.1f}x the anchor's {ANCHOR:g}/s   ({tot['kept']} kept from {tot['scenes']} scenes, {tot['kept']/tot['scenes']:.1f} per scene)")
    print(f"FIGURE 2 share of wall time inside MuJoCo stepping (every run: scene, ablations, nudged inputs, root scans, symbolic draws): "
          f"{100*share:.1f} %   (target >= 50 %: {'MET' if share >= 0.5 else 'NOT MET'})")
    print('seconds by activity:', {k: round(v, 2) for k, v in sorted(tim.items())})
    print("\nFIGURE 3 filter cost against entity count: k independent Atwood machines side by side (3k entities);")
    print("ablations are one run per removable entity + one per joint; CPU time, and the same in units of one run of that scene")
    from physci_lab.sim.dsl import Scene
    from physci_lab.problems.filters import run
    rows = []
    for k in range(1, 6):
        ents, strings = {}, {}
        for i in range(k):
            ents[f'l{i}'] = {'type': 'mass', 'mass': 2.0 + 0.3*i}; ents[f'r{i}'] = {'type': 'mass', 'mass': 1.0}; ents[f'w{i}'] = {'type': 'fixed_pulley'}
            strings[f'rope{i}'] = {'path': [f'l{i}', f'w{i}', f'r{i}']}
        sc = Scene.from_dict({'name': 'atwoods', 'duration': 2.0, 'entities': ents, 'strings': strings}); c = sc.compile(); W = window(sc)
        c0 = time.process_time(); [run(c, W) for _ in range(3)]; one = (time.process_time() - c0)/3
        c0 = time.process_time(); vs = ablations(c, W); cost = time.process_time() - c0
        n = len(ents); rows.append((n, len(vs), cost, cost/one))
        print(f"  {n:3d} entities  {len(vs):3d} runs  {1e3*cost:8.1f} ms  = {cost/one:5.1f} scene runs  (all subsets: {2**n - 2} runs)")
    n, r, t, u = map(np.array, zip(*rows))
    ra, rb = np.polyfit(n, r, 1); ua, ub = np.polyfit(n, u, 1)
    r2 = 1 - ((u - (ua*n + ub))**2).sum()/((u - u.mean())**2).sum()
    ta, tb = np.polyfit(n, t, 1); t2 = 1 - ((t - (ta*n + tb))**2).sum()/((t - t.mean())**2).sum()
    q = np.polyfit(n, u, 2)[0]
    print(f"  runs = {ra:.3f} per entity + {rb:.2f}; CPU ms = {1e3*ta:.1f} per entity + {1e3*tb:.1f} (R² = {t2:.4f}); "
          f"in scene runs = {ua:.2f} per entity + {ub:.2f} (R² = {r2:.4f}, quadratic term {q:.3f}): "
          f"{'linear' if r2 > 0.99 else 'NOT linear'}; the last/first cost ratio {t[-1]/t[0]:.1f} for {n[-1]/n[0]:.0f}x the entities")

if __name__ == '__main__':
    p = argparse.ArgumentParser()
    p.add_argument('--scenes', type=int, default=20); p.add_argument('--difficulty', type=int, nargs='+', default=[1, 2])
    p.add_argument('--core', type=int, default=None); p.add_argument('--per-scene', type=int, default=None)
    a = p.parse_args(); main(a.scenes, tuple(a.difficulty), a.core, a.per_scene)
