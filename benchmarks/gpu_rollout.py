#!/usr/bin/env python
"""Rollout throughput and training-step time of a randomly initialised Qwen2.5-0.5B-shaped model, with and without vLLM.

    python benchmarks/gpu_rollout.py             # one GPU: under 8 minutes on an H200, prints a table
    python benchmarks/gpu_rollout.py --json      # the same, as one JSON object on the last line
    python benchmarks/gpu_rollout.py --smoke     # tiny shapes on the CPU: checks that the script works (seconds)

Nothing is downloaded: the model is built from Qwen2.5-0.5B's config numbers (written out below) with random weights,
and prompts are random token ids, so no tokenizer is needed. Needs torch and transformers; vLLM and peft are optional
(their rows say 'skipped' when they are missing).

Measured:
- rollout tokens/s: transformers `generate` (sampling at temperature 1, every completion forced to full length), and
  vLLM's offline engine (`load_format='dummy'`: random weights) on the same prompts, in a child process so its memory
  pool does not share the GPU with the training measurements;
- one training step (ms): forward and backward of GSPO's sequence-level clipped loss over prompt+completion sequences,
  then AdamW, bf16 weights, gradient checkpointing on; full fine-tuning, and LoRA r=16 on every linear layer when peft
  is installed.
"""
import argparse, json, os, subprocess, sys, tempfile, time

QWEN25_05B = dict(vocab_size=151936, hidden_size=896, intermediate_size=4864, num_hidden_layers=24, num_attention_heads=14,
                  num_key_value_heads=2, max_position_embeddings=32768, rope_theta=1000000.0, rms_norm_eps=1e-6,
                  tie_word_embeddings=True, hidden_act='silu', bos_token_id=151643, eos_token_id=151645)
SMOKE = dict(QWEN25_05B, vocab_size=512, hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
             num_key_value_heads=2, max_position_embeddings=512, bos_token_id=0, eos_token_id=1)
# (prompts, prompt tokens, new tokens) for rollouts; (sequences, tokens each, completion tokens) for a training step
GPU_SIZES = dict(rollout=[(64, 256, 512), (256, 256, 512)], train=(16, 1024, 768), repeats=3)
SMOKE_SIZES = dict(rollout=[(2, 8, 4)], train=(2, 16, 8), repeats=1)


def _config(shapes):
    from transformers import Qwen2Config
    return Qwen2Config(**shapes)


def _model(shapes, device, dtype, seed=0):
    import torch
    from transformers import Qwen2ForCausalLM
    torch.manual_seed(seed)
    m = Qwen2ForCausalLM(_config(shapes)).to(device=device, dtype=dtype)
    return m


def _sync(device):
    import torch
    if device == 'cuda': torch.cuda.synchronize()


def hf_rollout(model, vocab, batch, prompt_len, new_tokens, device):
    "Generated tokens/s of transformers `generate` (sampling, full-length completions)."
    import torch
    g = torch.Generator(device='cpu').manual_seed(0)
    ids = torch.randint(2, vocab, (batch, prompt_len), generator=g).to(device)
    kw = dict(do_sample=True, temperature=1.0, top_p=1.0, top_k=0, pad_token_id=0, eos_token_id=None)
    with torch.no_grad():
        model.generate(ids[:, :8], attention_mask=torch.ones_like(ids[:, :8]), max_new_tokens=4, min_new_tokens=4, **kw)  # warm-up
        _sync(device); t0 = time.perf_counter()
        out = model.generate(ids, attention_mask=torch.ones_like(ids), max_new_tokens=new_tokens, min_new_tokens=new_tokens, **kw)
        _sync(device); dt = time.perf_counter() - t0
    n = (out.shape[1] - prompt_len) * batch
    return n / dt, dt


