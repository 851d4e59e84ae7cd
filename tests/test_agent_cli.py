"End-to-end tests of `physci-lab ask`, `physci-lab trace` and `physci-lab bench run`, run as subprocesses against recorded model responses served on 127.0.0.1."
import json, os, signal, subprocess, sys, time
from pathlib import Path
import pytest
from physci_lab.llm.recordings import ReplayServer, recording_path
from physci_lab.agent.trace import Trace
from physci_lab.core.io import read_jsonl

EXE = str(Path(sys.executable).parent/"physci-lab")
ROOT = Path(__file__).resolve().parents[1]
ITEMS = ROOT/"tests"/"fixtures"/"physcibench"/"items.jsonl"
QC = "How long does a stone dropped from rest take to fall 20 m (g = 9.81 m/s^2)?"

def env(**kw):
    "The environment of a user with no model configured, plus `kw`."
    e = {k: v for k, v in os.environ.items() if not k.startswith(("PHYSCI_LAB_", "ANTHROPIC_", "OPENAI_"))}
    e["NO_PROXY"] = ",".join(filter(None, [e.get("NO_PROXY"), "127.0.0.1", "localhost"]))
    return e | kw

def run(*args, timeout=120, **kw):
    return subprocess.run([EXE, *args], capture_output=True, text=True, timeout=timeout, env=env(**kw))

def test_ask_anthropic_with_trace(tmp_path):
    with ReplayServer(recording_path("agent/ask_anthropic.json")) as srv:
        r = run("ask", QC, "--model", "anthropic:claude-haiku-4-5", "--no-memory", "--trace", str(tmp_path/"run.jsonl"),
                PHYSCI_LAB_BASE_URL=srv.url, ANTHROPIC_API_KEY="test-key")
        assert r.returncode == 0, r.stderr
        srv.assert_done()
    assert r.stdout == "From h = g t²/2, t = √(2h/g) = 2.02 s (step s1).\n\nFinal answer: 2.02 s\n"
    for what in ("plan", "dispatch", "verdict", "answer", "stop", "trace: ", "accepted by the evaluator: True", "4 call(s), 2800 in + 600 out tokens, $0.005800"):
        assert what in r.stderr, (what, r.stderr)
    tr = Trace.load(tmp_path/"run.jsonl")
    assert tr.question == QC and tr.final == "2.02 s"
    assert [e.kind for e in tr.of("start", "plan", "answer", "stop")] == ["start", "plan", "answer", "stop"]
    assert tr.of("tool_call")[0].data["tool"] == "physics_solve"
    s = run("trace", str(tmp_path/"run.jsonl"))
    assert s.returncode == 0, s.stderr
    assert s.stdout.startswith(f"question: {QC}")
    for what in ("physics_solve", "outcome: done; accepted by the evaluator: True", "final answer: 2.02 s", "model usage:", "model_call 4"):
        assert what in s.stdout, (what, s.stdout)

def test_ask_openai(tmp_path):
    with ReplayServer(recording_path("agent/ask_openai.json")) as srv:
        r = run("ask", QC, "--model", "openai:gpt-4.1-mini", "--base-url", srv.url + "/v1", "--no-memory", OPENAI_API_KEY="test-key")
        assert r.returncode == 0, r.stderr
        srv.assert_done()
        assert srv.requests[0].path.endswith("/chat/completions") and srv.requests[0].body["response_format"]["type"] == "json_schema"
    assert r.stdout.endswith("Final answer: 2.02 s\n")

def test_ask_without_model_is_one_line_exit_2():
    r = run("ask", QC, "--no-memory")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr and "no model configured: set PHYSCI_LAB_MODEL" in r.stderr
    r = run("ask", QC, "--model", "anthropic:claude-haiku-4-5")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "set ANTHROPIC_API_KEY" in r.stderr

def test_trace_missing_file_is_one_line_exit_2(tmp_path):
    r = run("trace", str(tmp_path/"none.jsonl"))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "none.jsonl" in r.stderr

def _recording(name, fast=None, slow_s=0.0):
    "A recording served twice (the item in flight at Ctrl-C is asked again); past its first `fast` responses each waits `slow_s`."
    rec = json.loads(recording_path(f"agent/{name}").read_text())
    if fast is not None:
        for i in rec["interactions"][fast:]: i["response"]["delay_s"] = slow_s
    rec["interactions"] += json.loads(json.dumps(rec["interactions"]))
    return rec

