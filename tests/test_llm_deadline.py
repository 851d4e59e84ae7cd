"""The model-server boundary against a server that misbehaves (tools/hostile_model_server.py): both agents and the judge end within
their time limit whatever the server does, every bad reply is one line naming the server, and the command line's small edges
(a Ctrl-C while loading, control characters in --base-url, a 40-digit memory id) are one line each."""
import os, signal, subprocess, sys, time
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT/"tools"))
from hostile_model_server import HostileServer, MODES
from physci_lab.llm.chat import get_llm, time_limit, LLMError
from physci_lab.agent.delve import Agent
from physci_lab.bench.judge import Judge, JudgeSetupError

os.environ["NO_PROXY"] = ",".join(filter(None, [os.environ.get("NO_PROXY"), "127.0.0.1", "localhost"]))
EXE = str(Path(sys.executable).parent/"physci-lab")
LIMIT, MARGIN = 3.0, 1.5   # seconds: each run must end by LIMIT + MARGIN
SLOW = ("silent", "trickle", "truncated")   # the modes that only a time limit ends

def env(**kw):
    e = {k: v for k, v in os.environ.items() if not k.startswith(("PHYSCI_LAB_", "ANTHROPIC_", "OPENAI_"))}
    return e | {"NO_PROXY": "127.0.0.1,localhost"} | kw

@pytest.fixture(scope="module", autouse=True)
def warm():
    "Load what a first run loads (the SDK, jsonschema) once, so the timings below measure the runs."
    with HostileServer("ok") as s: Agent(get_llm("openai-compatible:m", base_url=s.url), kind="delve", max_time_s=30).run("What is g?")

@pytest.mark.parametrize("kind", ["baseline", "delve"])
@pytest.mark.parametrize("mode", list(MODES))
def test_agent_ends_within_its_time_limit(kind, mode):
    "Every mode, both agents: the run ends by the limit (+ a small margin); a failing server gives no answer and a one-line reason naming it."
    with HostileServer(mode) as srv:
        agent = Agent(get_llm("openai-compatible:m", base_url=srv.url), kind=kind, max_time_s=LIMIT)
        t0 = time.monotonic()
        r = agent.run("What is g?")
        took = time.monotonic() - t0
    assert took < LIMIT + MARGIN, (kind, mode, took)
    detail = r.trace.stop.get("detail") or ""
    if mode == "ok":
        assert r.stopped == "done" and r.response.strip(), (r.stopped, detail)
        return
    assert not r.response.strip(), (mode, r.response)   # no answer, never an empty one
    if mode in SLOW: assert r.stopped == "time budget", r.stopped
    if mode in ("silent", "trickle"): assert took > LIMIT - 0.5, took   # ended by the limit, not before (a cut-off reply may end sooner: no retry fits)
    if mode != "empty-content" or kind == "delve":
        assert srv.url in detail and "\n" not in detail, detail   # the reason names the server, in one line

def test_agent_timings_hold_for_the_slow_modes():
    "The figure the issue asked for: silent, trickle and a cut-off reply each end within LIMIT + MARGIN (printed for the report)."
    took = {}
    for mode in SLOW:
        with HostileServer(mode) as srv:
            t0 = time.monotonic()
            Agent(get_llm("openai-compatible:m", base_url=srv.url), kind="baseline", max_time_s=LIMIT).run("What is g?")
            took[mode] = round(time.monotonic() - t0, 2)
    print(took)
    assert all(t < LIMIT + MARGIN for t in took.values()) and took["silent"] > LIMIT - 0.5 and took["trickle"] > LIMIT - 0.5, took

@pytest.mark.parametrize("mode", [m for m in MODES if m != "ok"])
def test_judge_check_is_one_line_within_its_limit(mode):
    "`bench score`'s judge: its start-up check against each bad server is a one-line JudgeSetupError naming the server, within the limit."
    with HostileServer(mode) as srv:
        j = Judge(get_llm("openai-compatible:m", base_url=srv.url, temperature=0), max_time_s=LIMIT)
        t0 = time.monotonic()
        with pytest.raises(JudgeSetupError) as e: j.check()
    assert time.monotonic() - t0 < LIMIT + MARGIN
    assert srv.url in str(e.value) and "\n" not in str(e.value), str(e.value)

