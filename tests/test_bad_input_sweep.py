"""The bad-input sweep (`tools/bad_input_sweep.py`) as a test: every `physci-lab` subcommand fed what a hostile but
legitimate user might type. `make test` runs a bounded sample spread over the subcommands; `make test-slow` (`--slow`) runs
every case. Goal, and assertion: 0 tracebacks, 0 hangs, 0 zero exits on bad input, 0 half-written outputs, and the good
commands among them (controls) still succeed."""
import sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT/'tools'))
import bad_input_sweep as sweep

SAMPLE = 48   # cases in `make test` (about a minute on two busy cores)

def check(outs):
    s = sweep.summary(outs)
    bad = [f'{o.case.id}: rc={o.rc} ' + ','.join(k for k in ('hang', 'traceback', 'zero_exit') if getattr(o, k))
           + (f' half-written {o.half_written[:3]}' if o.half_written else '') + f' | {(o.stderr.strip().splitlines() or [""])[-1][:200]}'
           for o in outs if o.failed]
    assert not bad, f'{s}\n' + '\n'.join(bad)
    return s

def test_the_sweep_covers_every_subcommand():
    from physci_lab.cli import COMMANDS
    cs = sweep.cases()
    assert len([c for c in cs if c.bad]) >= 400
    cmds = {c.argv[0] for c in cs if c.argv and not c.argv[0].startswith('-')}
    assert set(COMMANDS) - {'demo'} <= cmds, set(COMMANDS) - cmds   # `demo` takes no input
    assert len({c.id for c in cs}) == len(cs)

def test_a_sample_of_bad_inputs(tmp_path):
    s = check(sweep.sweep(sweep.sample(sweep.cases(), SAMPLE), workers=2, timeout=60, base=tmp_path))
    assert s['commands'] >= 14 and s['bad_input_cases'] >= SAMPLE - 4

@pytest.mark.slow
def test_every_bad_input(tmp_path):
    s = check(sweep.sweep(sweep.cases(), workers=2, timeout=60, base=tmp_path))
    print(s)
