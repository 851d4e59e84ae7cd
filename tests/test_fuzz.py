"""Property-based fuzzing (hypothesis) of the `physci-lab` command line and the public functions behind it.

Three kinds of input: random bytes where a file is expected, random scenes built from the scene schema (valid and invalid
values, dangling references, strings that loop), and valid inputs mutated byte by byte and line by line. Whatever comes in,
every example must end within a time bound in a result or a one-line user error (exit 2), never a traceback or an internal
error; input that cannot be valid must give a non-zero exit; and a command that fails leaves nothing behind.

`make test` runs a bounded, derandomized sample (the same examples every time); `--slow` runs the full sweep.
"""
import contextlib, io, json, math, os, random, shutil, signal, string, tempfile
from pathlib import Path
import pytest, yaml
from hypothesis import HealthCheck, given, settings, strategies as st

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT/'tests'/'fixtures'/'physcibench'
SLOW = os.environ.get('PHYSCI_LAB_SLOW') == '1'   # set by conftest.py under --slow
BOUND_S = 60          # seconds one example may take before it counts as a hang

@pytest.fixture(scope='module', autouse=True)
def warm():
    "Import what the commands import, once, outside the time bound (a first import of scipy or pint is not a hang)."
    import physci_lab.cli, physci_lab.sim.dsl, physci_lab.sim.simulation, physci_lab.core.grade, physci_lab.core.units, physci_lab.agent.trace, physci_lab.agent.memory
    import physci_lab.bench.report, physci_lab.problems.dataset, physci_lab.sim.render, physci_lab.sandbox.run
    physci_lab.core.units.parse_quantity('1 m'); physci_lab.core.grade.grade('1 m', '1 m')

def _profile(bounded:int, full:int):
    return settings(max_examples=full if SLOW else bounded, deadline=None, derandomize=not SLOW, database=None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                                           HealthCheck.function_scoped_fixture, HealthCheck.large_base_example])

class Hang(BaseException):
    "An example ran past `BOUND_S` (a BaseException: code under test must not swallow it)."

@contextlib.contextmanager
def bounded(seconds:int=BOUND_S):
    def stop(*_): raise Hang(f'still running after {seconds} s')
    old = signal.signal(signal.SIGALRM, stop); signal.alarm(seconds)
    try: yield
    finally: signal.alarm(0); signal.signal(signal.SIGALRM, old)

def snapshot(d:Path)->set:
    return {str(p.relative_to(d)) for p in Path(d).rglob('*')}

def cli(*argv, cwd:Path):
    "Run `physci-lab ARGV` in this process (as the console script would), bounded in time: (exit status, stdout, stderr)."
    from physci_lab.cli import main
    out, err, here = io.StringIO(), io.StringIO(), os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), bounded():
            try: rc = main([str(a) for a in argv])
            except SystemExit as e: rc = e.code if isinstance(e.code, int) else 1
    finally: os.chdir(here)
    return rc, out.getvalue(), err.getvalue()

def assert_clean(rc, out, err, argv, before:set, cwd:Path, must_fail:bool=False):
    "No traceback, no internal error, one line on failure, nothing left behind by a failed command."
    assert 'Traceback (most recent call last)' not in err and 'internal error' not in err, (argv, err[-2000:])
    assert rc in (0, 2), (argv, rc, err[-2000:])                 # 1 would be a refusal from the machine: none expected here
    if must_fail: assert rc != 0, (argv, out[-500:])
    if rc != 0:
        lines = [l for l in err.splitlines() if l.strip() and not l.startswith(('--', 'WARNING'))]
        assert lines and lines[-1].startswith('physci-lab'), (argv, err[-500:])
        assert snapshot(cwd) == before, (argv, sorted(snapshot(cwd) - before))

@pytest.fixture(scope='module')
def dataset(tmp_path_factory):
    "A small finished dataset (the real generator), made once."
    d = tmp_path_factory.mktemp('ds')/'ds'
    rc, _, err = cli('generate', '--n', '6', '--seed', '0', '--out', d, '--quiet', '--shard-size', '3', cwd=d.parent)
    assert rc == 0, err
    return d

def fresh()->Path: return Path(tempfile.mkdtemp(prefix='physci-fuzz-'))

# -------------------------------------------------------------------------------------------------------- random bytes
def _not_text(b:bytes)->bool:
    try: return '\0' in b.decode('utf-8')
    except UnicodeDecodeError: return True

