"""The package as users install it: build the wheel and the sdist (`python -m build`) from a copy of this working tree,
install each into a fresh venv outside the checkout (the core dependencies from `requirements/core.lock`), and run
tests/wheel_smoke.py from another folder: every shipped scene by name, a simulation, the README's Python examples and
command lines, a GIF, `generate --n 20`, `export`, grading, `memory list`, the training presets and a replayed agent run.
Any traceback or missing file fails it. Also: the build prints no setuptools warning, and the wheel holds every module and
every shipped data file and nothing else."""
import os, shutil, subprocess, sys, time, zipfile
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT/'tools'))
from working_tree import copy_working_tree   # a build never writes into the checkout
LOCK = ROOT/'requirements'/'core.lock'

@pytest.fixture(scope='module')
def dists(tmp_path_factory):
    "{'wheel': path, 'sdist': path, 'log': the build's output}."
    t = tmp_path_factory.mktemp('build')
    src = copy_working_tree(t/'src')
    r = subprocess.run([sys.executable, '-m', 'build', '--no-isolation', '--sdist', '--wheel', '--outdir', str(t/'dist'), str(src)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    return dict(wheel=next((t/'dist').glob('*.whl')), sdist=next((t/'dist').glob('*.tar.gz')), log=r.stdout + r.stderr)

def test_build_prints_no_setuptools_warning(dists):
    bad = [l for l in dists['log'].splitlines() if 'would be ignored' in l or 'SetuptoolsDeprecationWarning' in l or 'Package would be' in l]
    assert not bad, '\n'.join(bad[:10])

def test_wheel_holds_every_module_and_data_file_and_nothing_else(dists):
    names = set(zipfile.ZipFile(dists['wheel']).namelist())
    tracked = subprocess.run(['git', 'ls-files', '--cached', '--others', '--exclude-standard', 'physci_lab', 'data'], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.split()
    want = {('physci_lab/' + f if f.startswith('data/') else f) for f in tracked}
    assert not want - names, sorted(want - names)[:20]
    stray = [n for n in names if not n.startswith(('physci_lab/', 'physci_lab-'))]
    assert not stray, stray[:20]

@pytest.mark.parametrize('kind', ['wheel', 'sdist'])
def test_installed_package_runs_outside_the_checkout(dists, kind, tmp_path):
    venv, away = tmp_path/'venv', tmp_path/'elsewhere'
    away.mkdir()
    subprocess.run([sys.executable, '-m', 'venv', str(venv)], check=True, timeout=300)
    pip = [str(venv/'bin'/'python'), '-m', 'pip', 'install', '-q', '--disable-pip-version-check']
    t0 = time.time()
    deps = ['--require-hashes', '-r', str(LOCK)] if LOCK.exists() else [str(dists[kind])]   # without a lock, pip resolves the ranges
    r = subprocess.run(pip + deps, capture_output=True, text=True, timeout=1200)
    assert r.returncode == 0, r.stderr[-3000:]
    r = subprocess.run(pip + ['--no-deps', str(dists[kind])], capture_output=True, text=True, timeout=1200, cwd=away)
    assert r.returncode == 0, r.stderr[-3000:]
    installed = time.time() - t0
    shutil.copy(ROOT/'tests'/'wheel_smoke.py', away/'smoke.py'); shutil.copy(ROOT/'README.md', away/'README.md')
    env = {k: v for k, v in os.environ.items() if k not in ('PYTHONPATH', 'VIRTUAL_ENV')} | {'HOME': str(tmp_path/'home'), 'HF_HUB_OFFLINE': '1'}
    r = subprocess.run([str(venv/'bin'/'python'), 'smoke.py', 'README.md'], cwd=away, capture_output=True, text=True, timeout=1200, env=env)
    print(f'{kind}: installed in {installed:.0f} s\n{r.stdout}')
    assert r.returncode == 0 and 'Traceback' not in r.stderr, r.stdout[-3000:] + r.stderr[-3000:]
    assert 'all checks passed' in r.stdout
