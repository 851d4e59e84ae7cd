"""Composed scenes (issue 12): the four figures, each printed with the command's own baseline.

1. Distinct scene graphs per N composed scenes at each tier: isomorphism classes of the entity–connection graph with
   entity types as labels, numbers ignored (`physci_lab.sim.compose.graph_classes`). Goal: at least 500 per 10,000 at tier 3.
   Baseline: the fixed families, which have one graph each (21 in all, whatever N).
2. The share of composed records whose MuJoCo key agrees with the independent derivation (`physci_lab.sim.mechanics`) within 0.5 %,
   counted over every problem that passed all the other filters (those that disagree are dropped by the gate, so a
   written record always agrees); and where the derivation does not apply, why.
3. Solution depth (independent equations a solution needs, from the derivation) as a distribution per tier.
4. Kept problems per CPU-second on one core on tier-2 composed scenes with every filter on (default per-scene cap),
   against the four anchor families run in the same process.
Then a digest of every kept record per tier and one of the fixed families' records (seeds 0 and 1 of each): a change
that must not change the output (a speed-up, a move of code) leaves them as they were.

With --scan-agreement N: composed reverse questions' root scans read the observation off the solved equations of motion
(hook `observe`); this runs seeds 0..N-1 of each tier both ways (the hook removed: one twin simulation per scanned
value, as a family's scene is scanned) and prints the scenes whose kept problems differ, and the CPU time of each way.

Run: taskset -c 0 .venv/bin/python benchmarks/bench_compose.py [--graphs 10000] [--scenes 30] [--core 0] [--scan-agreement 100]
One process, BLAS/OpenMP threads limited to one; CPU time (time.process_time) so other load on a shared machine does not count.
"""
import os
for _v in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS'): os.environ.setdefault(_v, '1')
import argparse, hashlib, json, time
from collections import Counter

def graphs(n:int):
    from physci_lab.sim.compose import compose_scene, graph_classes
    print(f"\nFIGURE 1 distinct scene graphs among {n} composed scenes per tier (seeds 0..{n-1}); baseline: the fixed families have 21 graphs in all")
    for tier in (1, 2, 3):
        c0 = time.process_time(); scenes = [compose_scene(s, tier) for s in range(n)]; c1 = time.process_time()
        cls = graph_classes(scenes)
        single = sum(1 for _, k in cls if k == 1)
        print(f"   tier {tier}: {len(cls):5d} classes ({single} seen once; most common {cls[0][1]}x)   "
              f"{1e3*(c1 - c0)/n:.0f} ms CPU per composed scene" + (f"   (goal >= 500 per 10,000: {'MET' if len(cls) >= 500 else 'NOT MET'})" if tier == 3 and n == 10000 else ''))

