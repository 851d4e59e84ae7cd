"""Keep the notebooks' saved outputs true: execute them in clean kernels, compare, or write the outputs back.

    python tools/docs_check.py [NB ...]            # `make docs-check`: re-execute and compare with the saved outputs
    python tools/docs_check.py --write [NB ...]    # `make docs-run`: execute and save the outputs in place, then nbdev-clean
    python tools/docs_check.py --inventory [NB ...]  # pictures, videos and output bytes per notebook (no execution)

Options: `--flags slow` also runs cells flagged `#| slow` (as `nbdev-test --flags`); `--jobs N` notebooks at once
(default: one per core); `--report FILE` writes the results as JSON; `--strict` counts a notebook with no saved output
as a failure. With no NB the whole book is checked: every notebook under nbs/ except `_`-prefixed ones.

How a notebook is executed is how `nbdev-test` executes it (execnb's `CaptureShell`, one fresh process per notebook,
`IN_TEST=1`, the notebook's folder as working directory, the cells `nbdev-test` would run), so one execution serves
both: tests/test_notebooks.py runs every notebook once through `check_notebook`, which fails on a failing test cell
*and* on drift. What is compared, cell by cell (cells are matched by id):

- text outputs (stdout, stderr, and of each result or display the text a page shows: its HTML, else its markdown,
  LaTeX or plain text), numbers exactly as printed,
  after masking what is never the same twice anywhere: memory addresses (`<Foo at 0x7f…>`, which nbdev-clean strips too),
  IPython's `<ipython-input-N-…>` names, tqdm's rates and times, temporary folders (`/tmp/tmpab12cd34/x` reads
  `<tmp>/x`), the repository's own path (`<repo>`), and carriage-return progress lines (only the last state is kept);
- pictures and videos (PNG/JPEG/GIF/SVG outputs, and images and videos embedded in HTML as data URIs, as mediapy
  shows them): the same number of each type per cell, each non-empty; the bytes are not compared.

Directives (comment lines at the top of a cell):

- `#| docs: volatile` marks a cell whose text legitimately varies (a timing, a path, a count of CPUs, the GL backend):
  it must still produce the same kinds of output and the same pictures and videos, but its text is not compared.
- `#| slow`, `#| gpu` (the project's `tst_flags`) and `#| eval: false` cells are not re-run: their recorded outputs
  are kept as they are, reported as "recorded", and labelled as recorded in the docs preview. `--flags slow` runs the
  slow ones too, and then compares (or, with --write, records) their outputs like any other cell's.

Refused in any saved output, whether re-run or recorded (`FOREIGN`): a warning with its source line, a traceback, a
progress bar, a library path or a checkout's folder. Such text belongs to a library's version or a machine, not to
physci_lab, and changes on its own; `--write` saves nothing while a cell prints one (filter the warning, pass the
library's quiet switch, print a relative path).

Print what a reader should check by eye, rounded to what matters: a float printed to 16 digits drifts in its last
digit between machines and will be reported. A cell that prints nothing and had printed nothing is not compared.
"""
from __future__ import annotations
import argparse, base64, difflib, json, multiprocessing as mp, os, re, subprocess, sys, tempfile, time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NBS = ROOT/'nbs'
MEDIA_MIMES = ('image/png', 'image/jpeg', 'image/gif', 'image/svg+xml')
SHOWN_TEXT = ('text/html', 'text/markdown', 'text/latex', 'text/plain')   # in the order a page picks them
_DATA_URI = re.compile(r'data:((?:image|video)/[\w.+-]+);base64,([A-Za-z0-9+/=\s]*)')

