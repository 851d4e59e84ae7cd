"End-to-end tests of the `physci-lab` console command, run as a subprocess like a user would."
import json, subprocess, sys, time
from pathlib import Path
import physci_lab

EXE = str(Path(sys.executable).parent/"physci-lab")

def run(*args):
    return subprocess.run([EXE, *args], capture_output=True, text=True, timeout=120)

def test_version():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"physci-lab {physci_lab.__version__}"

def test_help_lists_subcommands():
    r = run("--help")
    assert r.returncode == 0
    for cmd in ("demo", "grade"): assert cmd in r.stdout

def test_grade_prints_verdict_json():
    r = run("grade", r"so \boxed{1.31 \times 10^{-2}\,\mathrm{kN}}", "13.08 N")
    assert r.returncode == 0, r.stderr
    v = json.loads(r.stdout)
    assert v["correct"] is True and v["score"] == 1.0
    r = run("grade", r"\boxed{14.0 N}", "13.08 N", "--rtol", "0.05")
    assert json.loads(r.stdout)["correct"] is False

def test_grade_user_error_is_one_line_exit_2():
    r = run("grade", "1", "1", "--rtol", "-1")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr and "--rtol" in r.stderr

def test_grade_explain_prints_the_typed_reading():
    r = run("grade", "--explain", r"\boxed{2.55}", "2.47", "--unit", "m", "--atol", "0.1")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[:2] == ["quantity: 2.47 m", "tolerance: absolute tolerance 0.1 m"]
    assert json.loads(lines[-1])["correct"] is True
    r = run("grade", "--explain", r"\boxed{x = 0}", r"m\ddot{x} + kx = 0")
    assert r.stdout.splitlines()[0].startswith("equation: ") and json.loads(r.stdout.splitlines()[-1])["correct"] is False
    r = run("grade", "--explain", "1", "(x")           # an unreadable gold: one line, exit 2, nothing on stdout
    assert r.returncode == 2 and r.stdout == "" and "gold '(x'" in r.stderr and "Traceback" not in r.stderr

def test_demo_runs():
    r = run("demo")
    assert r.returncode == 0, r.stderr
    assert "check an equation" in r.stdout

ROOT = Path(__file__).resolve().parents[1]

