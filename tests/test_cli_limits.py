"""End-to-end tests of issue 27's bounds on the `physci-lab` command, run as a user would: budgets checked before a simulation
starts, counts with upper bounds, a full disk, Ctrl-C while the command loads, a closed or ASCII-only standard output."""
import os, resource, signal, subprocess, sys, time
from pathlib import Path
import pytest

EXE = str(Path(sys.executable).parent/'physci-lab')
ENV = {**os.environ, 'HF_HUB_OFFLINE': '1', 'PYTHONWARNINGS': 'ignore', 'TQDM_DISABLE': '1'}
ATWOOD = 'entities:\n  left: {type: mass, mass: 2.0}\n  right: {type: mass, mass: 1.0}\n  wheel: {type: fixed_pulley}\nstrings:\n  rope: {path: [left, wheel, right]}\n'

def run(*args, cwd=None, env=None, preexec=None, timeout=120):
    t0 = time.monotonic()
    r = subprocess.run([EXE, *args], capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env or ENV, preexec_fn=preexec)
    return r, time.monotonic() - t0

def one_line_error(r, *words):
    assert r.returncode not in (0, None), (r.returncode, r.stdout[-300:], r.stderr[-300:])
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and 'Traceback' not in r.stderr and 'internal error' not in r.stderr, r.stderr[-1000:]
    for w in words: assert w in lines[0], (w, lines[0])

def test_simulation_budget_refused_before_it_starts(tmp_path):
    for dt, steps in [('0.0001', '10,000,000'), ('0.00001', '100,000,000')]:
        (tmp_path/'long.yaml').write_text(f'name: long\nduration: 1000\ntimestep: {dt}\n' + ATWOOD)
        for cmd in (['simulate', 'long.yaml', '-q', 'left.speed@1'], ['describe', 'long.yaml'], ['render', 'long.yaml', '--out', 'c.gif', '--width', '64', '--height', '48']):
            r, secs = run(*cmd, cwd=tmp_path)
            one_line_error(r, f'{steps} steps', 'the limit is 200,000 steps')
            assert secs < 30, (cmd, secs)   # the unbounded run took minutes, or ran out of memory
    (tmp_path/'blocks.yaml').write_text('entities:\n' + ''.join(f'  b{i}: {{type: mass, mass: 1}}\n' for i in range(201)))
    one_line_error(run('simulate', 'blocks.yaml', '-q', 'b1.speed@1', cwd=tmp_path)[0], '201 entities; the limit is 200')
    assert sorted(p.name for p in tmp_path.iterdir()) == ['blocks.yaml', 'long.yaml']

@pytest.mark.parametrize('argv,opt', [(['generate', '--out', 'ds', '--n'], '--n'), (['generate', '--n', '2', '--out', 'ds', '--per-scene'], '--per-scene'),
                                      (['generate', '--n', '2', '--out', 'ds', '--workers'], '--workers'), (['generate', '--n', '2', '--out', 'ds', '--shard-size'], '--shard-size'),
                                      (['show', 'ds', '--n'], '--n'), (['eval', '--model', 'm', '--limit'], '--limit'), (['train', '--data', 'd', '--model', 'm', '--out', 'o', '--max-steps'], '--max-steps')])
def test_counts_have_upper_bounds(tmp_path, argv, opt):
    r, secs = run(*argv, '1e30', cwd=tmp_path)
    assert r.returncode == 2 and f'argument {opt}: must be <=' in r.stderr and secs < 10, r.stderr
    assert list(tmp_path.iterdir()) == []

def test_repair_needs_resume(tmp_path):
    r, _ = run('generate', '--n', '2', '--out', 'ds', '--quiet', '--repair', cwd=tmp_path)
    one_line_error(r, '--repair: only with --resume')
    assert list(tmp_path.iterdir()) == []

def _fsize(n):
    def pre():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # EFBIG instead of being killed
        resource.setrlimit(resource.RLIMIT_FSIZE, (n, n))
    return pre

def test_full_disk_file_size_limit(tmp_path):
    "EFBIG (a file size limit): one line, nothing left behind, not even a hidden temporary file."
    env = ENV | {'PYTHONDONTWRITEBYTECODE': '1'}   # a .pyc cut short by the limit would break every later run
    r, _ = run('render', 'atwood', '--out', 'clip.mp4', '--width', '64', '--height', '48', '--fps', '5', cwd=tmp_path, env=env, preexec=_fsize(2000))
    one_line_error(r, 'clip.mp4: the video could not be written')
    r, _ = run('generate', '--n', '6', '--shard-size', '3', '--out', 'ds', '--quiet', cwd=tmp_path, env=env, preexec=_fsize(5000))
    one_line_error(r, 'File too large', 'data-00000.jsonl')
    assert list(tmp_path.iterdir()) == []