# ---------------------------------------------------------------------------------------------------------------- cells
def notebooks(paths=None)->list[Path]:
    "The notebooks named (files or folders), or every notebook of the book: nbs/**/*.ipynb without `_`/`.` prefixed parts."
    if not paths: paths = [NBS]
    out = []
    for p in map(Path, paths):
        if p.is_dir(): out += sorted(q for q in p.rglob('*.ipynb') if not any(x.startswith(('_', '.')) for x in q.relative_to(p).parts))
        elif p.suffix == '.ipynb' and p.is_file(): out.append(p)
        else: raise SystemExit(f'docs_check: {p}: not a notebook or a folder of notebooks')
    return [p.resolve() for p in out]

def _src(cell)->str: return ''.join(cell['source']) if isinstance(cell['source'], list) else cell['source']

def directives(cell)->dict:
    "The cell's `#| name: value` directives (leading comment lines), e.g. {'docs': 'volatile', 'slow': ''}."
    out = {}
    for line in _src(cell).splitlines():
        if not line.strip(): continue
        if not line.startswith('#|'): break
        k, _, v = line[2:].strip().partition(':')
        if k.strip(): out[k.strip()] = v.strip()
    return out

def _cfg():
    from nbdev.config import get_config
    return get_config(ROOT)

def skip_reason(cell, skip_flags, force_flags=())->str|None:
    "Why `nbdev-test` (and so docs-check) does not run this code cell: 'eval: false', a flag such as 'slow', or None."
    d = directives(cell)
    if d.get('eval', '').lower() == 'false': return 'eval: false'
    flags = [f for f in skip_flags if f in d and f not in force_flags]
    return flags[0] if flags else None

def is_volatile(cell)->bool: return 'volatile' in directives(cell).get('docs', '').split()

# ------------------------------------------------------------------------------------------------------------ outputs
def _text(x)->str: return ''.join(x) if isinstance(x, list) else str(x)

def collapse_cr(s:str)->str:
    "What a terminal shows of text with carriage returns: each line's last state (tqdm bars)."
    return '\n'.join(l.rstrip('\r').rsplit('\r', 1)[-1] for l in s.split('\n'))

_ANSI = re.compile(r'\x1b\[[0-9;]*[A-Za-z]')
def _masks():
    tmp = re.escape(str(Path(tempfile.gettempdir())))
    return [(re.compile(r'( at 0x[0-9a-fA-F]+)(>)'), r'\2'),                       # memory addresses (nbdev-clean strips them too)
            (re.compile(r'<ipython-input-\d+-[0-9a-f]+>'), '<ipython-input>'),
            (re.compile(r'\[\d+:\d+(?::\d+)?<[^\]]*\]'), '[…]'),                    # tqdm: [00:01<00:02, 3.2it/s]
            (re.compile(r'\d+(?:\.\d+)?\s?(?:it/s|s/it)'), '…it/s'),
            (re.compile(r"(?<![\w<>])/[^\s'\"`<>:|]*/site-packages/"), '<site-packages>/'),   # the virtual environment, wherever it is
            (re.compile(re.escape(str(ROOT))), '<repo>'),                            # before <tmp>: a checkout may live under /tmp
            (re.compile(r"(?<![\w<>])/[^\s'\"`<>:|]*?/(?=(?:data|tests|nbs|physci_lab|benchmarks|tools|datasets)/)"), '<repo>/'),   # another checkout's path
            (re.compile(tmp + r'/[^/\s\'"`<>]+'), '<tmp>'),                          # /tmp/tmpab12cd34 -> <tmp>
            (re.compile(r"('model_id': |\"model_id\": )['\"][0-9a-f]{32}['\"]"), r'\1…')]   # ipywidgets
_MASKS = None

def normalize(s:str)->str:
    "Text as compared: carriage returns collapsed, ANSI colours and the volatile bits above masked, lines right-stripped."
    global _MASKS
    if _MASKS is None: _MASKS = _masks()
    s = _ANSI.sub('', collapse_cr(s))
    for rx, to in _MASKS: s = rx.sub(to, s)
    return '\n'.join(l.rstrip() for l in s.splitlines()).strip('\n')