FILE_SLOTS = {   # a command with {X} where a file goes, and the name the file gets
    'describe': (['describe', '{X}'], 'scene.yaml'),
    'simulate': (['simulate', '{X}', '-q', 'a.speed@1'], 'scene.yaml'),
    'trace': (['trace', '{X}'], 'trace.jsonl'),
    'bench-data': (['bench', 'score', '--data', '{X}', '--predictions', str(FIX/'predictions.jsonl'), '--out', 'score', '--model', 'none'], 'items.jsonl'),
    'bench-predictions': (['bench', 'score', '--data', str(FIX/'items.jsonl'), '--predictions', '{X}', '--out', 'score', '--model', 'none'], 'preds.jsonl'),
    'memory-import': (['memory', 'import', '{X}', '--db', 'mem.sqlite'], 'items.jsonl'),
    'train-config': (['train', '--data', str(FIX/'predictions.jsonl'), '--model', 'nowhere', '--out', 'run', '--config', '{X}'], 'config.yaml'),
}

def run_slot(slot:str, data:bytes, must_fail:bool, argv:list|None=None):
    argv, name = (argv or FILE_SLOTS[slot][0]), FILE_SLOTS[slot][1]
    d = fresh()
    try:
        (d/name).write_bytes(data)
        before = snapshot(d)
        argv = [a.replace('{X}', str(d/name)) for a in argv]
        assert_clean(*cli(*argv, cwd=d), argv, before, d, must_fail)
    finally: shutil.rmtree(d, ignore_errors=True)

@_profile(bounded=28, full=600)
@given(slot=st.sampled_from(sorted(FILE_SLOTS)), data=st.binary(min_size=1, max_size=4096).filter(_not_text))
def test_random_bytes_where_a_file_goes(slot, data):
    run_slot(slot, data, must_fail=True)     # binary is never a valid scene, trace, benchmark, prediction file or config

@_profile(bounded=21, full=400)
@given(slot=st.sampled_from(sorted(FILE_SLOTS)), text=st.text(max_size=2000))
def test_random_text_where_a_file_goes(slot, text):
    run_slot(slot, text.encode('utf-8'), must_fail=False)

# -------------------------------------------------------------------------------------------------------- random scenes
def _numbers():
    return st.one_of(st.floats(min_value=-1e3, max_value=1e3, allow_nan=False), st.floats(allow_nan=True, allow_infinity=True),
                     st.integers(-10**20, 10**20), st.sampled_from([0, -1, 1e-300, 1e300]))

def _junk():
    return st.one_of(st.none(), st.booleans(), st.text(max_size=12), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=4), st.integers(), max_size=2))

@st.composite
def scenes(draw):
    "A scene as plain data, from the schema: real entity types and parameters with good and bad values, references that dangle or loop."
    from physci_lab.sim.dsl import entity_types
    types = entity_types()
    ids = draw(st.lists(st.sampled_from(['a', 'b', 'left', 'right', 'box', 'wheel', 'floor', 'x1', 'ramp']), min_size=1, max_size=5, unique=True))
    ents = {}
    for i in ids:
        t = draw(st.sampled_from(sorted(types)))
        e = {'type': t if draw(st.integers(0, 19)) else draw(st.text(max_size=8))}
        for pn, p in types[t].params.items():
            if not p.required and draw(st.booleans()): continue
            if p.kind == 'float':
                lo, hi = (p.lo if p.lo is not None else -1e3), (p.hi if p.hi is not None else 1e3)
                e[pn] = draw(st.one_of(st.floats(min_value=lo, max_value=min(hi, 1e6), allow_nan=False), _numbers(), _junk()))
            elif p.kind == 'ref': e[pn] = draw(st.one_of(st.sampled_from(ids), st.text(max_size=6)))
            elif p.kind == 'choice': e[pn] = draw(st.one_of(st.sampled_from(list(p.choices)), _junk()))
            else: e[pn] = draw(st.one_of(st.booleans(), _junk()))
        if draw(st.integers(0, 9)) == 0: e[draw(st.text(string.ascii_lowercase, min_size=1, max_size=6))] = draw(_junk())
        ents[i] = e
    sc = {'name': draw(st.one_of(st.just('fuzz'), st.text(max_size=10))), 'entities': ents,
          'duration': draw(st.one_of(st.floats(0.01, 0.5), _numbers())) if draw(st.booleans()) else 0.3}
    if draw(st.booleans()): sc['strings'] = {'rope': {'path': draw(st.lists(st.sampled_from(ids + ['nobody']), min_size=0, max_size=5))}}
    if draw(st.booleans()): sc['springs'] = {'s': {'between': draw(st.lists(st.sampled_from(ids), min_size=0, max_size=3)), 'k': draw(_numbers())}}
    for k in ('gravity', 'restitution', 'timestep'):
        if draw(st.integers(0, 4)) == 0: sc[k] = draw(st.one_of(_numbers(), _junk()))
    if draw(st.integers(0, 14)) == 0: sc[draw(st.text(max_size=6))] = draw(_junk())
    return sc

