"""The live trial: delve and the baseline side by side on the trial set, against an OpenAI-compatible endpoint.

Every HTTP exchange goes through a RecordingProxy and is kept as a recording labelled `live`; the bench judge scores
each answer; the per-question table (answered, correct, model calls, rejected calls with reasons) is printed and
written next to the recordings. The recordings then run as replay tests (nbs/agent/63c_trial.ipynb).

    # a vLLM server (tool calling on; see nbs/llm/30b_chat_backends.ipynb for the flags of other models):
    vllm serve Qwen/Qwen3-32B --enable-auto-tool-choice --tool-call-parser hermes --reasoning-parser qwen3 --max-model-len 32768
    python tools/live_trial.py --model openai-compatible:Qwen/Qwen3-32B --base-url http://127.0.0.1:8000/v1

    # resume after an interruption (finished questions are kept); --redo answers them again; --only ID ... a subset
    python tools/live_trial.py --model ... --base-url ... --only trial-sr-phys-07 trial-sr-chem-10

    # two agents side by side (two endpoints, each answered by its own person or model), then put together and judged:
    python tools/live_trial.py --model ... --base-url http://127.0.0.1:18811/v1 --agents delve --no-judge --out /tmp/t-delve --only ...
    python tools/live_trial.py --model ... --base-url http://127.0.0.1:18812/v1 --agents baseline --no-judge --out /tmp/t-baseline --only ...
    python tools/live_trial.py --merge /tmp/t-delve /tmp/t-baseline

Writes tests/recordings/trial/{delve,baseline}/ID.json, judge.json, results.json and results.md (--out to change).
A model with vision (for the two plot questions) is declared with PHYSCI_LAB_VISION=1 when its name does not say so.
"""
import argparse, sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from physci_lab.core.io import UserInputError
from physci_lab.llm.recordings import recording_path, RECORDING_KINDS
from physci_lab.agent.trial import run_trial, merge_trial, trial_table, trial_goals, AGENTS, TRIAL_ITEMS

def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split('\n', 2)[2])
    p.add_argument('--model', help="the model as get_llm reads it, e.g. openai-compatible:Qwen/Qwen3-32B (not with --merge)")
    p.add_argument('--base-url', help='the endpoint, e.g. http://127.0.0.1:8000/v1 (not with --merge)')
    p.add_argument('--merge', nargs='+', metavar='FOLDER', default=[], help='put the rows of these trial folders into --out (recordings copied, new rows judged) instead of running')
    p.add_argument('--out', default=str(recording_path('trial')), help='recordings and results (default tests/recordings/trial)')
    p.add_argument('--items', default=str(TRIAL_ITEMS), help='the questions (PhySciBench format; default data/bench/trial/items.jsonl)')
    p.add_argument('--agents', default=','.join(AGENTS), help='delve,baseline (default both)')
    p.add_argument('--only', nargs='+', default=[], help='item ids to run (default all)')
    p.add_argument('--judge-model', help='the LLM judge for rubric items (default --model)')
    p.add_argument('--judge-base-url', help="the judge's endpoint when it is not --base-url")
    p.add_argument('--no-judge', action='store_true', help='answer only; judge later (e.g. after putting the rows of several runs together)')
    p.add_argument('--kind', default='live', choices=RECORDING_KINDS, help="the recordings' label: live, or hand-written for replies written by hand")
    p.add_argument('--max-steps', type=int, default=10); p.add_argument('--max-time-s', type=float, default=3600)
    p.add_argument('--temperature', type=float, default=0.0); p.add_argument('--max-tokens', type=int, default=4096)
    p.add_argument('--budget-tokens', type=int, help='per question')
    p.add_argument('--timeout-s', type=float, default=120, help='per model call (raise it for a model answered by hand through a file-model endpoint)')
    p.add_argument('--redo', action='store_true', help='answer again the questions already recorded')
    a = p.parse_args(argv)
    if not a.merge and not (a.model and a.base_url): p.error('--model and --base-url are required (or --merge FOLDER ...)')
    try:
        if a.merge: rows = merge_trial(a.out, a.merge, a.items, a.judge_model, a.judge_base_url, timeout_s=a.timeout_s)
        else: rows = run_trial(a.model, a.base_url, a.out, a.items, tuple(x for x in a.agents.split(',') if x), tuple(a.only), a.judge_model, a.kind, a.redo, judge_base_url=a.judge_base_url, judge=not a.no_judge,
                         max_steps=a.max_steps, max_time_s=a.max_time_s, temperature=a.temperature, max_tokens=a.max_tokens, budget_tokens=a.budget_tokens, timeout_s=a.timeout_s)
    except UserInputError as e: print(f'error: {e}', file=sys.stderr); return 2
    print(); print(trial_table(rows, a.kind)); print()
    for k, v in trial_goals(rows).items(): print(f"{'✓' if v else '✗'} {k}")
    return 0

if __name__ == '__main__': sys.exit(main())