def _mask_uris(html:str)->str: return _DATA_URI.sub(lambda m: f'data:{m[1]};base64,…', html)

def media(outputs, data:bool=False)->list[tuple]:
    "[(mime, bytes)] for every picture and video in `outputs`: image outputs and data URIs inside HTML; with `data`, (mime, bytes, raw)."
    out = []
    def add(m, raw): out.append((m, len(raw), raw) if data else (m, len(raw)))
    for o in outputs or []:
        d = o.get('data', {})
        for m in MEDIA_MIMES:
            if m in d:
                t = _text(d[m])
                add(m, t.encode() if m == 'image/svg+xml' else base64.b64decode(''.join(t.split())))
        if 'text/html' in d:
            for u in _DATA_URI.finditer(_text(d['text/html'])): add(u[1], base64.b64decode(''.join(u[2].split())))
    return out

def text_view(outputs)->list[str]:
    "The text of `outputs` as lines to compare: a header per output, then its normalized text (media replaced by a mark)."
    lines = []
    for o in outputs or []:
        t = o.get('output_type')
        if t == 'stream': lines += [f"[{o.get('name', 'stdout')}]"] + normalize(_text(o.get('text', ''))).splitlines()
        elif t == 'error': lines += [f"[error] {o.get('ename')}: {normalize(str(o.get('evalue', '')))}"]
        else:
            data = o.get('data', {})
            m = next((m for m in SHOWN_TEXT if m in data), None)   # the text a page shows (as nbconvert and Jupyter pick it)
            if m is not None:
                s = _text(data[m])
                if m == 'text/html': s = _mask_uris(s)
                lines += [f'[{t} {m}]'] + normalize(s).splitlines()
            lines += [f'[{t} {m}]' for m in data if m in MEDIA_MIMES]
            if 'application/vnd.jupyter.widget-view+json' in data: lines.append(f'[{t} widget]')
    return lines

def kinds(outputs)->list[str]:
    "Output types and mime types, in order: what a volatile cell must still produce."
    return [o.get('output_type') + ('' if o.get('output_type') in ('stream', 'error') else ':' + ','.join(sorted(o.get('data', {}))))
            + (f":{o.get('name')}" if o.get('output_type') == 'stream' else '') for o in outputs or []]

# Text that belongs to someone else's version of the world: it changes when a library is upgraded or the book is built
# elsewhere, so a saved output holding it drifts on its own (and tells a reader nothing about physci_lab).
FOREIGN = [('a warning with its source line', re.compile(r':\d+: [A-Z]\w*Warning\b')),
           ('a traceback', re.compile(r'Traceback \(most recent call last\)|^\s*File "[^"]*", line \d+', re.M)),
           ('a library path', re.compile(r'site-packages|dist-packages|/\.venv/|\.pyenv/|/lib/python3\.\d+/')),
           ('a progress bar', re.compile(r'\d+%\|[^|\n]*\| *\d+/\d+')),
           ('a checkout or home folder', re.compile(r'(?<![\w.~])/(?:home|root|Users)/|(?<![\w.~])/(?:[\w.-]+/)+(?:tests|nbs|physci_lab|data|\.venv)/'))]

def foreign_text(outputs)->list[str]:
    "What in `outputs` is third-party or machine text (`FOREIGN`): one entry per kind found, with the line it is on."
    found, raw = [], []
    for o in outputs or []:   # as saved, before `normalize` masks the repository's path and temporary folders
        if o.get('output_type') == 'stream': raw.append(_text(o.get('text', '')))
        elif o.get('output_type') == 'error': raw.append('\n'.join(o.get('traceback', [])))
        else: raw += [_text(v) for m, v in o.get('data', {}).items() if m in SHOWN_TEXT]
    for line in '\n'.join(raw).splitlines():
        for what, pat in FOREIGN:
            if pat.search(line) and not any(f.startswith(what) for f in found): found.append(f'{what}: {line.strip()[:120]}')
    return found