def test_simulate_json_matches_closed_form():
    r = run("simulate", str(ROOT/"data"/"scenes"/"atwood.yaml"), "--query", "rope.tension@0.5", "--query", "left.speed@1.5", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    m1, m2, g = 2.0, 1.0, 9.81
    assert out["rope.tension@0.5"]["unit"] == "N"
    assert abs(out["rope.tension@0.5"]["value"] - 2*m1*m2*g/(m1 + m2)) < 0.005*2*m1*m2*g/(m1 + m2)
    assert abs(out["left.speed@1.5"]["value"] - (m1 - m2)*g/(m1 + m2)*1.5) < 0.005*(m1 - m2)*g/(m1 + m2)*1.5

def test_describe_and_render(tmp_path):
    r = run("describe", str(ROOT/"data"/"scenes"/"incline.yaml"))
    assert r.returncode == 0 and "kg" in r.stdout and ("°" in r.stdout or "degree" in r.stdout), r.stdout
    out = tmp_path/"clip.mp4"
    r = run("render", "pendulum", "--out", str(out), "--fps", "10", "--width", "160", "--height", "120")
    assert r.returncode == 0, r.stderr
    assert out.stat().st_size > 1000 and list(tmp_path.iterdir()) == [out]

def test_bad_scene_input_is_one_line_exit_2(tmp_path):
    bad = tmp_path/"bad.yaml"
    for text, where in [("name: x\nduration: 1\nentities:\n  box: {type: block_on_incline, mass: -1}\n", "entities.box"),
                        ("name: x\nduration: 1\nentities: [1, 2\n", "yaml"),
                        ("name: x\nduration: 1\nentities:\n  box: {type: nonsense}\n", "entities.box.type")]:
        bad.write_text(text)
        r = run("describe", str(bad))
        assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
        assert where in r.stderr.lower(), r.stderr
    r = run("simulate", "atwood", "--query", "left.nonsense@1")
    assert r.returncode == 2 and "nonsense" in r.stderr and r.stderr.count("\n") == 1, r.stderr

def test_bench_score_reproduces_fixture_verdicts(tmp_path):
    fx = ROOT/"tests"/"fixtures"/"physcibench"
    env_free = subprocess.run([EXE, "bench", "score", "--data", str(fx/"items.jsonl"), "--predictions", str(fx/"predictions.jsonl"),
                               "--out", str(tmp_path)], capture_output=True, text=True, timeout=300,
                              env={k: v for k, v in __import__("os").environ.items() if k != "PHYSCI_LAB_MODEL"})
    assert env_free.returncode == 0, env_free.stderr
    got = {v["id"]: v["outcome"] for v in map(json.loads, (tmp_path/"verdicts.jsonl").read_text().splitlines())}
    want = {v["id"]: v["outcome"] for v in map(json.loads, (fx/"expected_verdicts.jsonl").read_text().splitlines())}
    assert got == want
    assert (tmp_path/"report.md").exists()

HEAVY = ("anthropic", "openai", "torch", "transformers", "trl", "mujoco", "pint", "sympy", "scipy")

def test_help_loads_no_heavy_library():
    "`physci-lab CMD --help` for every command imports no model SDK, torch, simulator or units registry (benchmarks/bench_cli.py times it)."
    from physci_lab.cli import COMMANDS
    code = ("import sys, contextlib, io\nfrom physci_lab.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    try: main(sys.argv[1:])\n    except SystemExit: pass\n"
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))")
    for args in [[], ["--help"]] + [[c, "--help"] for c in COMMANDS]:
        r = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120, cwd=Path(physci_lab.__file__).parent.parent)
        assert r.returncode == 0, (args, r.stderr)
        assert r.stdout.strip().splitlines()[-1] == "[]", (args, r.stdout)

