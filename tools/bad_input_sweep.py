"""The bad-input sweep: every `physci-lab` subcommand, fed what a hostile but legitimate user might type.

Each case changes one thing of a command that would otherwise run (a path that is a folder, a FIFO, a device, a binary or
non-UTF-8 file, a 2 GB file, YAML or JSON nested 50 000 deep, an alias bomb, a damaged dataset, an unrelated `--out`
folder, `nan` or `-1` for a number, a URL that is not one, a server that refuses connections, ...). For each case it counts:

- tracebacks: a Python traceback (or the command's own `internal error` line) on stderr;
- hangs: still running after `--timeout` seconds (killed then);
- zero exits: exit status 0 on bad input;
- half-written outputs: anything the failed command left in its working folder (a new file or folder, or an `--out`
  folder it created), or any change to a file or folder it was given.

A few good commands run too (`control` cases): they must exit 0, so a sweep that refuses everything cannot pass.

    python tools/bad_input_sweep.py                 # every case (about 450), 2 at a time
    python tools/bad_input_sweep.py --sample 40     # a bounded sample: every subcommand, spread over the kinds of bad input
    python tools/bad_input_sweep.py --list          # the cases, without running them

Cases run in forked children of a process that has imported the CLI once (fast; `--subprocess` runs each as a real
`physci-lab` process instead). Exit status 0 when every count is 0.
"""
from __future__ import annotations
import argparse, hashlib, io, json, os, random, shutil, signal, socket, subprocess, sys, tempfile, time, traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT/'tests'/'fixtures'/'physcibench'

# ---------------------------------------------------------------------------------------------------------------- inputs
# Bad files: name -> (how to make it under folder d; returns the path). Every one must be refused where a readable
# file of some format is expected.
def _write(p:Path, data)->Path:
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data if isinstance(data, bytes) else data.encode())
    return p

def _sparse(p:Path, size:int)->Path:
    with open(p, 'wb') as f: f.truncate(size)
    return p

def _fifo(p:Path)->Path: os.mkfifo(p); return p

BILLION_LAUGHS = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + ''.join(
    f'{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n' for p, c in zip('abcdefgh', 'bcdefghi'))

BAD_FILES = {
    'missing':      lambda d: d/'no_such_file.yaml',
    'folder':       lambda d: (d/'a_folder').mkdir() or d/'a_folder',
    'fifo':         lambda d: _fifo(d/'a_fifo'),
    'dev-zero':     lambda d: Path('/dev/zero'),
    'dev-null':     lambda d: Path('/dev/null'),
    'empty':        lambda d: _write(d/'empty.txt', b''),
    'binary':       lambda d: _write(d/'random.bin', random.Random(0).randbytes(4096)),
    'png':          lambda d: _write(d/'image.png', b'\x89PNG\r\n\x1a\n' + random.Random(1).randbytes(512)),
    'latin1':       lambda d: _write(d/'latin1.txt', 'name: café\nmass: 2\n'.encode('latin-1')),
    'sparse-2GB':   lambda d: _sparse(d/'huge.txt', 2 << 30),
    'deep-yaml':    lambda d: _write(d/'deep.yaml', '[' * 50_000),
    'deep-json':    lambda d: _write(d/'deep.json', '[' * 50_000 + ']' * 50_000),
    'alias-bomb':   lambda d: _write(d/'bomb.yaml', BILLION_LAUGHS),
    'json-list':    lambda d: _write(d/'list.json', '[1, 2, 3]\n'),
    'junk-text':    lambda d: _write(d/'junk.txt', 'this is not\nwhat was asked for {[\n'),
    'under-a-file': lambda d: _write(d/'plain.txt', 'x') / 'below',
    'colon-path':   lambda d: d/'scene:v2.yaml',
    'long-name':    lambda d: d/('n' * 5000),
}

# Bad output folders (`--out DIR`): name -> maker; each must be refused before anything is written.
def _unrelated(d:Path)->Path:
    o = d/'my_documents'; o.mkdir(); (o/'thesis.tex').write_text('\\documentclass{article}\n'); return o
BAD_OUT_DIRS = {
    'a-file':       lambda d: _write(d/'taken.txt', 'mine'),
    'unrelated':    _unrelated,
    'under-a-file': lambda d: _write(d/'plain.txt', 'x')/'run',
    'dev-null':     lambda d: Path('/dev/null'),
    'fifo':         lambda d: _fifo(d/'out_fifo'),
    'proc':         lambda d: Path('/proc/self/run'),
    'long-name':    lambda d: d/('o' * 5000),
}
# Bad output files (`--out clip.mp4`, `memory export FILE`, `ask --trace FILE`)
BAD_OUT_FILES = {
    'a-folder':     lambda d: (d/'dir.mp4').mkdir() or d/'dir.mp4',
    'under-a-file': lambda d: _write(d/'plain.txt', 'x')/'out.mp4',
    'fifo':         lambda d: _fifo(d/'out.mp4'),
    'proc':         lambda d: Path('/proc/self/out.mp4'),
    'long-name':    lambda d: d/('o' * 5000 + '.mp4'),
}
BAD_INTS = ['nan', 'inf', '-1', '2.5', 'ten', '1e400']
BAD_POS = ['0'] + BAD_INTS
BAD_FLOATS = ['nan', 'inf', '-inf', 'abc', '-1']
BAD_URLS = ['not a url', 'file:///etc/passwd', 'ftp://example.org/v1', 'http://', 'localhost:8000', 'http://127.0.0.1:99999/v1']

# ------------------------------------------------------------------------------------------------------------ the fixtures
def _dataset(base:Path)->Path:
    "A small finished dataset (made once by `physci-lab generate`)."
    ds = base/'dataset'
    if not (ds/'manifest.json').exists():
        r = subprocess.run([str(Path(sys.executable).parent/'physci-lab'), 'generate', '--n', '6', '--seed', '0', '--out', str(ds), '--quiet',
                            '--shard-size', '3'], capture_output=True, text=True, cwd=base)
        if r.returncode: raise SystemExit(f'sweep: cannot make the fixture dataset: {r.stderr[-500:]}')
    return ds

def _copy(src:Path, dst:Path)->Path:
    shutil.copytree(src, dst) if src.is_dir() else shutil.copyfile(src, dst)
    return dst

def _damaged(kind:str):
    "A maker of a damaged copy of the fixture dataset."
    def make(d:Path, ds:Path)->Path:
        c = _copy(ds, d/f'ds_{kind}')
        shard = sorted(c.glob('data-*.jsonl'))[0]
        if kind == 'manifest-binary': (c/'manifest.json').write_bytes(random.Random(2).randbytes(300))
        elif kind == 'manifest-deep': (c/'manifest.json').write_text('[' * 50_000 + ']' * 50_000)
        elif kind == 'manifest-list': (c/'manifest.json').write_text('[]')
        elif kind == 'manifest-fields': (c/'manifest.json').write_text(json.dumps({'shards': 'data-00000.jsonl', 'counts': 3}))
        elif kind == 'shard-flipped': b = bytearray(shard.read_bytes()); b[40] ^= 1; shard.write_bytes(bytes(b))
        elif kind == 'shard-emptied': shard.write_bytes(b'')
        elif kind == 'shard-missing': shard.unlink()
        elif kind == 'shard-binary': shard.write_bytes(random.Random(3).randbytes(len(shard.read_bytes())))
        elif kind == 'shard-torn': shard.write_bytes(shard.read_bytes()[:-30])
        elif kind == 'shard-is-folder': shard.unlink(); shard.mkdir()
        elif kind == 'unfinished': (c/'manifest.json').unlink(); (c/'.state').mkdir()
        return c
    return make
