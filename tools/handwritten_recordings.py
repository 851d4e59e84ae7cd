"""Write the hand-written agent recordings under tests/recordings/agent/ (kind `hand-written`); fall.json, which Tutorial 4 replays, ships under data/recordings/agent/.

They stand in for a live model until live recordings replace them (see tools/live_trial.py): each scenario is the
sequence of replies a model might give, in the Anthropic Messages format (or OpenAI's where a test needs it), written
by hand so that one mechanism of the agent acts. They test the plumbing, never how good a model is.

Run: python tools/handwritten_recordings.py [NAME ...]   (no names: all)
"""
import json, sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1]/'tests'/'recordings'/'agent'
SHIPPED = {'fall.json': Path(__file__).resolve().parents[1]/'data'/'recordings'/'agent'}   # replayed by a tutorial: in the package
MODEL = 'claude-haiku-4-5-20251001'
_n = [0]

def _id(prefix):
    _n[0] += 1
    return f'{prefix}_01Hand{_n[0]:05d}'

def anthropic(content, stop, hints, inp=700, out=150):
    "One interaction: a request that must contain every hint, answered with these content blocks."
    return {'request': {'method': 'POST', 'path': '/v1/messages', 'body_contains': list(hints)},
            'response': {'status': 200, 'body': {'id': _id('msg'), 'type': 'message', 'role': 'assistant', 'model': MODEL, 'content': content,
                                                 'stop_reason': stop, 'stop_sequence': None,
                                                 'usage': {'input_tokens': inp, 'output_tokens': out, 'cache_creation_input_tokens': 0,
                                                           'cache_read_input_tokens': 0, 'service_tier': 'standard'}}}}

def structured(name, obj, *hints, **kw):
    "The agent's structured output on Anthropic: a forced call of the tool `name`."
    return anthropic([{'type': 'tool_use', 'id': _id('toolu'), 'name': name, 'input': obj}], 'tool_use', [f'"{name}"', *hints], **kw)

def calls(calls, *hints, text='', **kw):
    "A tool-loop turn that calls tools: [(name, arguments)]."
    content = ([{'type': 'text', 'text': text}] if text else []) + [{'type': 'tool_use', 'id': _id('toolu'), 'name': n, 'input': a} for n, a in calls]
    return anthropic(content, 'tool_use', hints, **kw)

def say(text, *hints, **kw): return anthropic([{'type': 'text', 'text': text}], 'end_turn', hints, **kw)

def openai_structured(name, obj, *hints, model='gpt-4.1-mini-2025-04-14', inp=700, out=150):
    "Structured output on OpenAI chat completions (response_format json_schema): the JSON as the message content."
    return {'request': {'method': 'POST', 'path': '/v1/chat/completions', 'body_contains': [f'"{name}"', *hints]},
            'response': {'status': 200, 'body': {'id': _id('chatcmpl'), 'object': 'chat.completion', 'created': 1767225600, 'model': model,
                                                 'choices': [{'index': 0, 'message': {'role': 'assistant', 'content': json.dumps(obj), 'refusal': None},
                                                              'finish_reason': 'stop', 'logprobs': None}],
                                                 'usage': {'prompt_tokens': inp, 'completion_tokens': out, 'total_tokens': inp + out}}}}

def step(id, tool, instruction, arguments=None, **kw):
    return {'id': id, 'tool': tool, 'instruction': instruction, **({'arguments': arguments} if arguments is not None else {}), **kw}

def plan(steps, *hints, rationale='', task_type='', fn=structured, **kw):
    return fn('make_plan', {'rationale': rationale or 'one step per quantity', 'task_type': task_type, 'steps': steps}, *hints, **kw)

def observe(decision, *hints, steps=None, rationale='', fn=structured):
    return fn('observe', {'decision': decision, 'rationale': rationale or decision, **({'steps': steps} if steps else {})}, *hints)