@_profile(bounded=25, full=500)
@given(sc=scenes())
def test_random_scenes_from_the_schema(sc):
    from physci_lab.sim.dsl import load_scene
    from physci_lab.core.io import UserInputError
    text = yaml.safe_dump(sc, allow_unicode=True, sort_keys=False)
    with bounded():
        try: load_scene(text); ok = True
        except UserInputError: ok = False      # a clear refusal; anything else fails the test
    d = fresh()
    try:
        (d/'scene.yaml').write_text(text)
        before = snapshot(d)
        rc, out, err = cli('describe', d/'scene.yaml', cwd=d)
        assert_clean(rc, out, err, ['describe', text], before, d)
        assert (rc == 0) == ok, (text, err)
        if ok and isinstance(sc.get('duration'), float) and 0 < sc['duration'] <= 0.5:
            first = next(iter(sc['entities']))
            assert_clean(*cli('simulate', d/'scene.yaml', '-q', f'{first}.position@0.1', cwd=d), ['simulate', text], before, d)
    finally: shutil.rmtree(d, ignore_errors=True)

# -------------------------------------------------------------------------------------------------------- mutated inputs
@st.composite
def mutated(draw, data:bytes):
    "`data` changed by a few random edits: flipped bytes, cuts, insertions, duplicated or swapped lines, a truncation."
    b = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(['flip', 'cut', 'insert', 'dup-line', 'swap-lines', 'truncate']))
        n = len(b)
        if op == 'flip' and n: i = draw(st.integers(0, n - 1)); b[i] ^= draw(st.integers(1, 255))
        elif op == 'cut' and n: i = draw(st.integers(0, n - 1)); del b[i:i + draw(st.integers(1, 64))]
        elif op == 'insert': i = draw(st.integers(0, n)); b[i:i] = draw(st.binary(min_size=1, max_size=32) | st.sampled_from([b'\n', b'{', b'[' * 200, b': ', b'"', b'\x00']))
        elif op in ('dup-line', 'swap-lines'):
            lines = bytes(b).split(b'\n')
            if len(lines) > 1:
                i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
                if op == 'dup-line': lines.insert(j, lines[i])
                else: lines[i], lines[j] = lines[j], lines[i]
                b = bytearray(b'\n'.join(lines))
        elif op == 'truncate' and n: del b[draw(st.integers(0, n - 1)):]
    return bytes(b)

SCENES = sorted((ROOT/'data'/'scenes').glob('*.yaml'))
TRACE = (b'{"i": 0, "kind": "start", "t": 0, "step": null, "data": {"question": "What is g?", "kind": "delve"}}\n'
         b'{"i": 1, "kind": "answer", "t": 1.5, "step": null, "data": {"text": "9.81 m/s^2"}}\n'
         b'{"i": 2, "kind": "stop", "t": 1.6, "step": null, "data": {"reason": "answered"}}\n')

@_profile(bounded=25, full=500)
@given(data=st.data(), which=st.sampled_from(['scene', 'items', 'predictions', 'trace']))
def test_mutated_valid_inputs(data, which):
    if which == 'scene':
        src = data.draw(st.sampled_from(SCENES)); slot = data.draw(st.sampled_from(['describe', 'simulate']))
        base = src.read_bytes().replace(b'duration: 2.0', b'duration: 0.3')
        first = next(iter(yaml.safe_load(base)['entities']))
        argv = ['simulate', '{X}', '-q', f'{first}.speed@0.1'] if slot == 'simulate' else None
    else:
        base = {'items': (FIX/'items.jsonl').read_bytes(), 'predictions': (FIX/'predictions.jsonl').read_bytes(), 'trace': TRACE}[which]
        slot, argv = {'items': 'bench-data', 'predictions': 'bench-predictions', 'trace': 'trace'}[which], None
    run_slot(slot, data.draw(mutated(base)), must_fail=False, argv=argv)

@_profile(bounded=16, full=300)
@given(data=st.data(), part=st.sampled_from(['manifest', 'shard']))
def test_mutated_datasets(dataset, data, part):
    d = fresh()
    try:
        ds = shutil.copytree(dataset, d/'ds')
        target = ds/'manifest.json' if part == 'manifest' else sorted(ds.glob('data-*.jsonl'))[data.draw(st.integers(0, 1))]
        new = data.draw(mutated(target.read_bytes()))
        target.write_bytes(new)
        before = snapshot(d)
        rc, out, err = cli('show', ds, '--n', '2', cwd=d)
        assert_clean(rc, out, err, ['show', part], before, d)
        if part == 'shard' and new != (dataset/target.name).read_bytes():
            assert rc == 2 and target.name in err and '--repair would regenerate' in err, err   # a changed shard is always caught
    finally: shutil.rmtree(d, ignore_errors=True)

