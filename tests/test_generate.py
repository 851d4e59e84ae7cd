"End-to-end tests of `physci-lab generate` and `physci-lab show`, run as subprocesses like a user would (real problem generator)."
import json, os, signal, subprocess, sys, time
from pathlib import Path
import pytest

EXE = str(Path(sys.executable).parent/"physci-lab")
FAMS = ["fixed_pulley", "spring_horizontal"]
ARGS = ["--n", "60", "--seed", "1", "--families", *FAMS, "--shard-size", "5", "--quiet"]

def cmd(*args): return [EXE, *args]

def run(*args, timeout=300):
    return subprocess.run(cmd(*map(str, args)), capture_output=True, text=True, timeout=timeout, env={**os.environ, "HF_HUB_OFFLINE": "1"})

def files(d, skip=("timings.json",)):
    return {p.name: p.read_bytes() for p in sorted(Path(d).iterdir()) if p.name not in skip}

@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    "The same run with one and with two workers."
    base = tmp_path_factory.mktemp("gen")
    out = {}
    for w in (1, 2):
        r = run("generate", *ARGS, "--out", base/f"w{w}", "--workers", w)
        assert r.returncode == 0, r.stderr
        assert "60 problems" in r.stdout
        out[w] = base/f"w{w}"
    return out

def test_same_bytes_whatever_the_workers(runs):
    a, b = files(runs[1]), files(runs[2])
    assert a == b and "manifest.json" in a and len([f for f in a if f.startswith("data-")]) == 12
    m = json.loads(a["manifest.json"])
    assert m["counts"]["records"] == 60 and set(m["counts"]["by_family"]) <= set(FAMS)
    assert sum(len(p.read_text().splitlines()) for p in runs[1].glob("data-*.jsonl")) == 60
    assert json.loads((runs[2]/"timings.json").read_text())["workers"] == 2