def foreign_in_notebook(path)->list[dict]:
    "Saved outputs of `path` (every cell, recorded slow ones included) that hold `FOREIGN` text: [{'cell', 'id', 'what'}]."
    nb = json.loads(Path(path).read_text(encoding='utf-8'))
    return [dict(cell=i + 1, id=c.get('id') or f'#{i}', what=w) for i, c in enumerate(nb['cells']) if c['cell_type'] == 'code'
            for w in foreign_text(c.get('outputs'))]

def has_outputs(nb:dict)->bool: return any(c.get('outputs') for c in nb['cells'] if c['cell_type'] == 'code')

def compare_cell(saved, now, volatile=False)->tuple[str, list[str]]|None:
    "None if `now` reproduces `saved`, else (what drifted, diff lines)."
    ms, mn = media(saved), media(now)
    if sorted(m for m, _ in ms) != sorted(m for m, _ in mn):
        return (f'pictures/videos: saved {_count(ms)}, now {_count(mn)}', [])
    if empty := [m for m, n in mn if n == 0]: return (f'empty {", ".join(empty)} produced', [])
    if volatile:
        if kinds(saved) != kinds(now): return ('volatile cell: kinds of output changed', _diff(kinds(saved), kinds(now)))
        return None
    a, b = text_view(saved), text_view(now)
    if a != b and not (len(a) == len(b) and all(x == y or _same_but_rounding(x, y) for x, y in zip(a, b))):
        return ('output changed' if saved and now else 'output appeared' if now else 'output disappeared', _diff(a, b))
    return None

_NUM = re.compile(r'[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?')
REL_NOISE = 1e-9   # a printed float may differ this much (relative) from the saved one: the last bits of a simulation or an ODE vary with the CPU and the BLAS build

def _same_but_rounding(x:str, y:str)->bool:
    """Two lines that differ only in floating-point noise: the same text between the numbers, and each pair of numbers within `REL_NOISE`
    (relative), or both zero to working precision (under 1e-12 of the line's largest number, as an omega of -7e-16 at a turning point)."""
    if _NUM.sub('#', x) != _NUM.sub('#', y): return False
    xs, ys = [float(v) for v in _NUM.findall(x)], [float(v) for v in _NUM.findall(y)]
    scale = max([abs(v) for v in xs + ys] + [0.0])
    return all(u == v or abs(u - v) <= REL_NOISE*max(abs(u), abs(v)) or max(abs(u), abs(v)) < 1e-12*scale for u, v in zip(xs, ys))

def _count(ms)->str:
    from collections import Counter
    c = Counter(m for m, _ in ms)
    return ', '.join(f'{n} {m}' for m, n in sorted(c.items())) or 'none'

def _diff(a, b, limit=40)->list[str]:
    d = list(difflib.unified_diff(a, b, 'saved', 'now', n=1, lineterm=''))
    return d[:limit] + ([f'... ({len(d) - limit} more diff lines)'] if len(d) > limit else [])

# ---------------------------------------------------------------------------------------------------------- execution
def _quiet_rich_results():
    """execnb formats a cell's value twice: inside the cell's output capture (where a value shown through
    `_ipython_display_`, such as a card or a stepper, lands in the outputs) and again after the capture has closed,
    where the same display prints to the terminal and leaves an empty result. Swallow the second (once per process)."""
    import execnb.shell as es
    if getattr(es._out_nb, '_docs_check', False): return
    from IPython.utils.capture import capture_output
    orig = es._out_nb
    def _out_nb(o, fmt):
        with capture_output(stdout=False, stderr=False, display=True): res = orig(o, fmt)
        res[:] = [x for x in res if not (x['output_type'] == 'execute_result' and not x.get('data'))]
        return res
    _out_nb._docs_check = True
    es._out_nb = _out_nb

