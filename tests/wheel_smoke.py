"""Run by tests/test_wheel.py with the interpreter of a fresh venv where physci-lab was installed from its wheel or its sdist,
from a folder outside the checkout: what a user does first, with nothing of the checkout in reach.

    python wheel_smoke.py README.md

Exits non-zero on the first failure, naming it; prints one line per check."""
import os, re, subprocess, sys, time
from pathlib import Path

EXE = Path(sys.executable).parent/'physci-lab'
T0 = time.time()

def say(what): print(f'[{time.time() - T0:6.1f} s] ok: {what}', flush=True)

def cli(*args, timeout=600)->str:
    r = subprocess.run([str(EXE), *args], capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0 or 'Traceback' in r.stderr:
        raise SystemExit(f'physci-lab {" ".join(args)}: exit {r.returncode}\n{r.stdout[-1500:]}\n{r.stderr[-3000:]}')
    return r.stdout

import physci_lab
here = Path(physci_lab.__file__).resolve()
assert 'site-packages' in here.parts, f'physci_lab imported from {here}, not from the installed package'
say(f'physci_lab {physci_lab.__version__} imported from site-packages')

# every shipped scene, by name, and the other shipped data the package reads at run time
from physci_lab import load_scene, simulate
from physci_lab.core.io import data_path
names = sorted(p.stem for p in data_path('scenes').glob('*.yaml'))
assert len(names) >= 10, names
for n in names: load_scene(n)
say(f'{len(names)} shipped scenes load by name')
a, unit = simulate(load_scene('atwood')).query('left.acceleration@1.5')
assert abs(a[2] + 3.27) < 0.01 and unit == 'm/s^2', (a, unit)
say('atwood simulated: left.acceleration@1.5 = -3.27 m/s^2')

# the README's Python examples, in order, in one namespace (they build on each other)
readme = Path(sys.argv[1]).read_text(encoding='utf-8')
ns = {}
blocks = re.findall(r'```python\n(.*?)```', readme, re.S)
assert len(blocks) >= 5, len(blocks)
for b in blocks: exec(compile(b, 'README.md', 'exec'), ns)
say(f"the README's {len(blocks)} Python examples")

# the README's command lines (a dataset of 20 instead of 1000, and no live model)
old_umask = os.umask(0o022)
lines = [l for b in re.findall(r'```sh\n(.*?)```', readme, re.S) for l in b.splitlines() if l.startswith('physci-lab ')]
assert len(lines) >= 5, lines
for line in lines:
    args = line.split()[1:]
    if args[0] == 'ask': continue
    if args[0] == 'generate': args[args.index('--n') + 1] = '20'
    if args[0] == 'grade': args = ['grade', r'\boxed{0.5\,\mathrm{km}}', '500 m']
    out = cli(*args)
    if args[0] == 'grade': assert '"correct": true' in out, out
say('the README\'s command lines (generate --n 20)')
clip = Path('atwood.mp4')
assert clip.stat().st_size > 1000 and clip.stat().st_mode & 0o777 == 0o644, oct(clip.stat().st_mode)   # the user's umask, not 0600
cli('render', 'pendulum', '--out', 'pendulum.gif', '--fps', '5', '--width', '64', '--height', '48')
assert Path('pendulum.gif').read_bytes()[:3] == b'GIF'
say('render wrote an mp4 and a GIF, mode 0644 under umask 022')
cli('show', 'datasets/run1', '--n', '2')
cli('export', 'datasets/run1', '--out', 'hf')
assert sorted(p.name for p in Path('hf').iterdir()) == ['README.md', 'data'], list(Path('hf').iterdir())
say('generate --n 20, show, export to Parquet with a dataset card')

out = cli('train', '--help')
presets = sorted(p.stem for p in data_path('presets').glob('*.yaml'))
assert presets and all(p in out for p in presets), out[-600:]
say(f'train --help lists the presets: {", ".join(presets)}')
os.environ['PHYSCI_LAB_HOME'] = str(Path('home').resolve())
out = cli('memory', 'list')
assert 'equation' in out, out[-600:]
say('memory list (seeded with the shipped knowledge)')
assert '"correct": false' in cli('grade', 'Answer: 13 kg', '13.08 N')
say('grade refuses a wrong dimension')

# an agent run replayed from the recording the tutorial uses, through the real Anthropic SDK (the workers the core install can run)
from physci_lab import Agent, get_llm
from physci_lab.agent.memory import Memory
from physci_lab.agent.workers import make_workers
from physci_lab.llm.recordings import ReplayServer, recording_path
os.environ['NO_PROXY'] = '127.0.0.1,localhost'
question = ('A stone is dropped from rest from a height of 5.0 m. How fast is it moving just before it hits the ground '
            '(g = 9.81 m/s^2)? Also give the fall time and the kinetic energy of the 0.2 kg stone.')
with ReplayServer(recording_path('agent/fall.json')) as server:
    llm = get_llm('anthropic:claude-haiku-4-5', base_url=server.url, api_key='replayed', max_tokens=1024)
    agent = Agent(llm, workers=make_workers(None, names=('physics', 'code')),
                  memory=Memory(Path('home')/'agent.sqlite', retriever='bm25'), evidence_tokens=250)
    result = agent.run(question)
    server.assert_done()
assert result.final == '9.90 m/s', result.final
say(f'an agent run replayed from the shipped recording: {result.final}')
print(f'all checks passed in {time.time() - T0:.1f} s')
