"Repository hygiene: exported modules match the notebooks, notebooks are clean, docs process, conda env mirrors pip."
import re, shutil, subprocess, sys, tomllib
from pathlib import Path
import yaml

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

def _snapshot(root):
    return {p.relative_to(root): p.read_bytes() for d in ("nbs", "physci_lab") for p in (root/d).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts}

def _copy(tmp):
    dst = tmp/"repo"
    for d in ("nbs", "physci_lab", "data"): shutil.copytree(ROOT/d, dst/d, ignore=shutil.ignore_patterns("__pycache__"))
    for f in ("pyproject.toml", "README.md"): shutil.copy(ROOT/f, dst/f)
    return dst

def _changed(before, after):
    return sorted(str(k) for k in before.keys() | after.keys() if before.get(k) != after.get(k))

def test_export_and_clean_leave_no_diff(tmp_path):
    repo = _copy(tmp_path)
    before = _snapshot(repo)
    for cmd in ("nbdev-export", "nbdev-clean"):
        r = subprocess.run([str(BIN/cmd)], cwd=repo, capture_output=True, text=True)
        assert r.returncode == 0, f"{cmd} failed: {r.stderr[-2000:]}"
    assert _changed(before, _snapshot(repo)) == [], "run nbdev-export and nbdev-clean before committing"

# `nbdev-proc-nbs` is run by tests/test_docs.py::test_docs_preview_in_browser, which renders and opens its output

def _name(req): return re.split(r"[<>=!~\[; ]", req.strip(), maxsplit=1)[0].lower().replace("_", "-")

def test_environment_yml_mirrors_pyproject():
    proj = tomllib.loads((ROOT/"pyproject.toml").read_text())["project"]
    extras = proj["optional-dependencies"]
    pip_names = {_name(r) for r in proj["dependencies"]} | {_name(r) for k, v in extras.items() if k != "gpu" for r in v}
    env = yaml.safe_load((ROOT/"environment.yml").read_text())
    conda, pip = set(), set()
    for d in env["dependencies"]:
        if isinstance(d, dict): pip |= {_name(r) for r in d.get("pip", [])}
        else: conda.add(_name(d))
    conda -= {"python", "pip"}
    env_names = conda | pip
    assert pip_names - env_names == set(), f"in pyproject.toml but not environment.yml: {sorted(pip_names - env_names)}"
    assert env_names - pip_names == set(), f"in environment.yml but not pyproject.toml: {sorted(env_names - pip_names)}"

def test_readme_is_written_from_index_notebook():
    sys.path.insert(0, str(ROOT/"tools"))
    from readme import markdown_cells, render
    readme = (ROOT/"README.md").read_text()
    missing = [m[:60] for m in markdown_cells() if m not in readme]
    assert missing == [], f"README.md is stale (run `python tools/readme.py`): {missing}"
    assert readme == render(), "README.md differs from nbs/index.ipynb and its saved outputs: run `python tools/readme.py`"
    assert (ROOT/"nbs"/"images"/"scenes.png").is_file() and "](nbs/images/scenes.png)" in readme, "the front page opens with a rendered scene"
    quick = readme.split("## Quickstart", 1)[1]
    cmds = [l.split("#")[0].strip() for l in quick.split("```sh", 1)[1].split("```", 1)[0].strip().splitlines()]
    assert cmds == ["make demo", "make test"], cmds
    ci = (ROOT/".ci"/"run").read_text()
    assert "make test" in ci, ".ci/run must call the README's test command"
