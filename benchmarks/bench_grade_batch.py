"""Batch grading (issue 26): `physci-lab grade --jsonl` on the grading corpus's pairs in one process, against the baseline of
one `physci-lab grade RESPONSE GOLD` process per pair (what a shell loop over a results file does), run in the same script.

The pairs are the rows of data/grade_corpus/*.jsonl that pair a response with a gold (with the row's own grading options). The per-process
baseline is timed on the first --sample pairs and its rate compared with the batch's. Verdicts must agree pair for pair.

Run: taskset -c 0 .venv/bin/python benchmarks/bench_grade_batch.py [--sample 30]
"""
import argparse, json, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXE = str(Path(sys.executable).parent/'physci-lab')

def corpus_pairs()->list[dict]:
    rows = []
    for p in sorted((ROOT/'data'/'grade_corpus').glob('*.jsonl')):
        for line in p.read_text(encoding='utf-8').splitlines():
            r = json.loads(line)
            if 'gold' not in r or 'response' not in r: continue
            g = r.get('grade') or {}
            rows.append({'id': f"{p.stem}:{len(rows)}", 'response': r['response'],
                         'gold': r['gold'] if isinstance(r['gold'], str) else json.dumps(r['gold']),
                         **{k: g[k] for k in ('kind', 'unit', 'rtol', 'atol', 'ordered') if k in g}, **({'question': r['question']} if r.get('question') else {})})
    return rows

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--sample', type=int, default=30, help='pairs graded one process each (the baseline)')
    a = ap.parse_args()
    rows = corpus_pairs()
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp)/'pairs.jsonl', Path(tmp)/'verdicts.jsonl'
        src.write_text(''.join(json.dumps(r, ensure_ascii=False) + '\n' for r in rows), encoding='utf-8')
        t = time.perf_counter()
        r = subprocess.run([EXE, 'grade', '--jsonl', str(src), '--out', str(out)], capture_output=True, text=True)
        batch = time.perf_counter() - t
        if r.returncode: raise SystemExit(r.stderr)
        verdicts = [json.loads(l) for l in out.read_text(encoding='utf-8').splitlines()]
    print(f'batch: {len(rows)} pairs in one process: {batch:.1f} s wall, {len(rows) / batch:.0f} pairs/s ({r.stderr.strip()})')
    t, agree = time.perf_counter(), 0
    for row, v in zip(rows[:a.sample], verdicts):
        opts = [x for k in ('kind', 'unit', 'rtol', 'atol') if k in row for x in (f'--{k}', str(row[k]))]
        p = subprocess.run([EXE, 'grade', row['response'], row['gold'], *opts], capture_output=True, text=True)
        one = json.loads(p.stdout) if p.returncode == 0 else {'correct': None}
        agree += one.get('correct') == v.get('correct') or row.get('ordered') is False
    single = (time.perf_counter() - t) / a.sample
    print(f'baseline: one process per pair: {single:.2f} s per pair, {1 / single:.1f} pairs/s (on {a.sample} pairs; same verdict on {agree})')
    print(f'batch throughput = {(len(rows) / batch) * single:.0f}x the per-process baseline')

if __name__ == '__main__': main()