def test_bench_run_ctrl_c_then_resume_then_score(tmp_path):
    out = tmp_path/"run"
    args = ["bench", "run", "--agent", "delve", "--data", str(ITEMS), "--out", str(out), "--workers", "1", "--no-memory",
            "--model", "anthropic:claude-haiku-4-5"]
    # the first three items (4 model calls each) come at once, every later response takes 2 s: the Ctrl-C lands mid-run however busy the machine
    with ReplayServer(_recording("bench_delve.json", fast=12, slow_s=2.0), ordered=False) as srv:
        kw = dict(PHYSCI_LAB_BASE_URL=srv.url, ANTHROPIC_API_KEY="test-key")
        # SIGINT back to its default in the child: a suite started in the background (`make test &`) ignores it, and children inherit that
        p = subprocess.Popen([EXE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(**kw),
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        res, t0 = out/"results.jsonl", time.time()
        while len(read_jsonl(res)) < 3 and time.time() - t0 < 600 and p.poll() is None: time.sleep(0.05)
        p.send_signal(signal.SIGINT)                              # Ctrl-C
        so, se = p.communicate(timeout=120)
        assert p.returncode == 130, se
        assert "interrupted" in se and so == ""
        assert not srv.mismatches
    done = read_jsonl(res)
    assert 3 <= len(done) < 15 and all(r["error"] is None and r["response"] for r in done)
    assert res.read_text().endswith("\n")                        # no torn line
    with ReplayServer(_recording("bench_delve.json"), ordered=False) as srv:
        kw = dict(PHYSCI_LAB_BASE_URL=srv.url, ANTHROPIC_API_KEY="test-key")
        r = run(*args, **kw)                                       # the re-run resumes
        assert r.returncode == 0, r.stderr
        summary = json.loads(r.stdout)
        assert summary["skipped"] == len(done) and summary["ran"] == 15 - len(done) and summary["failed"] == 0
        assert not srv.mismatches
    rows = read_jsonl(res)
    assert sorted(r["id"] for r in rows) == sorted(json.loads(l)["id"] for l in ITEMS.read_text().splitlines())
    assert len(list((out/"traces").glob("*.jsonl"))) == 15
    # the same judge scores the results file (no judge model: the four items that need one are ERROR, the rest scored)
    s = run("bench", "score", "--data", str(ITEMS), "--predictions", str(res), "--out", str(tmp_path/"scored"))
    assert s.returncode == 0, s.stderr
    v = {x["id"]: x for x in read_jsonl(tmp_path/"scored"/"verdicts.jsonl")}
    assert sum(x["outcome"] == "CORRECT" for x in v.values()) == 11
    assert {i for i, x in v.items() if x["outcome"] == "ERROR"} == {"chem-sr-03", "phys-sr-04", "phys-ed-01", "chem-ed-02"}

def test_bench_run_baseline_cost_cap_then_resume(tmp_path):
    args = ["bench", "run", "--agent", "baseline", "--data", str(ITEMS), "--out", str(tmp_path/"b"), "--workers", "1",
            "--model", "anthropic:claude-haiku-4-5"]
    with ReplayServer(recording_path("agent/bench_baseline.json"), ordered=False) as srv:
        url = ["--base-url", srv.url]
        r = run(*args, *url, "--budget-usd", "0.002", ANTHROPIC_API_KEY="test-key")   # each item costs $0.0009: stops after the third
        assert r.returncode == 0, r.stderr
        s = json.loads(r.stdout)
        assert (s["ran"], s["not_run"], s["stopped"]) == (3, 12, "budget")
        r = run(*args, *url, "--workers", "3", "--per-minute", "600", ANTHROPIC_API_KEY="test-key")   # resumes; rate-limited to one start per 0.1 s
        assert r.returncode == 0, r.stderr
        srv.assert_done()
    s = json.loads(r.stdout)
    assert (s["run"], s["ran"], s["failed"], s["skipped"], s["stopped"]) == ("baseline", 12, 0, 3, None)
    assert len(read_jsonl(tmp_path/"b"/"results.jsonl")) == 15

def test_bench_run_bad_input(tmp_path):
    r = run("bench", "run", "--data", str(tmp_path/"none.jsonl"), "--out", str(tmp_path/"x"), "--model", "anthropic:claude-haiku-4-5",
            ANTHROPIC_API_KEY="test-key")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "none.jsonl" in r.stderr
    r = run("bench", "run", "--data", str(ITEMS), "--out", str(tmp_path/"x"), "--ablate", "planner", "--model", "anthropic:claude-haiku-4-5",
            ANTHROPIC_API_KEY="test-key")
    assert r.returncode == 2 and "ablate 'planner'" in r.stderr

def test_ask_answers_the_four_questions_of_the_first_trial(tmp_path):
    "`physci-lab ask` answers the incline, the combustion, the formula from a PDF and the pendulum, replaying the trial's recordings (live ones once recorded, else the hand-written stand-in)."
    from physci_lab.agent.trial import trial_recordings, load_trial, FOUR, TRIAL_ITEMS
    from physci_lab.bench.data import load_bench
    from physci_lab.bench.judge import Judge
    folder = trial_recordings(); t = load_trial(folder); st = t['settings']
    items, judge = {it.id: it for it in load_bench(TRIAL_ITEMS)}, Judge(None)
    for iid in FOUR:
        row = next(r for r in t['rows'] if r['id'] == iid and r['agent'] == 'delve')
        it = items[iid]
        with ReplayServer(folder/row['recording']) as srv:
            r = run("ask", it.question, *(["--files", *map(str, it.files)] if it.files else []), "--model", st.model, "--base-url", srv.url + st.api_prefix,
                    "--memory", str(tmp_path/f"{iid}.sqlite"), "--max-steps", str(st.max_steps), "--max-time-s", str(st.max_time_s), "--trace", str(tmp_path/f"{iid}.jsonl"),
                    PHYSCI_LAB_RETRIEVER="bm25", PHYSCI_LAB_VISION="1" if st.vision else "0", timeout=300)
            assert r.returncode == 0, (iid, r.stderr[-2000:])
            srv.assert_done()
        assert judge(it, r.stdout).outcome == "CORRECT", (iid, r.stdout)
        assert Trace.load(tmp_path/f"{iid}.jsonl").of("rejected") == []

def test_ask_crafted_expression_runs_no_code(tmp_path):
    "A physics step whose formula is a crafted Python call: refused by the expression reader, no file written, the run recovers."
    mark = Path("/tmp/physci_lab_crafted_expression_ran"); mark.unlink(missing_ok=True)
    with ReplayServer(recording_path("agent/crafted.json")) as srv:
        r = run("ask", QC, "--model", "anthropic:claude-haiku-4-5", "--no-memory", "--trace", str(tmp_path/"t.jsonl"), PHYSCI_LAB_BASE_URL=srv.url, ANTHROPIC_API_KEY="test-key")
        srv.assert_done()
    assert r.returncode == 0, r.stderr
    assert not mark.exists()
    assert r.stdout.endswith("Final answer: 2.02 s\n")
    tr = Trace.load(tmp_path/"t.jsonl")
    assert "cannot read" in tr.of("result")[0].data["error"] and tr.of("observe")[0].data["decision"] == "revise"

def test_ask_budget_answers_unverified_with_exit_3():
    "A step budget that runs out: the answer rests on the verified steps, says so, and the exit status is 3."
    rec = json.loads(recording_path("agent/budgets.json").read_text())
    rec["interactions"] = rec["interactions"][:3]
    with ReplayServer(rec) as srv:
        r = run("ask", "How long does a 1.0 kg stone dropped from 45 m take to fall, and how fast does it land?", "--model", "anthropic:claude-haiku-4-5",
                "--no-memory", "--max-steps", "2", PHYSCI_LAB_BASE_URL=srv.url, ANTHROPIC_API_KEY="test-key")
        srv.assert_done()
    assert r.returncode == 3, r.stderr
    assert r.stdout.startswith("(Unverified: the step budget ran out") and r.stdout.endswith("Final answer: 3.03 s and 29.7 m/s\n")
    assert "unverified: the step budget ran out" in r.stderr and "Traceback" not in r.stderr

def test_ask_unpriced_model_warns_and_obeys_a_token_budget():
    "A model without a price: --budget-usd cannot stop it (one warning line says so); --budget-tokens does."
    with ReplayServer(recording_path("agent/ask_openai.json")) as srv:
        r = run("ask", QC, "--model", "openai-compatible:my-local-model", "--base-url", srv.url + "/v1", "--no-memory", "--budget-usd", "0.01",
                "--budget-tokens", "1000")
        assert len(srv.requests) == 2   # plan (850 tokens), observation (1700): no third call
    assert "warning: openai-compatible:my-local-model has no price, so the cost is unknown and --budget-usd 0.01 cannot stop the run; use --budget-tokens" in r.stderr
    assert r.stderr.count("warning:") == 1 and "CostUnknownWarning" not in r.stderr
    assert r.returncode == 3 and "cost budget" in r.stderr
    assert r.stdout.strip().endswith("Final answer: 2.019275109 s")

def test_ask_an_empty_reply_is_no_answer(tmp_path):
    "A model that replies with nothing gives no answer: exit 1 with a line saying so, nothing on stdout (not an empty answer and exit 0)."
    empty = {"status": 200, "body": {"id": "chatcmpl-empty", "object": "chat.completion", "created": 1767225600, "model": "m",
                                     "choices": [{"index": 0, "message": {"role": "assistant", "content": ""}, "finish_reason": "stop"}],
                                     "usage": {"prompt_tokens": 10, "completion_tokens": 0, "total_tokens": 10}}}
    with ReplayServer([{"request": {"method": "POST", "path": "/v1/chat/completions"}, "response": empty}] * 20) as srv:
        r = run("ask", QC, "--agent", "baseline", "--model", "openai-compatible:m", "--base-url", srv.url + "/v1", "--no-memory",
                "--max-steps", "2", OPENAI_API_KEY="test-key")
    assert r.returncode == 1, (r.returncode, r.stdout, r.stderr)
    assert r.stdout == "" and "no answer" in r.stderr and "Traceback" not in r.stderr, r.stderr