def answer(text, final, claims, *hints, fn=structured):
    return fn('final_answer', {'answer': text, 'final': final, 'claims': [{'claim': c, 'support': s, **({'quote': q} if q else {})} for c, s, q in claims]}, *hints)

def review(ok=True, problems=(), *hints, fn=structured): return fn('review_answer', {'consistent': ok, 'problems': list(problems)}, *hints)

G, H = {'g': '9.81 m/s^2', 'h': '5.0 m'}, 'height of 5.0 m'
SCENARIOS = {}
def scenario(name, description):
    def deco(f): SCENARIOS[name] = (description, f); return f
    return deco

@scenario('fall.json', 'A three-step plan whose first step has a unit error (v = 2*g*h: m²/s² where m/s is expected). The local verifier fails it; '
          'the planner, consulted after the observation, revises the rest of the plan (a fixed step s4, and the kinetic energy from `$s4.v`); '
          'the older steps are summarized when the evidence outgrows its budget; the answer is accepted and the run learned.')
def _fall():
    s1 = step('s1', 'physics_solve', 'impact speed from energy conservation', {'equations': ['v = 2*g*h'], 'unknowns': ['v'], 'values': G}, expect_unit='m/s', expect_sign='+')
    s2 = step('s2', 'physics_solve', 'fall time', {'equations': ['h = g*t**2/2'], 'unknowns': ['t'], 'values': G}, expect_unit='s', expect_sign='+')
    s3 = step('s3', 'physics_evaluate', 'kinetic energy at impact', {'expression': 'm*v**2/2', 'values': {'m': '0.2 kg', 'v': '$s1.v'}}, expect_unit='J')
    s4 = step('s4', 'physics_solve', 'impact speed, squared correctly', {'equations': ['v**2 = 2*g*h'], 'unknowns': ['v'], 'values': G}, expect_unit='m/s', expect_sign='+')
    s5 = step('s5', 'physics_evaluate', 'kinetic energy at impact', {'expression': 'm*v**2/2', 'values': {'m': '0.2 kg', 'v': '$s4.v'}}, expect_unit='J')
    return [plan([s1, s2, s3], H, rationale='energy conservation and free-fall kinematics', task_type='free fall kinematics'),
            observe('revise', H, 'Step s1 FAILED: dimension', steps=[s4, s2, s5], rationale='v must be squared; the energy uses the fixed speed'),
            observe('continue', H, 'Step s4 succeeded'),
            observe('continue', H, 'Step s2 succeeded'),
            structured('summarize_history', {'summary': 'Step s1 solved v = 2*g*h, which failed the dimension check (m²/s² for a speed) and was replaced by s4.'}, H),
            observe('answer', H, 'Step s5 succeeded', 'Summary of earlier steps'),
            answer('Energy conservation gives v = sqrt(2 g h) = 9.90 m/s (step s4); the fall takes t = sqrt(2h/g) = 1.01 s (step s2); '
                   'the kinetic energy at impact is m v²/2 = 9.81 J (step s5).', '9.90 m/s',
                   [('v = 9.90 m/s', 'step s4', ''), ('t = 1.01 s', 'step s2', ''), ('K = 9.81 J', 'step s5', '')], H, '[s5] physics_evaluate (verified)'),
            review(True, (), H, '9.81 J')]

@scenario('fall_again.json', 'A second free-fall question; the planner request must carry the first run\'s experience from memory.')
def _fall_again():
    q = 'from a height of 20 m'
    return [plan([step('s1', 'physics_solve', 'impact speed', {'equations': ['v**2 = 2*g*h'], 'unknowns': ['v'], 'values': {'g': '9.81 m/s^2', 'h': '20 m'}}, expect_unit='m/s', expect_sign='+')],
                 q, 'Past experience', 'A stone is dropped'),
            observe('answer', q),
            answer('v = sqrt(2 g h) = 19.8 m/s (step s1).', '19.8 m/s', [('v = 19.8 m/s', 'step s1', '')], q),
            review(True, (), q)]