def test_full_disk_no_space(tmp_path):
    "ENOSPC on a real full file system (a small tmpfs; needs root)."
    d = tmp_path/'tiny'; d.mkdir()
    if os.geteuid() != 0 or subprocess.run(['mount', '-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', str(d)], capture_output=True).returncode:
        pytest.skip('cannot mount a small tmpfs here')
    try:
        (d/'filler').write_bytes(b'\0' * 62 * 1024)
        r, _ = run('render', 'atwood', '--out', 'clip.mp4', '--width', '64', '--height', '48', '--fps', '5', cwd=d)
        one_line_error(r, 'the video could not be written')
        r, _ = run('generate', '--n', '30', '--shard-size', '30', '--out', 'ds', '--quiet', cwd=d)
        one_line_error(r, 'No space left on device')
        assert sorted(os.listdir(d)) == ['filler'], os.listdir(d)
    finally: subprocess.run(['umount', str(d)], capture_output=True)

def _interrupt(argv, secs, cwd):
    p = subprocess.Popen([EXE, *argv], cwd=cwd, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(secs); p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    return p.returncode, err

@pytest.mark.parametrize('secs', [0.4, 0.8, 1.5, 2.5])
def test_early_ctrl_c(tmp_path, secs):
    "Ctrl-C while the command loads or starts: one line, exit 130 (never a traceback from inside an import, nor 'cannot load')."
    ds = tmp_path/'ds'
    if not ds.exists(): assert run('generate', '--n', '3', '--out', str(ds), '--quiet')[0].returncode == 0
    for argv in (['show', str(ds)], ['generate', '--n', '40', '--out', str(tmp_path/f'g{secs}'), '--quiet', '--workers', '2']):
        rc, err = _interrupt(argv, secs, tmp_path)
        if rc == 0: continue   # it finished first
        assert rc == 130 and len(err.strip().splitlines()) == 1 and 'interrupted' in err, (argv, secs, rc, err[-800:])
        assert 'Traceback' not in err and 'cannot load' not in err

def test_closed_stdout_is_an_error(tmp_path):
    r, _ = run('grade', '1', '1', preexec=lambda: os.close(1))
    one_line_error(r, 'standard output is closed')

def test_ascii_output_never_an_internal_error(tmp_path):
    env = ENV | {'PYTHONIOENCODING': 'ascii'}
    for argv in (['describe', 'atwood'], ['grade', '1 Ω', '1 ohm'], ['simulate', 'atwood', '-q', 'left.acceleration@1'], ['demo']):
        r, _ = run(*argv, env=env, cwd=tmp_path)
        assert r.returncode == 0 and 'internal error' not in r.stderr, (argv, r.stderr)
    r, _ = run('grade', '1 Ω', '1 ohm', env=env)
    assert '\\u03a9' in r.stdout   # JSON's own escape: the verdict still reads as JSON
    r, _ = run('describe', 'atwood', env=env)
    assert 'm/s\\xb2' in r.stdout

def test_unstable_run_writes_no_mujoco_log(tmp_path):
    (tmp_path/'unstable.yaml').write_text('name: unstable\ntimestep: 0.01\nentities:\n  floor: {type: floor, mu: 0.0}\n  wall: {type: wall}\n'
                                          '  box: {type: mass, mass: 0.001, on: floor, displacement: 5}\nsprings:\n  spring: {between: [wall, box], k: 100000.0, rest_length: 0.5}\n')
    r, _ = run('simulate', 'unstable.yaml', '-q', 'box.speed@1', cwd=tmp_path)
    one_line_error(r, 'unstable')
    assert r.stdout == '' and sorted(p.name for p in tmp_path.iterdir()) == ['unstable.yaml']

def test_train_model_refused_before_loading(tmp_path):
    ds = tmp_path/'ds'; assert run('generate', '--n', '3', '--out', str(ds), '--quiet')[0].returncode == 0
    (tmp_path/'empty').mkdir()
    online = {k: v for k, v in ENV.items() if k not in ('HF_HUB_OFFLINE', 'TRANSFORMERS_OFFLINE')}
    for model, why, env in [(str(tmp_path/'nowhere'), 'no such directory', online), (str(tmp_path/'empty'), 'not a model folder', ENV)]:
        r, secs = run('train', '--data', str(ds), '--model', model, '--out', str(tmp_path/'run'), env=env)
        one_line_error(r, '--model', why)
        assert secs < 20 and 'Generating' not in r.stderr and not (tmp_path/'run').exists()