def execute(path:Path, force_flags=(), cell_timeout:int|None=None)->dict:
    """Execute the notebook at `path` as `nbdev-test` does, in this process; {'outputs': {cell id: outputs}, 'error',
    'failed_cell', 'secs'} for the cells it ran (stopping at the first that raises)."""
    from fastcore.xtras import working_directory
    from execnb.shell import CaptureShell
    from nbdev.process import NBProcessor
    cfg = _cfg()
    skip = cfg.tst_flags.split() if isinstance(cfg.tst_flags, str) else list(cfg.tst_flags)
    path = Path(path).resolve()
    if str(ROOT) not in sys.path: sys.path.insert(0, str(ROOT))
    prev, os.environ['IN_TEST'] = os.environ.get('IN_TEST'), '1'
    _quiet_rich_results()
    nb = NBProcessor(path, rm_directives=False, process=True).nb
    outs, t0, res = {}, time.time(), dict(error=None, failed_cell=None)
    sh = CaptureShell(path, profile=bool(cfg.get('exec_profile')), mpl_format='png')
    try:
        def _skip(cell): return cell.cell_type != 'code' or skip_reason(cell, skip, force_flags) is not None
        def _post(cell): outs[cell.get('id') or f'#{cell.idx_}'] = [dict(o) for o in cell.outputs]
        with working_directory(path.parent):
            try: sh.run_all(nb, exc_stop=True, preproc=_skip, postproc=_post, cell_timeout=cell_timeout or cfg.cell_timeout or None)
            except BaseException:
                import traceback
                res['error'] = sh.prettytb(fname=path) or traceback.format_exc()
                res['failed_cell'] = f'cell {sh._cell_idx}' if sh._cell_idx else None
    finally:
        sh.close()
        if prev is None: os.environ.pop('IN_TEST', None)
        else: os.environ['IN_TEST'] = prev
    return res | dict(outputs=outs, secs=round(time.time() - t0, 1))

def _jsonable(o):
    "A CaptureShell output as plain JSON (nbformat's shape: text as a list of lines)."
    return json.loads(json.dumps(o, default=lambda x: dict(x) if hasattr(x, 'keys') else list(x) if hasattr(x, '__iter__') else str(x)))

def check_notebook(path, force_flags=(), write:bool=False, strict:bool=False, cell_timeout:int|None=None)->dict:
    """Execute one notebook and compare its outputs with the saved ones (or, with `write`, save the new outputs and
    nbdev-clean it). Returns {'notebook', 'status', 'error', 'drift': [...], 'cells': {...}, 'secs'}; status is
    'ok', 'drift', 'failed' (a cell raised), or 'unexecuted' (no saved output to compare with; a failure if `strict`)."""
    path = Path(path).resolve()
    cfg = _cfg()
    skip = cfg.tst_flags.split() if isinstance(cfg.tst_flags, str) else list(cfg.tst_flags)
    saved = json.loads(path.read_text(encoding='utf-8'))
    run = execute(path, force_flags, cell_timeout)
    now = {k: [_jsonable(o) for o in v] for k, v in run['outputs'].items()}
    cells, drift = {'run': 0, 'recorded': [], 'volatile': 0, 'pictures': 0, 'videos': 0}, []
    executed = has_outputs(saved)
    for i, c in enumerate(saved['cells']):
        if c['cell_type'] != 'code': continue
        cid = c.get('id') or f'#{i}'
        why = skip_reason(c, skip, force_flags)
        if why is not None:
            if c.get('outputs'): cells['recorded'].append(f'{cid} ({why})')
            continue
        if cid not in now: continue      # after a failing cell
        cells['run'] += 1
        cells['volatile'] += is_volatile(c)
        ms = media(now[cid])
        cells['pictures'] += sum(m.startswith('image/') for m, _ in ms); cells['videos'] += sum(m.startswith('video/') for m, _ in ms)
        if write or not executed: continue
        d = compare_cell(c.get('outputs', []), now[cid], is_volatile(c))
        if d: drift.append(dict(cell=i + 1, id=cid, what=d[0], diff=d[1], source=_src(c).splitlines()[:3]))
    # third-party text is refused in what is saved (cells not re-run keep theirs) and in what --write would save
    keep = {(c.get('id') or f'#{i}'): c.get('outputs', []) for i, c in enumerate(saved['cells']) if c['cell_type'] == 'code'}
    for i, (cid, outs) in enumerate(keep.items()):
        for w in foreign_text(now[cid] if write and cid in now else outs):
            drift.append(dict(cell=i + 1, id=cid, what=f'third-party text in the output ({w})', diff=[], source=[]))
    foreign = any(d['what'].startswith('third-party text') for d in drift)
    status = 'failed' if run['error'] else 'drift' if drift else 'ok' if executed or write else 'unexecuted'
    if status == 'unexecuted' and strict: status = 'failed'
    write = write and not foreign   # refused: nothing is saved (filter the warning, print a relative path)
    if write and not run['error']: _write(path, saved, now)
    return dict(notebook=str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path), status=status,
                error=run['error'], failed_cell=run['failed_cell'], drift=drift, cells=cells, secs=run['secs'], written=write and not run['error'])