def vllm_rollout(shapes, sizes):
    "Generated tokens/s of vLLM's engine on random weights; runs in this process (call it in a child)."
    import vllm
    d = tempfile.mkdtemp(prefix='qwen05b-dummy-')
    cfg = _config(shapes); cfg.architectures = ['Qwen2ForCausalLM']; cfg.torch_dtype = 'bfloat16'
    cfg.save_pretrained(d)
    llm = vllm.LLM(model=d, load_format='dummy', skip_tokenizer_init=True, dtype='bfloat16', seed=0,
                   gpu_memory_utilization=0.6, max_model_len=2048)
    import random
    rng = random.Random(0)
    rows = []
    for batch, p, n in sizes:
        prompts = [{'prompt_token_ids': [rng.randrange(2, shapes['vocab_size']) for _ in range(p)]} for _ in range(batch)]
        sp = vllm.SamplingParams(max_tokens=n, min_tokens=n, ignore_eos=True, temperature=1.0, detokenize=False)
        llm.generate(prompts[:4], vllm.SamplingParams(max_tokens=4, ignore_eos=True, detokenize=False), use_tqdm=False)  # warm-up
        t0 = time.perf_counter()
        outs = llm.generate(prompts, sp, use_tqdm=False)
        dt = time.perf_counter() - t0
        rows.append(dict(batch=batch, prompt=p, new=n, tokens_per_s=sum(len(o.outputs[0].token_ids) for o in outs) / dt, seconds=dt))
    return rows


def train_step_ms(model, vocab, batch, seq_len, completion_len, device, repeats, lora=False):
    "Mean wall time (ms) of one GSPO training step: forward, sequence-level clipped loss, backward, AdamW."
    import torch
    if lora:
        from peft import LoraConfig, get_peft_model
        model = get_peft_model(model, LoraConfig(r=16, lora_alpha=32, target_modules='all-linear', task_type='CAUSAL_LM'))
    model.train()
    model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={'use_reentrant': False})
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=1e-6, **({'fused': True} if device == 'cuda' else {}))
    g = torch.Generator(device='cpu').manual_seed(1)
    ids = torch.randint(2, vocab, (batch, seq_len), generator=g).to(device)
    adv = torch.randn(batch, generator=g).to(device)
    c0 = seq_len - completion_len

    def step():
        logits = model(input_ids=ids).logits[:, c0 - 1:-1]
        logp = torch.log_softmax(logits.float(), -1).gather(-1, ids[:, c0:, None]).squeeze(-1)
        ratio = torch.exp(logp.mean(1) - logp.mean(1).detach())        # GSPO: one importance ratio per sequence
        loss = -torch.minimum(ratio * adv, ratio.clamp(1 - 3e-4, 1 + 4e-4) * adv).mean()
        loss.backward(); opt.step(); opt.zero_grad(set_to_none=True)

    step(); _sync(device)  # warm-up (allocator, kernels)
    t0 = time.perf_counter()
    for _ in range(repeats): step()
    _sync(device)
    n_trainable = sum(p.numel() for p in params)
    return 1000 * (time.perf_counter() - t0) / repeats, n_trainable