@scenario('knowledge.json', 'The planner hands the physics worker a step in words; the worker\'s model, told the pendulum equation read from knowledge memory, evaluates it with its tool.')
def _knowledge():
    q = '2.5 m long'
    return [plan([step('s1', 'physics', 'the small-oscillation period of a 2.5 m pendulum with g = 9.81 m/s^2', expect_unit='s', expect_sign='+')], q),
            calls([('physics_evaluate', {'expression': '2*pi*sqrt(l/g)', 'values': {'l': '2.5 m', 'g': '9.81 m/s^2'}})], 'Knowledge that may help (from memory)', 'T = 2*pi*sqrt(l/g)',
                  text='From memory: T = 2*pi*sqrt(l/g).'),
            say('T = 2π√(l/g) = 3.17 s.', 'Knowledge that may help'),
            observe('answer', q),
            answer('T = 2π√(L/g) = 3.17 s (step s1).', '3.17 s', [('T = 3.17 s', 'step s1', '')], q),
            review(True, (), q)]

@scenario('caffeine.json', 'The first answer cites "PubChem", which no step retrieved: the global evaluator rejects it, the planner adds a cross-check from the structure, and the second answer, tied to both steps, is accepted.')
def _caffeine():
    q = 'caffeine'
    return [plan([step('s1', 'chemistry_molar_mass', 'molar mass of caffeine', {'formula': 'C8H10N4O2'}, expect_unit='g/mol')], q),
            observe('answer', q),
            answer('The molar mass of caffeine is 194.19 g/mol (PubChem).', '194.19 g/mol', [('M = 194.19 g/mol', 'PubChem', '')], q),
            structured('revise_plan', {'decision': 'revise', 'rationale': 'cross-check from the structure',
                                       'steps': [step('s2', 'chemistry_molecule', 'caffeine from its SMILES', {'smiles': 'CN1C=NC2=C1C(=O)N(C(=O)N2C)C'})]}, q, 'PubChem'),
            observe('answer', q, 'Step s2 succeeded'),
            answer('From the formula, M = 194.19 g/mol (step s1); the structure gives the same (step s2).', '194.19 g/mol',
                   [('M = 194.19 g/mol', 'step s1', ''), ('the structure agrees', 'step s2', '')], q, 'rejected'),
            review(True, (), q)]

@scenario('baseline_pendulum.json', 'The baseline calls physics_evaluate in its tool loop, then answers.')
def _baseline():
    return [calls([('physics_evaluate', {'expression': '2*pi*sqrt(L/g)', 'values': {'L': '2.5 m', 'g': '9.81 m/s^2'}})], '"physics_evaluate"', '2.5 m long',
                  text='T = 2 pi sqrt(L/g).', inp=900, out=60),
            say('T = 2π√(L/g) = 3.17 s.\n\nFinal answer: 3.17 s', '3.17', inp=1000, out=30)]

@scenario('budgets.json', 'A three-step plan run with a step budget of 2: the writer answers from the two verified steps, unverified; then a plan whose cost is over a budget of $0.001: nothing verified, no answer.')
def _budgets():
    q = 'dropped from 45 m'
    v = {'g': '9.81 m/s^2', 'h': '45 m'}
    steps = [step('s1', 'physics_solve', 'fall time', {'equations': ['h = g*t**2/2'], 'unknowns': ['t'], 'values': v}, expect_unit='s', expect_sign='+'),
             step('s2', 'physics_solve', 'impact speed', {'equations': ['v**2 = 2*g*h'], 'unknowns': ['v'], 'values': v}, expect_unit='m/s', expect_sign='+'),
             step('s3', 'physics_evaluate', 'kinetic energy', {'expression': 'm*v**2/2', 'values': {'m': '1.0 kg', 'v': '$s2.v'}}, expect_unit='J')]
    return [plan(steps, q),
            observe('continue', q),
            answer('The stone falls for t = 3.03 s (step s1) and lands at 29.7 m/s (step s2); its kinetic energy was not computed before the step budget ran out.',
                   '3.03 s and 29.7 m/s', [('t = 3.03 s', 'step s1', ''), ('v = 29.7 m/s', 'step s2', '')], q, 'The run stopped before its plan was finished'),
            plan(steps, q, inp=2000, out=400)]