# -------------------------------------------------------------------------------------------------------- numbers and strings
NUMBER_OPTS = [   # (argv, option, lo, hi, hi excluded, integer): cheap commands, so that a valid value costs little
    (['grade', '1 m', '1 m'], '--rtol', 0, 1, True, False),
    (['grade', '1 m', '1 m'], '--atol', 0, math.inf, False, False),
    (['render', 'atwood', '--out', 'clip.txt'], '--fps', 1, 240, False, True),
    (['memory', 'search', 'pendulum', '--db', 'mem.sqlite', '--retriever', 'bm25'], '-k', 1, 1000, False, True),
    (['bench', 'score', '--data', str(FIX/'items.jsonl'), '--predictions', str(FIX/'predictions.jsonl'), '--out', 'score', '--model', 'none'], '--workers', 1, 256, False, True),
]

def _value_ok(s:str, lo, hi, hi_open:bool, integer:bool)->bool:
    "What a careful reader would accept: a finite number (a whole one where a count is wanted) in range."
    try: x = float(s.strip().replace('_', ''))
    except ValueError: return False
    if not math.isfinite(x) or (integer and x != int(x)): return False
    return lo <= x and (x < hi if hi_open else x <= hi)

@_profile(bounded=25, full=500)
@given(which=st.integers(0, len(NUMBER_OPTS) - 1),
       value=st.one_of(st.floats(allow_nan=True, allow_infinity=True).map(repr), st.integers(-10**6, 10**6).map(str),
                       st.sampled_from(['1e9', '1e-9', 'nan', '-inf', '2.5', '0x10', '1_000', ' 3 ', '', '--']), st.text(max_size=8)))
def test_number_options(which, value):
    argv, opt, lo, hi, hi_open, integer = NUMBER_OPTS[which]
    d = fresh()
    try:
        before = snapshot(d)
        rc, out, err = cli(*argv, f'{opt}={value}', cwd=d)
        assert_clean(rc, out, err, argv + [opt, value], before, d)
        ok = _value_ok(value, lo, hi, hi_open, integer)
        if not ok: assert rc == 2 and opt in err, (opt, value, err)   # a bad value names its option
        elif argv[0] != 'render': assert rc == 0, (opt, value, err)
    finally: shutil.rmtree(d, ignore_errors=True)

# -------------------------------------------------------------------------------------------------------- public functions
@_profile(bounded=40, full=800)
@given(text=st.text(max_size=300), gold=st.one_of(st.text(max_size=40), st.sampled_from(['13.08 N', 'sqrt(2*g*h)', 'ABD', '[1, 2]', '2 m/s'])))
def test_grade_and_quantities_never_crash(text, gold):
    from physci_lab.core.io import UserInputError
    from physci_lab.core.grade import grade
    from physci_lab.core.units import parse_quantity
    with bounded(30):
        for f in (lambda: grade(text, gold), lambda: parse_quantity(text)):
            try: f()
            except UserInputError: pass      # a one-line refusal is fine; anything else fails the test

@_profile(bounded=30, full=600)
@given(blob=st.binary(max_size=2000) | st.text(max_size=500).map(lambda s: s.encode('utf-8', 'surrogatepass')))
def test_readers_never_crash(blob):
    from physci_lab.core.io import UserInputError, load_yaml, load_json, read_jsonl, decode_text
    d = fresh()
    try:
        (d/'f.jsonl').write_bytes(blob)
        with bounded(30):
            for f in (lambda: read_jsonl(d/'f.jsonl'), lambda: read_jsonl(d/'f.jsonl', torn='error'), lambda: load_json(decode_text(blob, 'x'), 'x'),
                      lambda: load_yaml(decode_text(blob, 'x'), 'x')):
                try: f()
                except UserInputError: pass
    finally: shutil.rmtree(d, ignore_errors=True)

@_profile(bounded=8, full=150)
@given(code=st.text(max_size=200))
def test_sandbox_takes_any_text(code):
    from physci_lab.sandbox.run import run_python, SandboxError
    with bounded(60):
        try: r = run_python(code, timeout_s=5)
        except SandboxError: return
    assert r.backend == 'bwrap' and r.duration_s < 30
