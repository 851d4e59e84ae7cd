"""Cost of simulate-and-record over bare stepping, per canonical scene; steps/s for scenes with per-step Python forces.

Run: .venv/bin/python benchmarks/bench_sim.py [--repeat 5]
Bare stepping is `mujoco.mj_step(model, data, nstep)` (the C loop) on the same compiled model for the same number of steps.
"""
import argparse, time
import mujoco
from physci_lab.sim.canonical import CANONICAL
from physci_lab.sim.dsl import load_scene
from physci_lab.sim.simulation import simulate

def best(f, repeat):
    ts = []
    for _ in range(repeat):
        t0 = time.perf_counter(); f(); ts.append(time.perf_counter() - t0)
    return min(ts)

def main(repeat=5):
    print(f"{'scene':16s} {'path':8s} {'steps':>7s} {'bare ms':>9s} {'sim ms':>9s} {'ratio':>7s} {'steps/s':>10s}")
    for n in CANONICAL:
        c = load_scene(n).compile(); m = c.model; d = mujoco.MjData(m)
        N = int(round(c.scene.duration/m.opt.timestep)) + 1
        def bare(): c.reset(d); mujoco.mj_step(m, d, N)
        tb = best(bare, repeat); ts = best(lambda: simulate(c), repeat)
        print(f"{n:16s} {'python' if c.needs_python else 'rollout':8s} {N:7d} {tb*1e3:9.2f} {ts*1e3:9.2f} {ts/tb:7.2f} {N/ts:10.0f}")

if __name__ == '__main__':
    p = argparse.ArgumentParser(); p.add_argument('--repeat', type=int, default=5)
    main(p.parse_args().repeat)
