"""The user-written scene suite (issue 23): 24 scenes in tests/fixtures/user_scenes/, written on 2026-12-08 from the scene
reference alone (`physci-lab list ...`, `schema`, `--help`) by someone who had not read the code. Each is checked as a user
would meet it: it validates against `physci-lab schema`, `describe` reads it (a scene with ranges is refused by `describe` with
the line that says ranges are for `generate --scenes`), and `generate --scenes` on the folder makes problems from nearly every
scene, with the reasons, per mode, for any scene that gives none."""
import json, subprocess, sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
SCENES = ROOT/'tests'/'fixtures'/'user_scenes'
EXE = str(Path(sys.executable).parent/'physci-lab')

def run(*argv, cwd=None):
    r = subprocess.run([EXE, *map(str, argv)], capture_output=True, text=True, cwd=cwd, timeout=600)
    assert 'Traceback' not in r.stderr, r.stderr
    return r

def test_the_suite_is_there():
    assert len(list(SCENES.glob('*.yaml'))) >= 10

def test_every_user_scene_validates_and_describes(tmp_path):
    jsonschema = pytest.importorskip('jsonschema')
    from physci_lab.sim.dsl import scene_data   # YAML as scenes are read (`on:` is a key, not True)
    assert run('schema', '--out', tmp_path/'s.json').returncode == 0
    v = jsonschema.Draft202012Validator(json.loads((tmp_path/'s.json').read_text()))
    for p in sorted(SCENES.glob('*.yaml')):
        assert not [e.message for e in v.iter_errors(scene_data(p.read_text()))], p.name
        r = run('describe', p)
        if 'range:' in p.read_text():
            assert r.returncode == 2 and 'drawn only by `physci-lab generate --scenes`' in r.stderr, (p.name, r.stderr)
        else:
            assert r.returncode == 0 and len(r.stdout) > 80, (p.name, r.stderr)

def test_generate_from_the_folder(tmp_path):
    r = run('generate', '--scenes', SCENES, '--n', 96, '--seed', 0, '--out', tmp_path/'ds', '--quiet')
    assert r.returncode == 0, r.stderr
    m = json.loads((tmp_path/'ds'/'manifest.json').read_text())
    recs = [json.loads(l) for f in sorted((tmp_path/'ds').glob('*.jsonl')) for l in f.read_text().splitlines()]
    scenes = {r['family'] for r in recs}
    assert len(recs) == 96 and len(scenes) >= 20, (len(recs), len(scenes))
    why = m['counts']['why_none']
    assert len(scenes) + len(why) == len(list(SCENES.glob('*.yaml'))), (sorted(scenes), sorted(why))
    for name, modes in why.items():     # a scene that gives nothing says why, for every mode
        assert modes and all(isinstance(t, str) and t for t in modes.values()), (name, modes)
        assert name in r.stderr