def test_a_retry_after_of_a_day_fails_at_once():
    for mode in ("retry-after-429", "retry-after-503"):
        with HostileServer(mode) as srv:
            llm = get_llm("openai-compatible:m", base_url=srv.url)
            t0 = time.monotonic()
            with time_limit(60), pytest.raises(LLMError) as e: llm.chat("hi")
            assert time.monotonic() - t0 < 1.0
            assert "retry after 86400 s" in str(e.value) and srv.url in str(e.value)

def run(*args, timeout=120, **kw):
    return subprocess.run([EXE, *args], capture_output=True, text=True, timeout=timeout, env=env(**kw))

@pytest.mark.parametrize("agent", ["baseline", "delve"])
def test_ask_against_a_silent_server_ends_with_one_line_exit_1(agent):
    with HostileServer("silent") as srv:
        t0 = time.monotonic()
        r = run("ask", "What is g?", "--agent", agent, "--model", "openai-compatible:m", "--base-url", srv.url, "--no-memory", "--max-time-s", "3")
        took = time.monotonic() - t0
    assert r.returncode == 1 and r.stdout == "", (r.returncode, r.stdout, r.stderr)
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith("no answer: time budget (") and srv.url in last and "Traceback" not in r.stderr, r.stderr
    assert took < 60, took   # the process (imports included) ends; the run itself is timed in-process above

def test_bench_run_and_eval_with_a_bad_server_exit_1_and_keep_nothing(tmp_path):
    items = tmp_path/"items.jsonl"
    items.write_text("".join(l for l in (ROOT/"tests"/"fixtures"/"physcibench"/"items.jsonl").read_text().splitlines(keepends=True)
                             if '"phys-sr-01"' in l or '"phys-sr-02"' in l))
    with HostileServer("html") as srv:
        r = run("bench", "run", "--agent", "baseline", "--data", str(items), "--out", str(tmp_path/"run"), "--model", "openai-compatible:m",
                "--base-url", srv.url, "--no-memory", "--max-time-s", "3")
        e = run("eval", "--model", "openai-compatible:m", "--base-url", srv.url, "--benchmarks", str(items), "--out", str(tmp_path/"ev"), "--quiet")
    assert r.returncode == 1 and "every one of the 2 items failed" in r.stderr and "HTML page" in r.stderr and "nothing kept" in r.stderr, r.stderr
    assert r.stderr.strip().splitlines()[-1].startswith("physci-lab bench run: error: ") and "Traceback" not in r.stderr and not (tmp_path/"run").exists()
    assert e.returncode == 1 and "HTML page" in e.stderr and "nothing kept" in e.stderr and not (tmp_path/"ev").exists(), e.stderr

def test_an_early_ctrl_c_is_one_line_exit_130():
    "A Ctrl-C while `physci-lab ask` is still loading (after the interpreter's own start-up): one line, exit 130, no traceback."
    for delay in (0.4, 1.0):
        p = subprocess.Popen([EXE, "ask", "What is g?", "--model", "openai-compatible:m", "--base-url", "http://127.0.0.1:9/v1", "--no-memory"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env())
        time.sleep(delay); p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
        if p.returncode == 2 and "nothing answers" in err: continue   # it got past loading before the signal: nothing to check
        assert p.returncode == 130 and "Traceback" not in err and "KeyboardInterrupt" not in err, (delay, p.returncode, err)
        assert err.count("\n") == 1 and err.rstrip().endswith("interrupted"), err

@pytest.mark.parametrize("url", ["http://127.0.0.1:1/v1\nX", "http://127.0.\t0.1/v1", "http://h/\x1b[2J"])
def test_control_characters_in_base_url_are_one_line(url):
    r = run("ask", "What is g?", "--model", "openai-compatible:m", "--base-url", url, "--no-memory")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "control character" in r.stderr, r.stderr
    r = run("ask", "What is g?", "--model", "openai-compatible:m", "--no-memory", PHYSCI_LAB_BASE_URL=url)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "PHYSCI_LAB_BASE_URL" in r.stderr and "control character" in r.stderr, r.stderr

def test_memory_delete_of_a_40_digit_id_is_one_line(tmp_path):
    r = run("memory", "delete", "1" * 40, "--db", str(tmp_path/"m.sqlite"))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "not found" in r.stderr and "internal error" not in r.stderr, r.stderr
