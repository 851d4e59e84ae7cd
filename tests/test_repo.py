"Repository hygiene: exported modules match the notebooks, notebooks are clean, conda env mirrors pip, README is written from the index, and the parts of the package import only along the layout's arrows."
import re, shutil, subprocess, sys, tomllib
from pathlib import Path
import pytest, yaml

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

# ------------------------------------------------------------------------------------------------ the package's layout
def _lint_imports(cwd):
    return subprocess.run([str(BIN/"lint-imports")], cwd=cwd, capture_output=True, text=True)

def test_parts_import_only_along_the_arrows():
    "import-linter's contracts (pyproject.toml): each part imports only the parts the layout allows, and nothing imports in a circle."
    r = _lint_imports(ROOT)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert "Contracts: 10 kept, 0 broken." in r.stdout, r.stdout[-2000:]

@pytest.mark.parametrize("module, line, contract", [
    ("sim/words.py", "from physci_lab.llm import chat", "sim uses core only"),              # a scene touching a model client
    ("bench/judge.py", "from physci_lab.agent.delve import Agent", "bench uses core, llm and sandbox"),
    ("sim/bodies.py", "from physci_lab.sim.dsl import Scene", "no import cycles"),           # a circle inside a part
    ("rl/rewards.py", "import physci_lab.sandbox.run", "rl does not import sandbox itself"),
])
def test_the_contracts_catch_a_wrong_arrow(tmp_path, module, line, contract):
    "The check above can fail: one wrong import added to a copy of the package breaks the contract named."
    shutil.copytree(ROOT/"physci_lab", tmp_path/"physci_lab", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT/"pyproject.toml", tmp_path)
    with open(tmp_path/"physci_lab"/module, "a") as f: f.write(f"\n{line}\n")
    r = _lint_imports(tmp_path)
    assert r.returncode != 0, r.stdout[-2000:]
    broken = r.stdout.split("Broken contracts", 1)[-1]
    assert contract in " ".join(broken.split()), r.stdout[-3000:]

def test_no_cycles_and_no_private_names_across_modules(tmp_path):
    "No module takes an underscored name from another (what one module needs of another is public and documented), no cycles."
    sys.path.insert(0, str(ROOT/"tools"))
    import import_graph
    r = import_graph.report()
    assert r["cycles"] == [], r["cycles"]
    assert r["private_imports"] == [], r["private_imports"]
    assert r["imported_through"] == [], r["imported_through"]   # every name is taken from its one home
    assert set(r["modules_per_folder"]) == {"physci_lab"} | {f"physci_lab/{p}" for p in ("core", "sim", "problems", "llm", "sandbox", "bench", "agent", "rl")}
    # and the count can fail: a package with a private name taken across modules, and a circle
    pkg = tmp_path/"pkg"; pkg.mkdir()
    (pkg/"__init__.py").write_text(""); (pkg/"a.py").write_text("from .b import _helper\n"); (pkg/"b.py").write_text("from . import a\nimport pkg.a as aa\nx = aa._y\n")
    (pkg/"c.py").write_text("from .b import x, aa\n")
    bad = import_graph.report("pkg", tmp_path)
    assert bad["cycles"] == [["pkg.a", "pkg.b"]] and {(m, o, n) for m, o, n, _ in bad["private_imports"]} == {("pkg.a", "pkg.b", "_helper"), ("pkg.b", "pkg.a", "_y")}
    assert [(m, o, n) for m, o, n, _ in bad["imported_through"]] == [("pkg.c", "pkg.b", "aa")]   # `x` is b's own; `aa` is a module b imports

def test_modules_compile_without_warnings():
    "Every module compiles with warnings as errors (an invalid escape such as `\\m` in a docstring warns today and is an error in a later Python)."
    import warnings
    bad = []
    for p in sorted((ROOT/"physci_lab").rglob("*.py")):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            try: compile(p.read_text(encoding="utf-8"), str(p), "exec")
            except (SyntaxError, Warning) as e: bad.append(f"{p.relative_to(ROOT)}: {e}")
    assert not bad, bad