DAMAGED = ['manifest-binary', 'manifest-deep', 'manifest-list', 'manifest-fields', 'shard-flipped', 'shard-emptied', 'shard-missing',
           'shard-binary', 'shard-torn', 'shard-is-folder', 'unfinished']

def _bad_jsonl_makers(good:Path):
    "JSONL inputs that are wrong inside: torn in the middle, not objects, items with hostile attachments."
    lines = good.read_text().splitlines()
    return {
        'mid-junk':     lambda d: _write(d/'midjunk.jsonl', '\n'.join(lines[:2] + ['{"id": "x", "resp'] + lines[2:]) + '\n'),
        'not-objects':  lambda d: _write(d/'numbers.jsonl', '1\n2\n"three"\n'),
        'deep-line':    lambda d: _write(d/'deepline.jsonl', '[' * 50_000 + ']' * 50_000 + '\n'),
    }

def _items_outside(d:Path)->Path:
    "A benchmark file whose item attaches a host file outside its folder."
    return _write(d/'sneaky'/'items.jsonl', json.dumps({'id': 'q1', 'question': 'What is in the file?', 'answer': '1',
                  'category': 'atomic-answer', 'type': 'Scientific Reasoning', 'files': ['/etc/passwd']}) + '\n')
def _items_dotdot(d:Path)->Path:
    (d/'secret.txt').write_text('API_KEY=sk-secret\n')
    return _write(d/'sneaky2'/'items.jsonl', json.dumps({'id': 'q1', 'question': 'What is in the file?', 'answer': '1',
                  'category': 'atomic-answer', 'type': 'Scientific Reasoning', 'files': ['../secret.txt']}) + '\n')

def _refusing_port()->int:
    "A TCP port on 127.0.0.1 where nothing listens (connections are refused at once)."
    s = socket.socket(); s.bind(('127.0.0.1', 0)); port = s.getsockname()[1]; s.close()
    return port