def test_records_reproduce_with_simulate(runs, tmp_path):
    "A sample spread over the modes, through the real CLI: each reproduce query on the record's own scene YAML."
    recs = [json.loads(l) for p in sorted(runs[1].glob("data-*.jsonl")) for l in p.read_text().splitlines()]
    assert len({r["id"] for r in recs}) == 60
    from physci_lab.problems.questions import derive_answer
    by_mode = {}
    for r in recs: by_mode.setdefault(r["mode"], []).append(r)
    assert len(by_mode) >= 4, sorted(by_mode)
    for mode, rs in sorted(by_mode.items()):
        r = rs[len(rs)//2]
        items = json.loads(r["reproduce"]); qs = [it["query"] for it in items if it.get("query")]
        (tmp_path/"scene.yaml").write_text(r["scene"])
        s = run("simulate", tmp_path/"scene.yaml", *[a for q in qs for a in ("--query", q)], "--json")
        assert s.returncode == 0, s.stderr
        got = json.loads(s.stdout); sim = {q: got[q]["value"] for q in qs}
        for it in items:
            if it.get("query"): assert abs(sim[it["query"]] - it["value"]) <= max(r["tolerance"]*abs(it["value"]), it.get("atol", 0), 1e-9), (mode, it, sim)
        if any(it.get("param") for it in items): sim.update({it["param"]: it["value"] for it in items if it.get("param")})
        assert abs(derive_answer(items, sim) - r["answer_value"]) <= r["tolerance"]*abs(r["answer_value"]), (mode, r["question"])

def test_every_record_of_every_family_and_mode_reproduces(tmp_path):
    "A small dataset over all families and modes: EVERY record's answer reproduces through `sim.query_scene` (one simulation per scene)."
    from physci_lab.problems.dataset import load_records
    from physci_lab.problems.questions import check_reproduce, PROBLEM_FAMILIES, MODES
    from physci_lab.sim.simulation import query_scene
    r = run("generate", "--n", "100", "--seed", "3", "--per-scene", "5", "--out", tmp_path/"all", "--quiet")
    assert r.returncode == 0, r.stderr
    recs = load_records(tmp_path/"all")
    assert len(recs) == 100 and len({x["family"] for x in recs}) >= len(PROBLEM_FAMILIES) - 3 and {x["mode"] for x in recs} == set(MODES)
    scenes = {}
    for x in recs: scenes.setdefault(x["scene"], set()).update(it["query"] for it in x["reproduce"] if it.get("query"))
    answers = {y: query_scene(y, sorted(qs)) for y, qs in scenes.items()}
    bad = []
    for x in recs:
        res = check_reproduce(x, simulate=lambda qs, y=x["scene"]: {q: answers[y][q] for q in qs})
        if not res["ok"]: bad.append((x["family"], x["mode"], x["question"].splitlines()[-1], res))
    assert not bad, bad[:3]
    assert max(sum(1 for x in recs if x["scene_id"] == s) for s in {x["scene_id"] for x in recs}) <= 5

def test_sigkill_then_resume_gives_the_same_bytes(runs, tmp_path):
    out = tmp_path/"killed"
    p = subprocess.Popen(cmd("generate", *ARGS, "--out", str(out), "--workers", "2"), start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t0 = time.time()
    while time.time() - t0 < 240 and len(list(out.glob("data-*.jsonl"))) < 2: time.sleep(0.01)
    os.killpg(p.pid, signal.SIGKILL); p.wait()   # the run, its forkserver and its workers, mid-run
    assert len(list(out.glob("data-*.jsonl"))) >= 2 and not (out/"manifest.json").exists()
    r = run("generate", *ARGS, "--out", out)   # without --resume: refused, nothing touched
    assert r.returncode == 2 and "--resume" in r.stderr
    r = run("generate", *ARGS, "--out", out, "--resume")
    assert r.returncode == 0, r.stderr
    assert files(out) == files(runs[1])

def test_bad_input_is_one_line_exit_2(runs, tmp_path):
    fresh = tmp_path/"fresh"
    for args, msg in [(["--n", "0"], "--n"), (["--n", "5", "--families", "nope"], "unknown family 'nope'"),
                      (["--n", "5", "--modes", "nope"], "unknown mode 'nope'"), (["--n", "5", "--workers", "0"], "--workers")]:
        r = run("generate", *args, "--out", fresh, "--quiet")
        assert r.returncode == 2 and r.stdout == "" and msg in r.stderr, r.stderr
        assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
        assert not fresh.exists()
    before = files(runs[1], skip=())
    r = run("generate", "--n", "61", "--seed", "1", "--families", *FAMS, "--shard-size", "5", "--out", runs[1], "--resume")
    assert r.returncode == 2 and "other arguments" in r.stderr
    assert files(runs[1], skip=()) == before

def test_show_previews_problems(runs, tmp_path):
    r = run("show", runs[1], "--n", "2")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("answer:") == 2 and "60 problems" in r.stdout
    assert len({l.split(" · ")[1] for l in r.stdout.splitlines() if l.startswith("[")}) == 2   # two different modes
    r = run("show", runs[1], "--n", "1", "--first")
    first = json.loads((runs[1]/"data-00000.jsonl").read_text().splitlines()[0])
    assert r.returncode == 0 and first["answer"] in r.stdout
    r = run("show", tmp_path)
    assert r.returncode == 2 and "not a finished physci-lab dataset" in r.stderr

def test_composed_problems_every_tier_reproduce_and_agree(tmp_path):
    "`generate --composed`: scenes of every tier, deterministic; every record reproduces through `sim.query_scene` and its key agrees with the independent derivation."
    from physci_lab.problems.dataset import load_records
    from physci_lab.problems.questions import check_reproduce
    from physci_lab.problems.composed import check_record
    from physci_lab.sim.simulation import query_scene
    args = ["generate", "--n", "30", "--seed", "2", "--composed", "--per-scene", "5", "--quiet"]
    r = run(*args, "--out", tmp_path/"a")
    assert r.returncode == 0, r.stderr
    recs = load_records(tmp_path/"a")
    assert len(recs) == 30 and {x["family"] for x in recs} == {"composed_1", "composed_2", "composed_3"}
    m = json.loads((tmp_path/"a"/"manifest.json").read_text())
    assert m["arguments"]["generator"] == "physci_lab.problems.composed:composed_problems"
    scenes = {}
    for x in recs: scenes.setdefault(x["scene"], set()).update(it["query"] for it in x["reproduce"] if it.get("query"))
    answers = {y: query_scene(y, sorted(qs)) for y, qs in scenes.items()}
    for x in recs:
        assert check_reproduce(x, simulate=lambda qs, y=x["scene"]: {q: answers[y][q] for q in qs})["ok"], x["question"]
        c = check_record(x)
        assert c["applies"] and c["agrees"] and x["checks"]["independent"]["agrees"], (x["question"], c)
    r2 = run(*args, "--out", tmp_path/"b")
    assert r2.returncode == 0 and files(tmp_path/"a") == files(tmp_path/"b")

def test_tier_needs_composed(tmp_path):
    r = run("generate", "--n", "5", "--tier", "2", "--out", tmp_path/"x", "--quiet")
    assert r.returncode == 2 and r.stdout == "" and "--tier: only with --composed" in r.stderr and not (tmp_path/"x").exists(), r.stderr