def test_grade_jsonl_grades_many_pairs_in_one_process(tmp_path):
    rows = [{"id": "a", "response": r"\boxed{0.5\,\mathrm{km/s}}", "gold": "500 m/s"},
            {"id": "b", "response": "Answer: 13.08 Joules", "gold": "13.08 N"},
            {"id": "c", "response": "-233", "gold": "-233 °N", "question": "ignored"},
            {"id": "d", "response": "1.2 m", "gold": "1 m", "rtol": 0.25}]
    (tmp_path/"pairs.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    r = run("grade", "--jsonl", str(tmp_path/"pairs.jsonl"), "--out", str(tmp_path/"v.jsonl"))
    assert r.returncode == 0 and r.stdout == "", r.stderr
    vs = [json.loads(l) for l in (tmp_path/"v.jsonl").read_text().splitlines()]
    assert [(v["id"], v["correct"]) for v in vs] == [("a", True), ("b", False), ("c", None), ("d", True)]
    assert "declined" in vs[2] and "4 pairs: 2 correct, 1 wrong, 1 declined" in r.stderr
    # a bad row anywhere: one line naming it, and no verdicts file at all
    (tmp_path/"bad.jsonl").write_text(json.dumps(rows[0]) + "\n" + json.dumps({"response": "1"}) + "\n")
    r = run("grade", "--jsonl", str(tmp_path/"bad.jsonl"), "--out", str(tmp_path/"v2.jsonl"))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "bad.jsonl:2: no \"gold\"" in r.stderr, r.stderr
    assert not (tmp_path/"v2.jsonl").exists()
    assert run("grade", "1", "1", "--jsonl", str(tmp_path/"pairs.jsonl")).returncode == 2

def test_list_and_schema(tmp_path):
    "`list` prints the scene reference made from the declarations; `schema` writes a JSON Schema every shipped scene validates against."
    r = run("list", "entities")
    assert r.returncode == 0 and "mass" in r.stdout and "(0, 1000] kg" in r.stdout and "connections:" in r.stdout, r.stderr
    for what, word in (("modes", "reverse"), ("quantities", "tension"), ("families", "atwood_incline")):
        r = run("list", what); assert r.returncode == 0 and word in r.stdout, (what, r.stderr)
    assert run("list", "nonsense").returncode == 2
    r = run("schema", "--out", str(tmp_path/"scene.schema.json"))
    assert r.returncode == 0, r.stderr
    schema = json.loads((tmp_path/"scene.schema.json").read_text())
    assert "mass" in json.dumps(schema["properties"]["entities"])
    try: import jsonschema
    except ImportError: return
    from physci_lab.sim.dsl import load_scene
    from physci_lab.core.io import data_path
    v = jsonschema.Draft202012Validator(schema)
    for p in sorted(data_path("scenes").glob("*.yaml")):
        assert not list(v.iter_errors(load_scene(str(p)).to_dict())), p.name
    assert not v.is_valid({"entities": {"box": {"type": "mass", "mass": -1}}})

def test_show_writes_a_record_scene_and_its_check_line_runs(tmp_path):
    "`show DIR --id ID --scene OUT.yaml` writes a record's scene; the check line a problem prints runs as printed and gives its answer."
    import shlex
    ds = tmp_path/"ds"
    assert run("generate", "--n", "6", "--seed", "0", "--out", str(ds), "--quiet").returncode == 0
    r = run("show", str(ds), "--n", "6", "--first")
    lines = [l for l in r.stdout.splitlines() if l.strip().startswith("check:")]
    assert len(lines) == 6   # every problem, whatever its mode, prints a check that runs
    for line in lines:
        show_cmd, sim_cmd = line.split("check:", 1)[1].split("&&")
        show_argv, sim_argv = shlex.split(show_cmd)[1:], shlex.split(sim_cmd)[1:]
        r1 = subprocess.run([EXE, *show_argv], capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert r1.returncode == 0 and (tmp_path/"scene.yaml").exists(), r1.stderr
        r2 = subprocess.run([EXE, *sim_argv, "--json"], capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert r2.returncode == 0, (line, r2.stderr)
    assert run("show", str(ds), "--id", "no-such-id").returncode == 2
    assert run("show", str(ds), "--scene", str(tmp_path/"x.yaml")).returncode == 2 and not (tmp_path/"x.yaml").exists()

def test_generate_from_your_own_scenes(tmp_path):
    "`generate --scenes FOLDER`: problems from scene files with ranges drawn per scene; same seed, same bytes; one-line errors."
    d = tmp_path/"mine"; d.mkdir()
    (d/"spring_box.yaml").write_text("entities:\n  floor: {type: floor}\n  wall: {type: wall}\n"
                                     "  box: {type: mass, mass: {range: [0.5, 2.0]}, on: floor, displacement: 0.1}\n"
                                     "springs:\n  spring: {between: [wall, box], k: {range: [50, 150]}}\n")
    outs = []
    for k in (1, 2):
        r = run("generate", "--n", "20", "--seed", "3", "--out", str(tmp_path/f"ds{k}"), "--scenes", str(d), "--quiet")
        assert r.returncode == 0, r.stderr
        outs.append(sorted((p.name, p.read_bytes()) for p in (tmp_path/f"ds{k}").glob("data-*")))
    assert outs[0] == outs[1] and outs[0]
    recs = [json.loads(l) for _, b in outs[0] for l in b.decode().splitlines()]
    assert {r["family"] for r in recs} == {"spring_box"} and len({r["scene_id"] for r in recs}) > 1
    (d/"bad.yaml").write_text("entities:\n  box: {type: mass, mass: {range: [2, 1]}}\n")
    r = run("generate", "--n", "5", "--out", str(tmp_path/"ds3"), "--scenes", str(d), "--quiet")
    assert r.returncode == 2 and "bad.yaml: entities.box.mass.range" in r.stderr and not (tmp_path/"ds3").exists(), r.stderr

def test_generate_scenes_short_and_empty(tmp_path):
    "`generate --scenes`: a fixed scene is drawn once and the run stops with one clear line; a scene that gives nothing says why per mode; --n is spread over a folder's scenes."
    d = tmp_path/"mine"; d.mkdir()
    (d/"a_spring.yaml").write_text("duration: 2\nentities:\n  ground: {type: floor, mu: 0}\n  post: {type: wall}\n"
                                   "  slider: {type: mass, mass: 1.0, on: ground, displacement: 0.1}\nsprings:\n  coil: {between: [post, slider], k: 100}\n")
    t0 = time.time()
    r = run("generate", "--n", "40", "--out", str(tmp_path/"ds1"), "--scenes", str(d/"a_spring.yaml"))
    assert time.time() - t0 < 90, "a fixed scene must not be redrawn for minutes"
    assert r.returncode == 2 and "fixed parameters" in r.stderr and "range: [1, 3]" in r.stderr and "widen --families" not in r.stderr, r.stderr
    m = json.loads((tmp_path/"ds1"/"manifest.json").read_text())
    assert 0 < m["counts"]["records"] < 40 and f"only {m['counts']['records']} of 40 problems" in r.stderr, r.stderr
    r2 = run("generate", "--n", "40", "--out", str(tmp_path/"ds1"), "--scenes", str(d/"a_spring.yaml"), "--resume", "--quiet")
    assert r2.returncode == 2 and "fixed parameters" in r2.stderr, r2.stderr   # a resumed run says the same, at once
    (d/"b_pinion.yaml").write_text("duration: 1\nentities:\n  bench: {type: floor, mu: 0, length: 20}\n  rack: {type: mass, mass: 2.0, on: bench}\n"
                                   "  gear: {type: pinion, mass: 2.0, radius: 0.1, rack: rack, torque: 1.0}\n")
    r = run("generate", "--n", "5", "--out", str(tmp_path/"ds2"), "--scenes", str(d/"b_pinion.yaml"), "--quiet")
    assert r.returncode == 2 and "widen --families" not in r.stderr and "b_pinion: numeric: all" in r.stderr and "no problem from 1 scene" in r.stderr, r.stderr
    assert r.stderr.strip().splitlines()[-1].startswith("physci-lab generate: error: --n: no problem") and not (tmp_path/"ds2").exists()
    for k in range(3): (d/f"c_ramp{k}.yaml").write_text(f"entities:\n  ramp: {{type: incline, angle: {{range: [20, 40]}}, mu: 0.{k + 1}}}\n  box: {{type: mass, mass: 2, on: ramp}}\n")
    r = run("generate", "--n", "8", "--out", str(tmp_path/"ds3"), "--scenes", str(d), "--quiet")
    assert r.returncode == 0, r.stderr
    m = json.loads((tmp_path/"ds3"/"manifest.json").read_text())
    assert len(m["counts"]["by_family"]) >= 4 and m["arguments"]["per_scene"] == 2, m["counts"]   # spread over the folder, not the first file's 12
    assert "numeric" in m["counts"]["why_none"]["b_pinion"] and m["drop_reasons"]["by_family"]["b_pinion"]["numeric"]   # why, per scene and mode
    assert "b_pinion: numeric: all" in r.stderr

def test_ranges_outside_generate(tmp_path):
    "A range in a scene given to describe/simulate: one line saying ranges are drawn by `generate --scenes` and a number to use; `list entities` says how ranges work."
    p = tmp_path/"r.yaml"; p.write_text("entities:\n  ramp: {type: incline, angle: {range: [20, 40]}}\n  box: {type: mass, mass: 2, on: ramp}\n")
    for argv in (("describe", str(p)), ("simulate", str(p), "--query", "box.speed@1")):
        r = run(*argv)
        assert r.returncode == 2 and "drawn only by `physci-lab generate --scenes`; give one number here, e.g. 30 deg" in r.stderr, r.stderr
        assert "Traceback" not in r.stderr
    r = run("list", "entities")
    assert r.returncode == 0 and "{range: [1, 3]}" in r.stdout and "generate --scenes" in r.stdout