# ------------------------------------------------------------------------------------------- misbehaving model servers
def _hostile(mode:str):
    "A maker that starts tools/hostile_model_server.py in `mode` (its own process: it goes when idle, or when its starter goes) and gives its URL."
    def make(d:Path)->str:
        p = subprocess.Popen([sys.executable, str(ROOT/'tools'/'hostile_model_server.py'), mode, '--idle', '3', '--lifetime', '120'],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
        return p.stdout.readline().strip()
    return make

def _two_items(d:Path)->Path:
    "A two-item benchmark (no attachments) and its predictions, so a case against a slow server stays short."
    keep = ('phys-sr-01', 'phys-sr-02')
    pick = lambda f: ''.join(l for l in (FIX/f).read_text().splitlines(keepends=True) if json.loads(l)['id'] in keep)
    _write(d/'two'/'predictions.jsonl', pick('predictions.jsonl'))
    return _write(d/'two'/'items.jsonl', pick('items.jsonl'))

def _cases_llm()->list:
    """Every command that talks to a model server (`ask` with both agents, `bench run`, `bench score`'s judge, `eval`) against a server
    misbehaving in each way of tools/hostile_model_server.py, under a 3 s time limit: each must end in about that time with a one-line
    error and a non-zero exit (the `ok` mode is the control: exit 0). Then control characters in a --base-url, and a 40-digit memory id."""
    C, T = [], '3'
    model = ['--model', 'openai-compatible:m', '--base-url', '{H}']
    cmds = {
        'ask-baseline': ['ask', 'What is g?', '--agent', 'baseline', *model, '--no-memory', '--max-time-s', T],
        'ask-delve':    ['ask', 'What is g?', '--agent', 'delve', *model, '--no-memory', '--max-time-s', T],
        'bench-run':    ['bench', 'run', '--agent', 'baseline', '--data', '{X}', '--out', '{D}/run', *model, '--no-memory', '--max-time-s', T, '--workers', '2'],
        'bench-score':  ['bench', 'score', '--data', '{X}', '--predictions', '{D}/two/predictions.jsonl', '--out', '{D}/score', *model, '--max-time-s', T],
        'eval':         ['eval', *model, '--benchmarks', '{X}', '--out', '{D}/ev', '--quiet', '--max-time-s', T, '--workers', '2'],
    }
    modes = ['silent', 'trickle', 'retry-after-429', 'retry-after-503', 'bad-json', 'html', 'empty-body', 'choices-empty', 'choices-null',
             'empty-object', 'json-array', 'empty-content', 'truncated', 'ok']
    for mode in modes:
        for name, argv in cmds.items():
            if name == 'eval' and mode == 'empty-content': continue   # eval scores an empty answer as wrong (exit 0): the model's answer, not bad input
            make = {'H': _hostile(mode)} | ({'X': _two_items} if '{X}' in argv else {})
            where = f'ask/agent={name[4:]} ' if name.startswith('ask-') else f'{name}/'
            C.append(Case(f'{where}server={mode}' if mode != 'ok' else f'control/server=ok {name}', argv, make, bad=mode != 'ok', timeout=40))
    for url in ['http://127.0.0.1:1/v1\nX', 'http://127.0.\t0.1/v1', 'http://h/\x1b[2J', 'http://127.0.0.1:1/\x7fv1']:
        for name, argv in cmds.items():
            a = [x.replace('{H}', url) for x in argv]
            where = f'ask/agent={name[4:]} ' if name.startswith('ask-') else f'{name}/'
            C.append(Case(f'{where}base-url={url!r}', a, {'X': _two_items} if '{X}' in a else {}))
    for arg in ['1' * 40, '-' + '9' * 30, '\u00b2', '1e3']:
        C.append(Case(f'memory/delete-{arg!r}', ['memory', 'delete', arg, '--db', '{D}/mem.sqlite']))
    return C

# ---------------------------------------------------------------------------------------------------------------- the cases
@dataclass
class Case:
    id: str                 # 'describe/scene=fifo'
    argv: list              # with {D} for the case's folder, {DS} for the fixture dataset, {F} for the shared fixtures
    make: dict = field(default_factory=dict)    # {placeholder: maker(d) -> Path}
    bad: bool = True        # False: a control case that must exit 0
    given: tuple = ()       # placeholders naming inputs that must not change
    timeout: float|None = None
    env: dict = field(default_factory=dict)     # extra environment of the command
    child: object = None    # called in the command's process just before it runs (a file size limit, a closed stdout, a Ctrl-C timer)

    @property
    def command(self)->str: return self.id.split('/')[0]

def cases()->list[Case]:
    C = []
    def add(cid, argv, make=None, bad=True, given=(), timeout=None): C.append(Case(cid, argv, make or {}, bad, given, timeout))
    scene_cmds = {'simulate': ['simulate', '{X}', '-q', 'left.speed@1'], 'describe': ['describe', '{X}'],
                  'render': ['render', '{X}', '--out', '{D}/clip.gif', '--fps', '5', '--width', '64', '--height', '48']}
    # every file argument x every bad file
    file_args = {
        **{f'{c}/scene': a for c, a in scene_cmds.items()},
        'trace/path': ['trace', '{X}'],
        'bench-score/data': ['bench', 'score', '--data', '{X}', '--predictions', '{F}/predictions.jsonl', '--out', '{D}/score', '--model', 'none'],
        'bench-score/predictions': ['bench', 'score', '--data', '{F}/items.jsonl', '--predictions', '{X}', '--out', '{D}/score', '--model', 'none'],
        'bench-run/data': ['bench', 'run', '--data', '{X}', '--out', '{D}/run', '--model', 'openai-compatible:m', '--base-url', 'http://127.0.0.1:{PORT}/v1', '--no-memory'],
        'eval/data': ['eval', '--model', 'openai-compatible:m', '--base-url', 'http://127.0.0.1:{PORT}/v1', '--data', '{X}', '--benchmarks', 'synthetic', '--out', '{D}/ev', '--quiet'],
        'eval/benchmarks': ['eval', '--model', 'openai-compatible:m', '--base-url', 'http://127.0.0.1:{PORT}/v1', '--benchmarks', '{X}', '--out', '{D}/ev', '--quiet'],
        'train/data': ['train', '--data', '{X}', '--model', '{D}/no_model', '--out', '{D}/tr'],
        'train/config': ['train', '--data', '{DS}', '--model', '{D}/no_model', '--out', '{D}/tr', '--config', '{X}'],
        'grade/jsonl': ['grade', '--jsonl', '{X}'],
        'memory/db': ['memory', 'list', '--db', '{X}'],
        'memory/import': ['memory', 'import', '{X}', '--db', '{D}/mem.sqlite'],
        'ask/files': ['ask', 'What is g?', '--files', '{X}', '--model', 'openai-compatible:m', '--base-url', 'http://127.0.0.1:{PORT}/v1', '--no-memory'],
    }
    for slot, argv in file_args.items():
        for kind, mk in BAD_FILES.items():
            if kind == 'colon-path' and not slot.endswith('/scene'): continue
            if slot in ('memory/db',) and kind in ('missing', 'colon-path', 'empty'): continue   # a new (or empty) database: not bad
            add(f'{slot}={kind}', argv, {'X': mk})
    # folders given as inputs
    dir_args = {'show/dir': ['show', '{X}'], 'export/dir': ['export', '{X}', '--out', '{D}/hf'], 'eval/compare': ['eval', '--compare', '{X}', '{X}'],
                'generate/resume': ['generate', '--n', '6', '--seed', '0', '--out', '{X}', '--quiet', '--shard-size', '3', '--resume']}
    for slot, argv in dir_args.items():
        for kind in ['missing', 'folder', 'fifo', 'dev-null', 'binary', 'under-a-file', 'long-name']:
            if slot == 'generate/resume' and kind in ('missing', 'folder'): continue   # a new run starts there: not bad
            add(f'{slot}={kind}', argv, {'X': BAD_FILES[kind]})
        add(f'{slot}=unrelated', argv, {'X': _unrelated}, given=('X',))
    for kind in DAMAGED:
        add(f'show/dir={kind}', ['show', '{X}'], {'X': ('ds', _damaged(kind))})
        add(f'export/dir={kind}', ['export', '{X}', '--out', '{D}/hf'], {'X': ('ds', _damaged(kind))})
        if kind not in ('unfinished',):
            add(f'generate/resume={kind}', dir_args['generate/resume'], {'X': ('ds', _damaged(kind))})
    for kind, mk in _bad_jsonl_makers(FIX/'predictions.jsonl').items():
        add(f'bench-score/predictions={kind}', file_args['bench-score/predictions'], {'X': mk})
        add(f'trace/path={kind}', ['trace', '{X}'], {'X': mk})
    for kind, mk in _bad_jsonl_makers(FIX/'items.jsonl').items():
        add(f'bench-score/data={kind}', file_args['bench-score/data'], {'X': mk})
    for name, mk in [('files-outside', _items_outside), ('files-dotdot', _items_dotdot)]:
        add(f'bench-score/data={name}', file_args['bench-score/data'], {'X': mk})
        add(f'bench-run/data={name}', file_args['bench-run/data'], {'X': mk})
    # output folders and files
    out_args = {
        'generate/out': (['generate', '--n', '2', '--seed', '0', '--out', '{X}', '--quiet'], BAD_OUT_DIRS),
        'bench-score/out': (['bench', 'score', '--data', '{F}/items.jsonl', '--predictions', '{F}/predictions.jsonl', '--out', '{X}', '--model', 'none'], BAD_OUT_DIRS),
        'bench-run/out': (['bench', 'run', '--data', '{F}/items.jsonl', '--out', '{X}', '--model', 'openai-compatible:m', '--base-url', 'http://127.0.0.1:{PORT}/v1', '--no-memory'], BAD_OUT_DIRS),
        'eval/out': (['eval', '--model', 'openai-compatible:m', '--base-url', 'http://127.0.0.1:{PORT}/v1', '--benchmarks', '{F}/items.jsonl', '--out', '{X}', '--quiet'], BAD_OUT_DIRS),
        'train/out': (['train', '--data', '{DS}', '--model', '{D}/no_model', '--out', '{X}'], BAD_OUT_DIRS),
        'render/out': (['render', 'atwood', '--out', '{X}', '--fps', '5', '--width', '64', '--height', '48'],
                       {**BAD_OUT_FILES, 'no-extension': lambda d: d/'clip', 'txt': lambda d: d/'clip.txt'}),
        'memory/export': (['memory', 'export', '{X}', '--db', '{D}/mem.sqlite'], BAD_OUT_FILES),
        'export/out': (['export', '{DS}', '--out', '{X}'], BAD_OUT_DIRS),
        'ask/trace': (['ask', 'What is g?', '--trace', '{X}', '--model', 'openai-compatible:m', '--base-url', 'http://127.0.0.1:{PORT}/v1', '--no-memory'], BAD_OUT_FILES),
    }
    for slot, (argv, makers) in out_args.items():
        for kind, mk in makers.items():
            add(f'{slot}={kind}', argv, {'X': mk}, given=('X',) if kind in ('a-file', 'unrelated') else ())
    # numbers
    num_args = {
        'generate': (['generate', '--n', '2', '--seed', '0', '--out', '{D}/ds', '--quiet'],
                     {'--n': BAD_POS, '--seed': BAD_INTS, '--workers': BAD_POS, '--shard-size': BAD_POS, '--difficulty': ['0', '4', 'nan'], '--per-scene': BAD_INTS}),
        'show': (['show', '{DS}'], {'--n': BAD_POS}),
        'export': (['export', '{DS}', '--out', '{D}/hf'], {'--shard-size': BAD_POS}),
        'render': (scene_cmds['render'][:2] + ['--out', '{D}/clip.gif'], {'--fps': BAD_POS + ['1e9'], '--width': BAD_POS + ['1e9'], '--height': BAD_POS}),
        'grade': (['grade', '1 m', '1 m'], {'--rtol': BAD_FLOATS + ['1', '2'], '--atol': BAD_FLOATS}),
        'eval': (['eval', '--model', 'openai-compatible:m', '--base-url', 'http://127.0.0.1:{PORT}/v1', '--benchmarks', '{F}/items.jsonl', '--out', '{D}/ev', '--quiet'],
                 {'--limit': BAD_POS, '--temperature': BAD_FLOATS, '--max-new-tokens': BAD_POS, '--batch-size': BAD_POS, '--workers': BAD_POS, '--seed': BAD_INTS, '--base-url': BAD_URLS}),
        'bench-score': (file_args['bench-score/data'][:3] + ['{F}/items.jsonl'] + file_args['bench-score/data'][4:],
                        {'--workers': BAD_POS, '--rtol': BAD_FLOATS + ['1'], '--base-url': BAD_URLS}),
        'bench-run': (out_args['bench-run/out'][0][:5] + ['{D}/run'] + out_args['bench-run/out'][0][6:],
                      {'--workers': BAD_POS, '--per-minute': BAD_FLOATS + ['0'], '--budget-usd': BAD_FLOATS, '--max-steps': BAD_POS, '--base-url': BAD_URLS}),
        'ask': (out_args['ask/trace'][0][:2] + out_args['ask/trace'][0][4:], {'--max-steps': BAD_POS, '--budget-usd': BAD_FLOATS, '--base-url': BAD_URLS}),
        'memory': (['memory', 'search', 'pendulum', '--db', '{D}/mem.sqlite'], {'-k': BAD_POS}),
        'train': (['train', '--data', '{DS}', '--model', '{D}/no_model', '--out', '{D}/tr'], {'--max-steps': BAD_POS}),
    }
    for cmd, (argv, opts) in num_args.items():
        for opt, vals in opts.items():
            for v in vals:
                a = list(argv)
                if opt in a: a[a.index(opt) + 1] = v
                else: a += [opt, v]
                add(f'{cmd}/{opt.lstrip("-")}={v}', a)
    # one-off bad inputs
    for q in ['nobody.speed@1', 'left.speed', 'left.speed@nan', 'left.speed@-1', 'left.speed@1e9', 'left.nothing@1', '@', 'left.speed@1@2']:
        add(f'simulate/query={q}', ['simulate', 'atwood', '-q', q])
    for name in ['no_such_scene', 'entities: [1, 2', 'x:y', '../../etc/passwd', ' ', '-']:
        add(f'describe/name={name!r}', ['describe', name])
    add('simulate/path-string=[left, left]', ['simulate', '{X}', '-q', 'left.speed@1'],
        {'X': lambda d: _write(d/'loop.yaml', 'entities:\n  left: {type: mass, mass: 1}\n  wheel: {type: fixed_pulley}\nstrings:\n  rope: {path: [left, left]}\n')})
    add('describe/duplicate-key', ['describe', '{X}'], {'X': lambda d: _write(d/'dup.yaml', 'name: x\nentities:\n  box: {type: mass, mass: 2.0}\n  box: {type: mass, mass: 7.0}\n')})
    add('describe/nested-entities', ['describe', '{X}'], {'X': lambda d: _write(d/'nested.yaml', 'entities: ' + '{a: ' * 500 + '1' + '}' * 500 + '\n')})
    for g in ['[' * 10_000, '1e999999', '\\frac{' * 5000, 'x' * 200_000, '\x01\x1b[2J', '{"a": 1}']:   # (no NUL: no process can be given one)
        add(f'grade/gold={g[:12]!r}', ['grade', '1', g])
    for r_ in ['\\boxed{' * 5000, '$' * 100_000]:   # a response is never bad input: any text gets a verdict (exit 0)
        add(f'control/grade response={r_[:12]!r}', ['grade', r_, '1'], bad=False)
    add('grade/kind-mismatch', ['grade', '1', 'ABD', '--kind', 'numeric'])
    add('grade/unit-bogus', ['grade', '1', '1', '--unit', 'furlongs per fortnight squared!'])
    for act, arg in [('delete', 'no-such-id'), ('search', ''), ('delete', None), ('import', None), ('export', None), ('search', None)]:
        add(f'memory/{act}-{arg!r}', ['memory', act] + ([arg] if arg is not None else []) + ['--db', '{D}/mem.sqlite'])
    for a in [['ask', ''], ['ask', 'q', '--agent', 'nonsense'], ['ask', 'q', '--ablate', 'everything']]:
        add(f'ask/{"-".join(a[1:]) or "empty"}', a + ['--model', 'openai-compatible:m', '--base-url', 'http://127.0.0.1:{PORT}/v1', '--no-memory'])
    add('ask/no-model', ['ask', 'What is g?', '--no-memory'])
    add('bench-run/no-model', ['bench', 'run', '--data', '{F}/items.jsonl', '--out', '{D}/run', '--no-memory'])
    add('bench-score/unknown-benchmark', ['bench', 'score', '--data', 'nosuchbench', '--predictions', '{F}/predictions.jsonl', '--out', '{D}/s', '--model', 'none'])
    add('bench-score/bad-model', ['bench', 'score', '--data', '{F}/items.jsonl', '--predictions', '{F}/predictions.jsonl', '--out', '{D}/s', '--model', 'nonsense'])
    # all-failed runs: a server that refuses every connection
    add('bench-run/server-refuses', out_args['bench-run/out'][0][:5] + ['{D}/run'] + out_args['bench-run/out'][0][6:], timeout=120)
    add('eval/server-refuses', num_args['eval'][0], timeout=120)
    add('eval/no-model', ['eval', '--benchmarks', '{F}/items.jsonl', '--out', '{D}/ev'])
    add('eval/benchmark-unknown', ['eval', '--model', 'openai-compatible:m', '--base-url', 'http://127.0.0.1:{PORT}/v1', '--benchmarks', 'nosuch', '--out', '{D}/ev'])
    add('train/model-missing', ['train', '--data', '{DS}', '--model', '{D}/no_model', '--out', '{D}/tr'])
    add('train/config-unknown-key', ['train', '--data', '{DS}', '--model', '{D}/no_model', '--out', '{D}/tr', '--config', '{X}'],
        {'X': lambda d: _write(d/'c.yaml', 'nonsense_key: 3\n')})
    add('generate/families-unknown', ['generate', '--n', '2', '--out', '{D}/ds', '--families', 'warp_drive', '--quiet'])
    add('generate/modes-unknown', ['generate', '--n', '2', '--out', '{D}/ds', '--modes', 'telepathy', '--quiet'])
    add('generate/existing-no-resume', ['generate', '--n', '6', '--seed', '0', '--out', '{X}', '--quiet', '--shard-size', '3'],
        {'X': ('ds', lambda d, ds: _copy(ds, d/'ds_copy'))}, given=('X',))
    add('generate/resume-other-args', ['generate', '--n', '7', '--seed', '0', '--out', '{X}', '--quiet', '--shard-size', '3', '--resume'],
        {'X': ('ds', lambda d, ds: _copy(ds, d/'ds_copy'))}, given=('X',))
    for argv in [['no-such-command'], ['generate'], ['show'], ['bench'], ['bench', 'fly'], ['sandbox', '--nonsense'], ['grade', '1'],
                 ['simulate', 'atwood', '--json', '--bogus'], ['--nonsense']]:
        add(f'argv/{" ".join(argv)}', argv)
    # controls: good commands that must exit 0
    ctl = [['describe', 'atwood'], ['simulate', 'atwood', '-q', 'left.speed@1e0'], ['grade', '\\boxed{2 m}', '2 m', '--rtol', '1e-2'],
           ['show', '{DS}', '--n', '2'], ['export', '{DS}', '--out', '{D}/hf'], ['memory', 'list', '--db', '{D}/mem.sqlite'],
           ['bench', 'score', '--data', '{F}/items.jsonl', '--predictions', '{F}/predictions.jsonl', '--out', '{D}/score', '--model', 'none'],
           ['generate', '--n', '6', '--seed', '0', '--out', '{X}', '--quiet', '--shard-size', '3', '--resume'],
           ['describe', '{X2}']]
    for argv in ctl:
        mk = {}
        if '{X}' in argv: mk = {'X': ('ds', lambda d, ds: _copy(ds, d/'ds_copy'))}
        if '{X2}' in argv: mk = {'X2': lambda d: _write(d/'my:scene.yaml', (ROOT/'data'/'scenes'/'atwood.yaml').read_text())}
        add(f'control/{" ".join(argv)}', argv, mk, bad=False)
    C += _cases_scenes()
    C += _cases_compute()
    C += _cases_llm()
    return C

BIG = '9' * 400
BAD_SCENES = {   # issue 27, item 8: scene inputs that reached internal errors (name -> (YAML, an id to query))
    'on-itself':      ("entities:\n  box: {type: mass, mass: 1, on: box}\n", 'box'),
    'on-cycle':       ("entities:\n  a: {type: mass, mass: 1, on: b}\n  b: {type: mass, mass: 1, on: a}\n", 'a'),
    'around-itself':  ("gravity: 0\nentities:\n  s: {type: star, mass: 1.0e+11}\n  p: {type: planet, mass: 1, radius: 1, around: p}\n", 'p'),
    'around-cycle':   ("gravity: 0\nentities:\n  s: {type: star, mass: 1.0e+11}\n  p: {type: planet, mass: 1, radius: 1, around: q}\n  q: {type: planet, mass: 1, radius: 2, around: p}\n", 'p'),
    'type-list':      ("entities:\n  box: {type: [mass], mass: 1}\n", 'box'),
    'path-nested':    ("entities:\n  a: {type: mass, mass: 2}\n  b: {type: mass, mass: 1}\n  w: {type: fixed_pulley}\nstrings:\n  rope: {path: [a, [w], b]}\n", 'a'),
    'spring-box-box': ("entities:\n  f: {type: floor}\n  box: {type: mass, mass: 1, on: f}\nsprings:\n  s: {between: [box, box], k: 10}\n", 'box'),
    'two-stars':      ("gravity: 0\nentities:\n  s1: {type: star, mass: 1.0e+11}\n  s2: {type: star, mass: 1.0e+11}\n  p: {type: planet, mass: 1, radius: 1}\n", 'p'),
    'orbit-extreme':  ("gravity: 0\nentities:\n  s: {type: star, mass: 1.0e+30}\n  p: {type: planet, mass: 1, radius: 1}\n", 'p'),
    'charge-extreme': ("gravity: 0\nentities:\n  q: {type: charge, mass: 1.0e-9, charge: 1000, speed: 2}\n  B: {type: magnetic_field, B: 1000}\n", 'q'),
    'mass-400-digits':     (f"entities:\n  box: {{type: mass, mass: {BIG}}}\n", 'box'),
    'duration-400-digits': (f"duration: {BIG}\nentities:\n  box: {{type: mass, mass: 1}}\n", 'box'),
    'gravity-400-digits':  (f"gravity: {BIG}\nentities:\n  box: {{type: mass, mass: 1}}\n", 'box'),
    'mass-5000-digits':    ("entities:\n  box: {type: mass, mass: " + '9' * 5000 + "}\n", 'box'),
    'strings-a-list':      ("entities:\n  a: {type: mass, mass: 1}\nstrings: [a]\n", 'a'),
}

def _cases_scenes()->list[Case]:
    "Every bad scene of `BAD_SCENES` given to simulate, describe and render: one line, exit 2."
    C = []
    for name, (text, eid) in BAD_SCENES.items():
        mk = {'X': lambda d, text=text: _write(d/'scene.yaml', text)}
        C.append(Case(f'simulate/scene-{name}', ['simulate', '{X}', '-q', f'{eid}.speed@0.5'], mk))
        C.append(Case(f'describe/scene-{name}', ['describe', '{X}'], mk))
        C.append(Case(f'render/scene-{name}', ['render', '{X}', '--out', '{D}/clip.gif', '--fps', '5', '--width', '64', '--height', '48'], mk))
    gen = ['generate', '--n', '4', '--seed', '0', '--out', '{D}/ds', '--quiet', '--scenes', '{X}']
    for name in ('on-cycle', 'mass-400-digits', 'type-list'):
        C.append(Case(f'generate/scenes-{name}', gen, {'X': lambda d, text=BAD_SCENES[name][0]: _write(d/'mine'/'scene.yaml', text).parent}))
    C.append(Case('generate/scenes-bad-range', gen, {'X': lambda d: _write(d/'mine'/'s.yaml', 'entities:\n  box: {type: mass, mass: {range: [2, 1]}}\n').parent}))
    C.append(Case('generate/scenes-empty-folder', gen, {'X': lambda d: (d/'mine').mkdir() or d/'mine'}))
    pinion = ('duration: 1\nentities:\n  bench: {type: floor, mu: 0, length: 20}\n  rack: {type: mass, mass: 2.0, on: bench}\n'
              '  gear: {type: pinion, mass: 2.0, radius: 0.1, rack: rack, torque: 1.0}\n')   # every question dropped: says why per mode, writes nothing
    C.append(Case('generate/scenes-all-dropped', gen, {'X': lambda d: _write(d/'mine'/'pinion.yaml', pinion).parent}, timeout=120))
    for argv in (['list'], ['list', 'nonsense'], ['list', 'entities', '--bogus']):
        C.append(Case(f'list/{"-".join(argv[1:]) or "nothing"}', argv))
    for kind, mk in {'a-folder': lambda d: (d/'dir.json').mkdir() or d/'dir.json', 'txt': lambda d: d/'schema.txt',
                     'under-a-file': lambda d: _write(d/'plain.txt', 'x')/'s.json', 'fifo': lambda d: _fifo(d/'s.json')}.items():
        C.append(Case(f'schema/out={kind}', ['schema', '--out', '{X}'], {'X': mk}))
    C.append(Case('control/list entities', ['list', 'entities'], bad=False))
    C.append(Case('control/schema --out', ['schema', '--out', '{D}/scene.schema.json'], bad=False))
    return C

# ------------------------------------------------------------------------------------------------- bounded work (issue 27)
def _file_size_limit(n:int):
    "A `child` hook: files the command writes may hold at most `n` bytes (EFBIG past it, like a full disk)."
    def hook():
        import resource
        sys.dont_write_bytecode = True   # a .pyc cut short by the limit would break every later run
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # else the process is killed instead of seeing EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (n, n))
    return hook

def _closed_stdout():
    "A `child` hook: the command starts with its standard output closed (`>&-`)."
    os.close(1); sys.stdout = None

def _ascii_stdio():
    "A `child` hook: standard output and error in ASCII, as `PYTHONIOENCODING=ascii` makes them (also set in the environment)."
    sys.stdout = io.TextIOWrapper(io.FileIO(1, 'w', closefd=False), encoding='ascii', line_buffering=True)
    sys.stderr = io.TextIOWrapper(io.FileIO(2, 'w', closefd=False), encoding='ascii', errors='backslashreplace', line_buffering=True)

def _ctrl_c_after(secs:float, during:str|None=None):
    """A `child` hook: Ctrl-C (SIGINT) reaches the command `secs` seconds after it starts (sent by a helper process that checks
    the command is still its parent). A real process (`--subprocess`) gets 0.3 s more: Python's own start (before any code of
    ours can run, where Python prints its own KeyboardInterrupt traceback) is not what is tested. With `during`
    ('module:function') and the CLI already imported (forked cases), the Ctrl-C comes when that function is first called
    instead: a fast command would otherwise finish before any timer fires."""
    def hook():
        if during and 'physci_lab.cli' in sys.modules:
            import importlib
            mod, name = during.split(':'); m = importlib.import_module(mod); f = getattr(m, name)
            def interrupted(*a, **k): os.kill(os.getpid(), signal.SIGINT); return f(*a, **k)
            setattr(m, name, interrupted); return
        cmd = os.getpid()
        wait = secs + (0 if 'physci_lab.cli' in sys.modules else 0.3)
        if os.fork() == 0:
            try:
                time.sleep(wait)
                if os.getppid() == cmd: os.kill(cmd, signal.SIGINT)
            finally: os._exit(0)
    return hook

def _reshaped(kind:str):
    "A maker of a copy of the fixture dataset whose records have the wrong shape, with the manifest's sha256 updated to match."
    def make(d:Path, ds:Path)->Path:
        c = _copy(ds, d/f'ds_{kind}')
        m = json.loads((c/'manifest.json').read_text())
        for s in m['shards']:
            p = c/s['file']
            rows = [json.loads(l) for l in p.read_text().splitlines()]
            rows = [[1, 2, 3] if kind == 'array' else r | {kind: {'question': ['not', 'text'], 'family': {'a': 1}, 'tolerance': 'five percent'}[kind]} for r in rows]
            p.write_text(''.join(json.dumps(r) + '\n' for r in rows))
            s['sha256'] = hashlib.sha256(p.read_bytes()).hexdigest()
        (c/'manifest.json').write_text(json.dumps(m, indent=1))
        return c
    return make

_ATWOOD = 'entities:\n  left: {type: mass, mass: 2.0}\n  right: {type: mass, mass: 1.0}\n  wheel: {type: fixed_pulley}\nstrings:\n  rope: {path: [left, wheel, right]}\n'
def _blocks(n:int, duration:float=1.0)->str:
    return f'name: blocks\nduration: {duration}\nentities:\n' + ''.join(f'  b{i}: {{type: mass, mass: 1}}\n' for i in range(n))
_UNSTABLE = ('name: unstable\ntimestep: 0.01\nentities:\n  floor: {type: floor, mu: 0.0}\n  wall: {type: wall}\n'
             '  box: {type: mass, mass: 0.001, on: floor, displacement: 5}\nsprings:\n  spring: {between: [wall, box], k: 100000.0, rest_length: 0.5}\n')

def _cases_compute()->list:
    "Issue 27: runaway simulations, huge counts, full disks, Ctrl-C, closed or ASCII-only output, damaged records, bad model folders."
    C = []
    def add(cid, argv, make=None, bad=True, given=(), timeout=None, env=None, child=None):
        C.append(Case(cid, argv, make or {}, bad, given, timeout, env or {}, child))
    scene = lambda name, text: {'X': lambda d: _write(d/name, text)}
    # simulation budgets, checked before anything runs: steps (duration / time step), entities, memory of the recording
    long4, long5 = 'name: long\nduration: 1000\ntimestep: 0.0001\n' + _ATWOOD, 'name: long\nduration: 1000\ntimestep: 0.00001\n' + _ATWOOD
    for cmd, argv in [('simulate', ['simulate', '{X}', '-q', 'left.speed@1']), ('render', ['render', '{X}', '--out', '{D}/clip.gif', '--fps', '5', '--width', '64', '--height', '48']),
                      ('describe', ['describe', '{X}'])]:
        add(f'{cmd}/budget=1000s-at-1e-4', argv, scene('long4.yaml', long4))
        add(f'{cmd}/budget=1000s-at-1e-5', argv, scene('long5.yaml', long5))
        add(f'{cmd}/budget=201-blocks', [a.replace('left.', 'b1.') for a in argv], scene('blocks.yaml', _blocks(201)))
    add('simulate/budget=150-blocks-100s', ['simulate', '{X}', '-q', 'b1.speed@1'], scene('b150.yaml', 'timestep: 0.0005\n' + _blocks(150, 100)))
    add('describe/budget=100000-blocks', ['describe', '{X}'], scene('many.yaml', _blocks(100_000)), timeout=180)   # 3 MB: under the 4 MB file limit
    # sane upper bounds on counts
    big = '1e30'
    for cid, argv in [('generate/n', ['generate', '--n', big, '--out', '{D}/ds', '--quiet']),
                      ('generate/per-scene', ['generate', '--n', '2', '--per-scene', big, '--out', '{D}/ds', '--quiet']),
                      ('generate/workers', ['generate', '--n', '2', '--workers', big, '--out', '{D}/ds', '--quiet']),
                      ('generate/shard-size', ['generate', '--n', '2', '--shard-size', big, '--out', '{D}/ds', '--quiet']),
                      ('show/n', ['show', '{DS}', '--n', big]),
                      ('export/shard-size', ['export', '{DS}', '--out', '{D}/hf', '--shard-size', big]),
                      ('eval/limit', ['eval', '--model', 'openai-compatible:m', '--base-url', 'http://127.0.0.1:{PORT}/v1', '--benchmarks', '{F}/items.jsonl', '--out', '{D}/ev', '--quiet', '--limit', big]),
                      ('train/max-steps', ['train', '--data', '{DS}', '--model', '{D}/no_model', '--out', '{D}/tr', '--max-steps', big]),
                      ('ask/budget-tokens', ['ask', 'What is g?', '--model', 'openai-compatible:m', '--base-url', 'http://127.0.0.1:{PORT}/v1', '--no-memory', '--budget-tokens', big])]:
        add(f'{cid}={big}', argv)
    add('generate/repair-without-resume', ['generate', '--n', '2', '--out', '{D}/ds', '--quiet', '--repair'])
    # a full disk, as a file size limit (EFBIG; ENOSPC is tested in the notebooks and tests/test_cli_limits.py)
    # (no bytecode is written under the limit: Python would leave truncated .pyc files behind, which break later runs)
    nopyc = {'PYTHONDONTWRITEBYTECODE': '1'}
    add('render/full-disk', ['render', 'atwood', '--out', '{D}/clip.mp4', '--fps', '5', '--width', '64', '--height', '48'], child=_file_size_limit(2000), env=nopyc)
    add('generate/full-disk', ['generate', '--n', '6', '--seed', '0', '--shard-size', '3', '--out', '{D}/ds', '--quiet'], child=_file_size_limit(5000), env=nopyc)
    # Ctrl-C soon after the start: one line, exit 130
    add('show/ctrl-c-at-start', ['show', '{DS}', '--n', '3'], child=_ctrl_c_after(0, during='physci_lab.problems.dataset:read_manifest'))
    for secs in (0.02, 0.05, 0.5):
        add(f'generate/ctrl-c-after-{secs}s', ['generate', '--n', '40', '--seed', '0', '--out', '{D}/ds', '--quiet'], child=_ctrl_c_after(secs))
    # train: a model path that is not there, or a folder with no model in it, refused before anything loads (online too)
    add('train/model-path-missing-online', ['train', '--data', '{DS}', '--model', '{D}/no_model', '--out', '{D}/tr'], env={'HF_HUB_OFFLINE': '0', 'TRANSFORMERS_OFFLINE': '0'})
    add('train/model-folder-empty', ['train', '--data', '{DS}', '--model', '{X}', '--out', '{D}/tr'], {'X': lambda d: (d/'empty_model').mkdir() or d/'empty_model'})
    # well-hashed records of the wrong shape
    for kind in ('question', 'family', 'tolerance', 'array'):
        add(f'show/dir=reshaped-{kind}', ['show', '{X}'], {'X': ('ds', _reshaped(kind))})
    # output that cannot be written: a closed stdout is an error; an ASCII-only one escapes what it cannot encode
    add('grade/stdout-closed', ['grade', '1', '1'], child=_closed_stdout)
    add('describe/stdout-closed', ['describe', 'atwood'], child=_closed_stdout)
    ascii_ = dict(env={'PYTHONIOENCODING': 'ascii'}, child=_ascii_stdio)
    for argv in [['describe', 'atwood'], ['grade', '1 Ω', '1 ohm'], ['simulate', 'atwood', '-q', 'left.acceleration@1'], ['show', '{DS}', '--n', '3'],
                 ['bench', 'score', '--data', '{F}/items.jsonl', '--predictions', '{F}/predictions.jsonl', '--out', '{D}/score', '--model', 'none'], ['demo']]:
        add(f'control/ascii {" ".join(argv)}', argv, bad=False, **ascii_)
    add('describe/ascii-bad-scene', ['describe', '{X}'], scene('scène.yaml', 'entities:\n  é: {type: mass, mass: -2}\n'), **ascii_)
    # an unstable run: rejected, and no MUJOCO_LOG.TXT left in the working folder
    add('simulate/unstable-no-mujoco-log', ['simulate', '{X}', '-q', 'box.speed@1'], scene('unstable.yaml', _UNSTABLE))
    return C

# ------------------------------------------------------------------------------------------------------------------ running
def _snapshot(p:Path)->dict:
    "What is at `p` (recursively, without following links): {relative path: (kind, size, sha256 of small files)}."
    out = {}
    if not os.path.lexists(p): return out
    todo = [p]
    while todo:
        x = todo.pop()
        try: st = x.lstat()
        except OSError: continue
        rel = str(x.relative_to(p)) if x != p else '.'
        import stat as S
        if S.S_ISDIR(st.st_mode):
            out[rel] = ('dir', 0, '')
            try: todo += sorted(x.iterdir())
            except OSError: pass
        elif S.S_ISREG(st.st_mode):
            h = hashlib.sha256(x.read_bytes()).hexdigest() if st.st_size < 1 << 24 else str(st.st_mtime_ns)
            out[rel] = ('file', st.st_size, h)
        else: out[rel] = (S.filemode(st.st_mode)[0], 0, '')
    return out

@dataclass
class Outcome:
    case: Case
    rc: int|None
    stdout: str
    stderr: str
    secs: float
    hang: bool = False
    traceback: bool = False
    zero_exit: bool = False
    half_written: list = field(default_factory=list)
    messy: bool = False          # more than one line on stderr (reported, not a failure)

    @property
    def failed(self)->bool:
        if not self.case.bad: return self.rc != 0 or self.hang or self.traceback
        return self.hang or self.traceback or self.zero_exit or bool(self.half_written)

def _env(home:Path)->dict:
    keep = {k: v for k, v in os.environ.items() if k in ('PATH', 'LANG', 'LC_ALL', 'TERM', 'SANDBOX_PYTHON', 'VIRTUAL_ENV', 'PYTHONPATH')}
    return keep | {'HOME': str(home), 'PHYSCI_LAB_HOME': str(home/'physci'), 'HF_HUB_OFFLINE': '1', 'TRANSFORMERS_OFFLINE': '1',
                   'MPLCONFIGDIR': str(home.parent.parent/'.mpl'), 'PYTHONWARNINGS': 'ignore', 'TQDM_DISABLE': '1',
                   'XDG_CACHE_HOME': str(home.parent.parent/'.cache'), 'OPENAI_API_KEY': '', 'ANTHROPIC_API_KEY': ''}

def _run_fork(argv:list, cwd:Path, env:dict, timeout:float, child=None):
    "Run `physci_lab.cli.main(argv)` in a forked child, as the console script would; returns (rc, out, err, secs, hang)."
    from physci_lab import cli
    out_p, err_p = cwd.parent/'.stdout', cwd.parent/'.stderr'
    sys.stdout.flush(); sys.stderr.flush()
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:   # the child: become the command
        code = 1
        try:
            os.setpgid(0, 0); os.chdir(cwd); os.environ.clear(); os.environ.update(env)
            fo, fe, fi = os.open(out_p, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), os.open(err_p, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), os.open('/dev/null', os.O_RDONLY)
            os.dup2(fi, 0); os.dup2(fo, 1); os.dup2(fe, 2)
            sys.stdout = io.TextIOWrapper(io.FileIO(1, 'w', closefd=False), line_buffering=True)
            sys.stderr = io.TextIOWrapper(io.FileIO(2, 'w', closefd=False), line_buffering=True)
            sys.argv = ['physci-lab', *argv]
            if child: child()
            try: code = cli.main(argv)
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
                if isinstance(e.code, str): print(e.code, file=sys.stderr)
            except BaseException: traceback.print_exc(); code = 1
            code = 0 if code is None else code
        except BaseException: traceback.print_exc()
        finally:
            try: sys.stdout.flush(); sys.stderr.flush()
            except BaseException: pass
            os._exit(code if isinstance(code, int) else 1)
    hang, rc = False, None
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done: rc = os.waitstatus_to_exitcode(status); break
        if time.monotonic() - t0 > timeout:
            hang = True
            try: os.killpg(pid, signal.SIGKILL)
            except OSError: pass
            os.waitpid(pid, 0); break
        time.sleep(0.02)
    try: os.killpg(pid, signal.SIGKILL)   # anything the command left running in its group
    except OSError: pass
    secs = time.monotonic() - t0
    return rc, out_p.read_text(errors='replace'), err_p.read_text(errors='replace'), secs, hang

def _run_subprocess(argv:list, cwd:Path, env:dict, timeout:float, child=None):
    exe = Path(sys.executable).parent/'physci-lab'
    t0 = time.monotonic()
    p = subprocess.Popen([str(exe), *argv], cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, preexec_fn=child)
    try: out, err = p.communicate(timeout=timeout); hang = False
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL); out, err = p.communicate(); hang = True
    try: os.killpg(p.pid, signal.SIGKILL)
    except OSError: pass
    return (None if hang else p.returncode), out.decode(errors='replace'), err.decode(errors='replace'), time.monotonic() - t0, hang