def run(smoke=False, skip_vllm=False):
    import torch
    device = 'cpu' if smoke else 'cuda'
    dtype = torch.float32 if smoke else torch.bfloat16
    shapes, sizes = (SMOKE, SMOKE_SIZES) if smoke else (QWEN25_05B, GPU_SIZES)
    vocab = shapes['vocab_size']
    rows, t_all = [], time.perf_counter()
    info = dict(smoke=smoke, device=torch.cuda.get_device_name() if device == 'cuda' else 'cpu', torch=torch.__version__)
    import transformers; info['transformers'] = transformers.__version__

    # vLLM first, in a child process: it takes a share of GPU memory for its KV cache and keeps it until exit
    if skip_vllm: rows.append(dict(measurement='rollout, vLLM', setting='--no-vllm', value=None, unit='skipped'))
    elif device != 'cuda': rows.append(dict(measurement='rollout, vLLM', setting='needs a GPU', value=None, unit='skipped'))
    else:
        try:
            import importlib.util
            if importlib.util.find_spec('vllm') is None: raise ImportError('vLLM is not installed')
            r = subprocess.run([sys.executable, __file__, '--vllm-child'], capture_output=True, text=True, timeout=300)
            if r.returncode != 0: raise RuntimeError((r.stderr.strip().splitlines() or ['failed'])[-1][:200])
            import vllm
            info['vllm'] = vllm.__version__
            for x in json.loads(r.stdout.strip().splitlines()[-1]):
                rows.append(dict(measurement='rollout, vLLM', setting=f"batch {x['batch']}, prompt {x['prompt']}, {x['new']} new tokens",
                                 value=round(x['tokens_per_s'], 1), unit='tokens/s', seconds=round(x['seconds'], 2)))
        except Exception as e:
            rows.append(dict(measurement='rollout, vLLM', setting=f'{type(e).__name__}: {e}'[:160], value=None, unit='skipped'))

    model = _model(shapes, device, dtype)
    info['parameters'] = sum(p.numel() for p in model.parameters())
    model.eval()
    for batch, p, n in sizes['rollout']:
        tps, dt = hf_rollout(model, vocab, batch, p, n, device)
        rows.append(dict(measurement='rollout, transformers generate', setting=f'batch {batch}, prompt {p}, {n} new tokens',
                         value=round(tps, 1), unit='tokens/s', seconds=round(dt, 2)))
    b, L, c = sizes['train']
    ms, n_tr = train_step_ms(model, vocab, b, L, c, device, sizes['repeats'])
    rows.append(dict(measurement='train step, full fine-tune', setting=f'{b} sequences x {L} tokens ({c} completion), AdamW, grad ckpt',
                     value=round(ms, 1), unit='ms/step', tokens_per_s=round(b * L / ms * 1000, 1), trainable=n_tr))
    del model
    if device == 'cuda': torch.cuda.empty_cache()
    try:
        import peft  # noqa: F401
        ms, n_tr = train_step_ms(_model(shapes, device, dtype), vocab, b, L, c, device, sizes['repeats'], lora=True)
        rows.append(dict(measurement='train step, LoRA r=16', setting=f'{b} sequences x {L} tokens ({c} completion), AdamW, grad ckpt',
                         value=round(ms, 1), unit='ms/step', tokens_per_s=round(b * L / ms * 1000, 1), trainable=n_tr))
    except ImportError:
        rows.append(dict(measurement='train step, LoRA r=16', setting='peft is not installed', value=None, unit='skipped'))
    if device == 'cuda': info['peak_gpu_memory_gib'] = round(torch.cuda.max_memory_allocated() / 2**30, 2)
    info['seconds'] = round(time.perf_counter() - t_all, 1)
    return dict(info, rows=rows)


def table(res):
    head = f"{res['device']}, torch {res['torch']}, transformers {res['transformers']}" + (f", vLLM {res['vllm']}" if 'vllm' in res else '')
    lines = [f"Qwen2.5-0.5B-shaped random model ({res['parameters']/1e6:.3g} M parameters{', SMOKE: tiny shapes' if res['smoke'] else ''}) on {head}",
             '', f"| {'measurement':<30} | {'setting':<62} | {'value':>12} | unit |", '|' + '-' * 32 + '|' + '-' * 64 + '|' + '-' * 14 + '|------|']
    for r in res['rows']:
        v = '–' if r['value'] is None else f"{r['value']:,.1f}"
        extra = f" ({r['tokens_per_s']:,.0f} tokens/s)" if 'tokens_per_s' in r else ''
        lines.append(f"| {r['measurement']:<30} | {r['setting']:<62} | {v:>12} | {r['unit']}{extra} |")
    lines.append(f"\ntotal {res['seconds']} s" + (f", peak GPU memory {res['peak_gpu_memory_gib']} GiB" if 'peak_gpu_memory_gib' in res else ''))
    return '\n'.join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--smoke', action='store_true', help='tiny shapes on the CPU (checks the script; numbers mean nothing)')
    ap.add_argument('--json', action='store_true', help='print one JSON object instead of the table')
    ap.add_argument('--no-vllm', action='store_true', help='skip the vLLM measurement')
    ap.add_argument('--vllm-child', action='store_true', help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.vllm_child:
        print(json.dumps(vllm_rollout(QWEN25_05B, GPU_SIZES['rollout']))); return 0
    try: import torch, transformers  # noqa: F401
    except ImportError as e:
        print(f'gpu_rollout: needs torch and transformers ({e})', file=sys.stderr); return 2
    if not a.smoke and not torch.cuda.is_available():
        print('gpu_rollout: no GPU found; run with --smoke to check the script on the CPU', file=sys.stderr); return 2
    if a.smoke: torch.set_num_threads(min(2, os.cpu_count() or 1))
    res = run(a.smoke, a.no_vllm)
    print(json.dumps(res) if a.json else table(res))
    return 0


if __name__ == '__main__':
    sys.exit(main())