def _write(path:Path, saved:dict, now:dict):
    "Put the new outputs in the cells that ran (the others keep theirs), write atomically, then nbdev-clean the notebook."
    for i, c in enumerate(saved['cells']):
        if c['cell_type'] != 'code': continue
        cid = c.get('id') or f'#{i}'
        if cid in now:
            outs = now[cid]
            for o in outs:
                if o.get('output_type') == 'stream': o['text'] = collapse_cr(_text(o['text'])).splitlines(True)
            c['outputs'] = outs
    tmp = path.with_name(f'.{path.name}.tmp')
    tmp.write_text(json.dumps(saved, indent=1, ensure_ascii=False) + '\n', encoding='utf-8')
    os.replace(tmp, path)
    bin_ = Path(sys.executable).parent
    r = subprocess.run([str(bin_/'nbdev-clean'), '--fname', str(path)], cwd=ROOT, capture_output=True, text=True)
    if r.returncode: raise RuntimeError(f'nbdev-clean {path.name} failed: {r.stderr[-500:]}')

# ---------------------------------------------------------------------------------------------------------- inventory
def inventory(path)->dict:
    "Saved outputs of one notebook: cells with output, pictures, videos, output bytes (base64/JSON as stored)."
    nb = json.loads(Path(path).read_text(encoding='utf-8'))
    code = [c for c in nb['cells'] if c['cell_type'] == 'code']
    ms = [m for c in code for m in media(c.get('outputs'))]
    return dict(cells=len(nb['cells']), code_cells=len(code), with_output=sum(bool(c.get('outputs')) for c in code),
                pictures=sum(m.startswith('image/') for m, _ in ms), videos=sum(m.startswith('video/') for m, _ in ms),
                output_bytes=sum(len(json.dumps(c.get('outputs', []))) for c in code),
                widget_state_bytes=len(json.dumps(nb.get('metadata', {}).get('widgets', {}))))