def run_case(c:Case, base:Path, ds:Path, port:int, timeout:float, subprocess_mode:bool=False)->Outcome:
    d = base/'cases'/c.id.replace('/', '__').replace(' ', '_')[:120]
    if d.exists(): shutil.rmtree(d)
    d.mkdir(parents=True); work = d/'work'; work.mkdir(); home = d/'home'; home.mkdir()
    subst = {'D': str(work), 'DS': str(ds), 'F': str(FIX), 'PORT': str(port)}
    for k, mk in c.make.items():
        p = mk[1](work, ds) if isinstance(mk, tuple) else mk(work)
        subst[k] = str(p)
    argv = []
    for a in c.argv:
        for k, v in subst.items(): a = a.replace('{' + k + '}', v)
        argv.append(a)
    given = {k: _snapshot(Path(subst[k])) for k in c.given}
    before = _snapshot(work)
    run = _run_subprocess if subprocess_mode else _run_fork
    rc, out, err, secs, hang = run(argv, work, _env(home) | c.env, c.timeout or timeout, c.child)
    o = Outcome(c, rc, out, err, secs, hang)
    o.traceback = 'Traceback (most recent call last)' in err or 'internal error' in err
    o.zero_exit = c.bad and rc == 0
    o.messy = len([l for l in err.splitlines() if l.strip()]) > 1
    if c.bad and rc != 0:
        after = _snapshot(work)
        o.half_written = sorted(k for k in set(after) | set(before) if after.get(k) != before.get(k) and not any(k.startswith(g) for g in ('.stdout', '.stderr')))
        for k, snap in given.items():
            if _snapshot(Path(subst[k])) != snap: o.half_written.append(f'{{{k}}} changed')
    return o

