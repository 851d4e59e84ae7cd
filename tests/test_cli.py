"End-to-end tests of the `physci-lab` console command, run as a subprocess like a user would."
import json, subprocess, sys
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

def test_demo_runs():
    r = run("demo")
    assert r.returncode == 0, r.stderr
    assert "check an equation" in r.stdout