# ------------------------------------------------------------------------------------------------------------- report
def format_result(r:dict)->str:
    c = r['cells']
    head = f"{r['notebook']}: {r['status']}"
    if r['status'] in ('ok', 'drift') or r.get('written'):
        head += (f" ({c['run']} cells run, {c['pictures']} pictures, {c['videos']} videos" + (f", {c['volatile']} volatile" if c['volatile'] else '')
                 + (f", recorded and not re-run: {', '.join(c['recorded'])}" if c['recorded'] else '') + f") {r['secs']} s")
    if r.get('written'): head += ' (outputs written)'
    if r['status'] == 'unexecuted': head += ': no saved outputs to compare with (run `make docs-run NB=...`)'
    lines = [head]
    if r['error']:
        err = r['error'].rstrip().splitlines()
        err = err if len(err) <= 40 else err[:8] + [f'... ({len(err) - 38} lines)'] + err[-30:]
        lines += ['  a cell raised' + (f" ({r['failed_cell']})" if r['failed_cell'] else '') + ':'] + ['    ' + l for l in err]
    for d in r['drift']:
        lines.append(f"  cell #{d['cell']} (id {d['id']}): {d['what']}  | {' '.join(d['source'])[:90]}")
        lines += ['    ' + l for l in d['diff']]
    return '\n'.join(lines)

def _one(args):
    path, force, write, strict, timeout = args
    try: return check_notebook(path, force, write, strict, timeout)
    except Exception as e:
        import traceback
        return dict(notebook=str(path), status='failed', error=traceback.format_exc(), failed_cell=None, drift=[],
                    cells={'run': 0, 'recorded': [], 'volatile': 0, 'pictures': 0, 'videos': 0}, secs=0, written=False)

def main(argv=None)->int:
    ap = argparse.ArgumentParser(prog='docs_check', description=__doc__.split('\n\n')[0])
    ap.add_argument('notebooks', nargs='*', help='notebooks or folders (default: the whole book under nbs/)')
    ap.add_argument('--write', action='store_true', help='save the new outputs in place (then nbdev-clean) instead of comparing')
    ap.add_argument('--flags', default='', help="space-separated test flags to run too, e.g. 'slow'")
    ap.add_argument('--jobs', type=int, default=0, help='notebooks executed at once (default: one per core)')
    ap.add_argument('--strict', action='store_true', help='a notebook with no saved output is a failure')
    ap.add_argument('--report', help='write the results as JSON to this file')
    ap.add_argument('--timeout', type=int, help="seconds a cell may run (default: the project's cell_timeout)")
    ap.add_argument('--inventory', action='store_true', help='list saved pictures, videos and output sizes; execute nothing')
    a = ap.parse_args(argv)
    nbs = notebooks(a.notebooks)
    if a.inventory:
        rows = {str(p.relative_to(ROOT)): inventory(p) for p in nbs}
        for k, v in rows.items(): print(f"{k}: {v['with_output']}/{v['code_cells']} code cells with output, {v['pictures']} pictures, {v['videos']} videos, {v['output_bytes']/1e3:.1f} kB")
        print(f"{sum(v['with_output'] > 0 for v in rows.values())}/{len(rows)} notebooks with outputs, {sum(v['output_bytes'] for v in rows.values())/1e6:.2f} MB of outputs")
        if a.report: Path(a.report).write_text(json.dumps(rows, indent=1))
        return 0
    jobs = a.jobs or os.cpu_count() or 1
    t0, results = time.time(), []
    with ProcessPoolExecutor(min(jobs, len(nbs)) or 1, mp_context=mp.get_context('spawn'), max_tasks_per_child=1) as ex:
        futs = [ex.submit(_one, (p, tuple(a.flags.split()), a.write, a.strict, a.timeout)) for p in nbs]
        for f in as_completed(futs):
            r = f.result(); results.append(r); print(format_result(r), flush=True)
    by = {s: sum(r['status'] == s for r in results) for s in ('ok', 'drift', 'failed', 'unexecuted')}
    print(f"\ndocs-check: {len(results)} notebooks in {time.time() - t0:.0f} s ({jobs} at once): "
          + ', '.join(f'{n} {s}' for s, n in by.items() if n) + (f" ({sum(bool(r.get('written')) for r in results)} written)" if a.write else ''))
    if a.report: Path(a.report).write_text(json.dumps(sorted(results, key=lambda r: r['notebook']), indent=1))
    return 1 if by['drift'] or by['failed'] else 0

if __name__ == '__main__': sys.exit(main())