def problems(n:int):
    from physci_lab.problems.composed import composed_problems
    from physci_lab.problems.questions import problems_for_scene, ANCHOR_FAMILIES
    composed_problems('composed_2', 10**6); problems_for_scene('fixed_pulley', 10**6)   # warm imports and caches
    print(f"\nFIGURES 2-4 from {n} composed scenes per tier, every filter on, default per-scene cap")
    rows = {}
    for tier in (1, 2, 3):
        kept = agree = disagree = na = 0; depth = Counter(); why = Counter(); modes = Counter(); cpu = 0.0; h = hashlib.sha256()
        for s in range(n):
            c0 = time.process_time(); b = composed_problems(f'composed_{tier}', s); cpu += time.process_time() - c0
            disagree += sum(c.get('independent_key_disagrees', 0) for m, c in b.stats.items() if m != 'scene')
            for p in b.problems:
                h.update(json.dumps(p.to_record(), sort_keys=True, default=str).encode())
                kept += 1; modes[p.mode] += 1; ind = p.checks.get('independent') or {}
                if ind.get('applies'): agree += ind['agrees']; depth[ind['depth']] += 1
                else: na += 1; why[(p.mode, ind.get('why', 'no reproduce items'))[1][:60]] += 1
        rows[tier] = dict(kept=kept, agree=agree, disagree=disagree, na=na, depth=depth, why=why, modes=modes, cpu=cpu, digest=h.hexdigest()[:16])
    print("FIGURE 2 MuJoCo key against the independent derivation (0.5 %), over problems that passed every other filter:")
    for tier, r in rows.items():
        checked = r['agree'] + r['disagree']
        print(f"   tier {tier}: {r['agree']}/{checked} agree = {100*r['agree']/max(checked, 1):.2f} % (goal 100 %); "
              f"{r['disagree']} dropped for disagreeing; derivation does not apply to {r['na']} of {r['kept']} records {dict(r['why'])}")
    print("FIGURE 3 solution depth (independent equations: one per coordinate and one per string piece or gear), kept records:")
    for tier, r in rows.items():
        tot = sum(r['depth'].values())
        print(f"   tier {tier}: " + ', '.join(f"{d}: {100*k/tot:.0f} %" for d, k in sorted(r['depth'].items())) +
              f"   (mean {sum(d*k for d, k in r['depth'].items())/max(tot, 1):.2f})")
    base_kept = base_cpu = 0
    for fam in ANCHOR_FAMILIES:
        for s in range(max(2, n//4)):
            c0 = time.process_time(); b = problems_for_scene(fam, s); base_cpu += time.process_time() - c0; base_kept += len(b.problems)
    r = rows[2]; rate, base = r['kept']/r['cpu'], base_kept/base_cpu
    print(f"FIGURE 4 kept problems per CPU-second, one core, every filter on: tier-2 composed {rate:.1f}/s ({r['kept']} from {n} scenes, "
          f"{r['kept']/n:.1f} per scene; modes {dict(r['modes'])}) = {rate/base:.2f}x the anchor families' {base:.1f}/s in this process "
          f"(goal >= 50: {'MET' if rate >= 50 else 'NOT MET'})")
    for tier in (1, 3): print(f"   (tier {tier}: {rows[tier]['kept']/rows[tier]['cpu']:.1f}/s)")
    print("digest of every kept record, per tier (a speed change must leave it as it was; compare two commits with the same --scenes): "
          + ', '.join(f"tier {t} {r['digest']}" for t, r in rows.items()))
    print(f"digest of every kept record of seeds 0..{FAMILY_SEEDS - 1} of every fixed family: {family_digest()}")

FAMILY_SEEDS = 2
def family_digest(seeds:int=FAMILY_SEEDS) -> str:
    "A digest of the records `problems_for_scene` keeps for the first `seeds` scenes of every fixed family, in the catalogue's order."
    from physci_lab.problems.questions import problems_for_scene, PROBLEM_FAMILIES
    h = hashlib.sha256()
    for fam in PROBLEM_FAMILIES:
        for s in range(seeds):
            for p in problems_for_scene(fam, s).problems: h.update(json.dumps(p.to_record(), sort_keys=True, default=str).encode())
    return h.hexdigest()[:16]

def scan_agreement(n:int):
    from physci_lab.sim.compose import compose_scene
    from physci_lab.problems.composed import hooks_for
    from physci_lab.problems.questions import problems_for_scene
    print(f"\nROOT SCANS on the derivation against simulated scans, seeds 0..{n-1} per tier (same scene, same filters; only the scan's evaluator differs)")
    for tier in (1, 2, 3):
        same, cpu, differ = 0, {'derivation': 0.0, 'simulation': 0.0}, []
        for s in range(n):
            got = {}
            for way in ('derivation', 'simulation'):
                sc = compose_scene(s, tier); h = hooks_for(sc)
                if way == 'simulation': h.pop('observe')
                c0 = time.process_time()
                b = problems_for_scene(f'composed_{tier}', s, difficulty=tier, scene=sc, hooks=h)
                cpu[way] += time.process_time() - c0
                got[way] = [(p.mode, p.question, p.answer) for p in b.problems]
            if got['derivation'] == got['simulation']: same += 1; continue
            differ.append(s)
            for way, other in (('simulation', 'derivation'), ('derivation', 'simulation')):
                for p in got[way]:
                    if p not in got[other]: print(f"   tier {tier} seed {s}, only with {way} scans: {p[0]} | {p[1].splitlines()[-1]} | {p[2]}")
        print(f"   tier {tier}: {same}/{n} scenes keep the same problems; differ: {differ}; CPU {cpu['simulation']:.1f} s simulated, "
              f"{cpu['derivation']:.1f} s solved ({cpu['simulation']/max(cpu['derivation'], 1e-9):.2f}x)")

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--graphs', type=int, default=10000, help='composed scenes per tier for figure 1 (default 10000)')
    ap.add_argument('--scenes', type=int, default=30, help='composed scenes per tier for figures 2-4 (default 30)')
    ap.add_argument('--core', type=int, default=None, help='pin to this core')
    ap.add_argument('--skip-graphs', action='store_true', help='figures 2-4 only')
    ap.add_argument('--skip-problems', action='store_true', help='figure 1 only')
    ap.add_argument('--scan-agreement', type=int, default=0, metavar='N', help='also compare root scans on the derivation with simulated ones over N seeds per tier')
    a = ap.parse_args()
    if a.core is not None and hasattr(os, 'sched_setaffinity'): os.sched_setaffinity(0, {a.core})
    if not a.skip_problems: problems(a.scenes)
    if not a.skip_graphs: graphs(a.graphs)
    if a.scan_agreement: scan_agreement(a.scan_agreement)

if __name__ == '__main__': main()