def sample(cs:list, n:int, seed:int=0)->list:
    "`n` cases spread over subcommands and kinds: round-robin over commands, a seeded shuffle within each."
    by = {}
    for c in cs: by.setdefault(c.command, []).append(c)
    rng = random.Random(seed)
    for v in by.values(): rng.shuffle(v)
    out, i = [], 0
    while len(out) < min(n, len(cs)):
        for k in sorted(by):
            if i < len(by[k]) and len(out) < n: out.append(by[k][i])
        i += 1
    return out

_CASES = None
def _preload():
    "In each worker process: import once what the forked children would import again."
    import physci_lab.cli, physci_lab.problems.dataset, physci_lab.sim.dsl, physci_lab.sim.simulation, physci_lab.agent.trace, physci_lab.agent.memory, physci_lab.bench.report, physci_lab.rl.evaluation, physci_lab.agent.delve

def _run_id(cid:str, base:Path, ds:Path, port:int, timeout:float, subprocess_mode:bool)->dict:
    "Run the case named `cid` (in a worker process: cases hold lambdas, so they are found again by name); its outcome as a dict."
    global _CASES
    if _CASES is None: _CASES = {c.id: c for c in cases()}
    o = run_case(_CASES[cid], base, ds, port, timeout, subprocess_mode)
    return {k: v for k, v in o.__dict__.items() if k != 'case'}