@scenario('fall_ablated.json', 'The free-fall question with every switch off: the unit error goes through unchecked (no verdict, no observation, no re-plan).')
def _ablated():
    s1 = step('s1', 'physics_solve', 'impact speed', {'equations': ['v = 2*g*h'], 'unknowns': ['v'], 'values': G}, expect_unit='m/s')
    return [plan([s1], H), answer('v = 2 g h = 98.1 m²/s² (step s1).', 'v = 2*g*h', [('v = 2 g h', 'step s1', '')], H)]

@scenario('fall_rerun.json', 'The free-fall run re-run from the dispatch of step s5 with the mass edited to 0.5 kg: only the calls after the edit.')
def _rerun():
    return [structured('summarize_history', {'summary': 'Step s1 solved v = 2*g*h, which failed the dimension check and was replaced by s4.'}, H),
            observe('answer', H, 'Step s5 succeeded'),
            answer('v = 9.90 m/s (step s4); t = 1.01 s (step s2); with m = 0.5 kg the kinetic energy is 24.5 J (step s5).', '9.90 m/s',
                   [('v = 9.90 m/s', 'step s4', ''), ('t = 1.01 s', 'step s2', ''), ('K = 24.5 J', 'step s5', '')], H, '24.52'),
            review(True, (), H)]

MARK = '/tmp/physci_lab_crafted_expression_ran'
CRAFTED = f"__import__('os').system('touch {MARK}')"

@scenario('crafted.json', 'A plan whose physics step carries a crafted "expression" that would run a shell command if Python evaluated it; '
          'the shared expression reader refuses it, the step fails with that reason, and the planner revises to a real formula.')
def _crafted():
    q = 'fall 20 m'
    s1 = step('s1', 'physics_evaluate', 'fall time', {'expression': CRAFTED, 'values': {'h': '20 m', 'g': '9.81 m/s^2'}}, expect_unit='s')
    s2 = step('s2', 'physics_evaluate', 'fall time', {'expression': 'sqrt(2*h/g)', 'values': {'h': '20 m', 'g': '9.81 m/s^2'}}, expect_unit='s', expect_sign='+')
    return [plan([s1], q), observe('revise', q, 'cannot read', steps=[s2]), observe('answer', q),
            answer('t = √(2h/g) = 2.02 s (step s2).', '2.02 s', [('t = 2.02 s', 'step s2', '')], q), review(True, (), q)]

@scenario('plan_repair.json', 'A first plan that names tools as `physics.solve` and `chemistry.balance` and gives a list as one string: every problem of every '
          'step goes back in one repair request, and the corrected plan runs.')
def _repair():
    q = 'propane'
    bad = [step('s1', 'chemistry.balance', 'balance the combustion', {'reactants': 'C3H8, O2', 'products': 'CO2, H2O'}),
           step('s2', 'chemistry.stoichiometry', 'mass of CO2', {'reactants': ['C3H8', 'O2'], 'products': ['CO2', 'H2O'], 'given': 'C3H8', 'amount': '100.0 g'})]
    good = [step('s1', 'chemistry_balance', 'balance the combustion', {'reactants': ['C3H8', 'O2'], 'products': ['CO2', 'H2O']}),
            step('s2', 'chemistry_stoichiometry', 'mass of CO2', {'reactants': ['C3H8', 'O2'], 'products': ['CO2', 'H2O'], 'given': 'C3H8', 'amount': '100.0 g', 'find': ['CO2']}, expect_unit='g')]
    return [plan(bad, q), plan(good, q, "no tool named 'chemistry.balance' (did you mean 'chemistry_balance'?)", "step s2: no tool named 'chemistry.stoichiometry'"),
            observe('continue', q), observe('answer', q),
            answer('C3H8 + 5 O2 → 3 CO2 + 4 H2O (step s1); 100.0 g of propane gives 299 g of CO2 (step s2).', '299 g',
                   [('the balanced reaction', 'step s1', ''), ('299 g of CO2', 'step s2', '')], q), review(True, (), q)]