def sweep(selected:list, workers:int=2, timeout:float=60, subprocess_mode:bool=False, base:Path|None=None, progress=None)->list:
    "Run the cases, `workers` at a time; returns their `Outcome`s in order."
    base = Path(base or tempfile.mkdtemp(prefix='physci-sweep-'))
    ds, port = _dataset(base), _refusing_port()
    # Each case is forked from a single-threaded worker process (never from a process with other threads: a child forked
    # while another thread holds an import lock would hang on its first import, and count as a hang it is not).
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor
    outs = []
    with ProcessPoolExecutor(workers, mp_context=mp.get_context('spawn'), initializer=None if subprocess_mode else _preload) as ex:
        futs = [ex.submit(_run_id, c.id, base, ds, port, timeout, subprocess_mode) for c in selected]
        for c, f in zip(selected, futs):
            outs.append(Outcome(case=c, **f.result()))
            if progress: progress(outs[-1])
    return outs

def summary(outs:list)->dict:
    bad = [o for o in outs if o.case.bad]
    return {'cases': len(outs), 'bad_input_cases': len(bad), 'control_cases': len(outs) - len(bad),
            'commands': len({o.case.command for o in outs}),
            'tracebacks': sum(o.traceback for o in outs), 'hangs': sum(o.hang for o in outs),
            'zero_exits_on_bad_input': sum(o.zero_exit for o in bad), 'half_written_outputs': sum(bool(o.half_written) for o in bad),
            'controls_failed': sum(o.failed for o in outs if not o.case.bad),
            'multi_line_errors': sum(o.messy for o in bad), 'slowest_s': round(max((o.secs for o in outs), default=0), 1)}

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--sample', type=int, help='run this many cases, spread over subcommands (default: all)')
    ap.add_argument('--seed', type=int, default=0, help='which sample')
    ap.add_argument('--only', help='only cases whose id contains this')
    ap.add_argument('--workers', type=int, default=2)
    ap.add_argument('--timeout', type=float, default=60, help='seconds before a case counts as a hang (default 60)')
    ap.add_argument('--subprocess', action='store_true', help='run each case as a real physci-lab process')
    ap.add_argument('--list', action='store_true', help='list the cases and stop')
    ap.add_argument('--json', help='write every outcome here')
    ap.add_argument('-v', '--verbose', action='store_true', help='print every case as it finishes')
    a = ap.parse_args(argv)
    cs = cases()
    if a.only: cs = [c for c in cs if a.only in c.id]
    if a.sample: cs = sample(cs, a.sample, a.seed)
    if a.list:
        for c in cs: print(c.id)
        print(f'{len(cs)} cases', file=sys.stderr); return 0
    def show(o):
        if a.verbose or o.failed:
            flags = ','.join(k for k in ('hang', 'traceback', 'zero_exit') if getattr(o, k)) + (f'half-written:{o.half_written[:3]}' if o.half_written else '')
            last = (o.stderr.strip().splitlines() or [''])[-1][:160]
            print(f"{'FAIL' if o.failed else 'ok  '} {o.case.id:<55} rc={o.rc} {o.secs:5.1f}s {flags} | {last}", flush=True)
    t0 = time.monotonic()
    outs = sweep(cs, a.workers, a.timeout, a.subprocess, progress=show)
    s = summary(outs) | {'wall_s': round(time.monotonic() - t0, 1)}
    if a.json: Path(a.json).write_text(json.dumps([dict(id=o.case.id, rc=o.rc, secs=round(o.secs, 2), failed=o.failed, hang=o.hang, traceback=o.traceback,
                                                        zero_exit=o.zero_exit, half_written=o.half_written, stderr=o.stderr[-2000:]) for o in outs], indent=1))
    print(json.dumps(s))
    return 0 if not any(s[k] for k in ('tracebacks', 'hangs', 'zero_exits_on_bad_input', 'half_written_outputs', 'controls_failed')) else 1

if __name__ == '__main__': sys.exit(main())