QC = 'fall 20 m'
def _ask(fn):
    return [plan([step('s1', 'physics_solve', 'fall time from h = g t^2/2', {'equations': ['h = g*t**2/2'], 'unknowns': ['t'], 'values': {'g': '9.81 m/s^2', 'h': '20 m'}},
                       expect_unit='s', expect_sign='+')], QC, fn=fn),
            observe('answer', QC, fn=fn),
            answer('From h = g t²/2, t = √(2h/g) = 2.02 s (step s1).', '2.02 s', [('t = 2.02 s', 'step s1', '')], QC, fn=fn),
            review(True, (), QC, fn=fn)]

@scenario('ask_anthropic.json', '`physci-lab ask` on a free-fall question: plan, observation, answer, review.')
def _ask_a(): return _ask(structured)

@scenario('ask_openai.json', '`physci-lab ask` on the free-fall question, OpenAI chat-completions format (structured output as json_schema).')
def _ask_o(): return _ask(openai_structured)

def convert_bench_delve(old:dict)->list:
    "The fixture benchmark run of the old recording, in the new step format, with an observation after each item's one step."
    out = []
    for it in old['interactions']:
        hints = it['request']['body_contains']
        block = it['response']['body']['content'][0]
        name, obj = block['name'], block['input']
        q = [h for h in hints if not h.startswith('"') and not h.startswith('step ')]
        if name == 'make_plan':
            steps = []
            for i, s in enumerate(obj['steps'], 1):
                tool = f"{s['worker']}_{s['action']}" if s.get('action') else s['worker']
                args = dict(s.get('arguments') or {})
                if tool in ('chemistry_balance',):
                    args = {k: [x.strip() for x in v.split(',')] if isinstance(v, str) else v for k, v in args.items()}
                steps.append({k: v for k, v in {'id': f's{i}', 'tool': tool, 'instruction': s.get('instruction', ''), 'arguments': args or None,
                                                  'expect_unit': s.get('expect_unit')}.items() if v})
            out.append(structured('make_plan', obj | {'steps': steps}, *q))
            out.append(observe('answer', *q))
        elif name == 'final_answer':
            obj = obj | {'claims': [c | {'support': c['support'].replace('step 1', 'step s1')} for c in obj.get('claims', [])]}
            out.append(structured('final_answer', obj, *q))
        else: out.append(structured(name, obj, *q))
    return out

def write(name, description, interactions):
    SHIPPED.get(name, OUT).joinpath(name).write_text(json.dumps({'kind': 'hand-written', 'description': 'Hand-written in the Anthropic Messages format (no live model): ' + description
                                      if 'OpenAI' not in description else 'Hand-written (no live model): ' + description,
                                      'interactions': interactions}, indent=1, ensure_ascii=False) + '\n')

if __name__ == '__main__':
    names = sys.argv[1:] or list(SCENARIOS) + ['bench_delve.json']
    for n in names:
        if n == 'bench_delve.json':
            old = json.loads((OUT/n).read_text())
            if any(i['response']['body']['content'][0]['name'] == 'observe' for i in old['interactions']): print('bench_delve.json: already converted'); continue
            write(n, 'for the fixture PhySciBench items: per item a one-step plan (a program the code worker runs, a search of the attached file, a '
                     'tool of the physics or chemistry worker), the observation that answers, the answer tied to the step, and an accepting review.',
                  convert_bench_delve(old)); print(n); continue
        d, f = SCENARIOS[n]
        write(n, d, f()); print(n)
