"""Make the hand-written stand-in for the live trial: tests/recordings/trial_handwritten/ (every recording labelled `hand-written`).

Until a live model's trial is recorded (tools/live_trial.py), the trial's replay tests run on this: the four questions the
first live trial failed on, answered by delve and by the baseline, with every model reply written by hand below and
served by a small scripted OpenAI-compatible server; the requests and replies pass through the same RecordingProxy and
the same `run_trial` as the live trial. The baseline's pendulum reply takes the small-angle shortcut on purpose, so that
the table shows an incorrect answer too. None of this says anything about how a live model behaves.

Run: python tools/handwritten_trial.py
"""
import json, re, sys, threading
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from physci_lab.llm.recordings import recording_path
from physci_lab.agent.trial import run_trial, trial_table, FOUR

G = '9.81 m/s^2'
def step(id, tool, instruction, arguments, **kw): return {'id': id, 'tool': tool, 'instruction': instruction, 'arguments': arguments, **kw}
def plan(*steps, why=''): return {'rationale': why or 'one tool per quantity', 'task_type': '', 'steps': list(steps)}
def obs(decision, *steps, why=''): return {'decision': decision, 'rationale': why or decision, **({'steps': list(steps)} if steps else {})}
def ans(text, final, *claims): return {'answer': text, 'final': final, 'claims': [dict(zip(('claim', 'support', 'quote'), c)) for c in claims]}
OK = {'consistent': True, 'problems': []}
def call(name, args, text=''): return {'content': text or None, 'tool_calls': [{'name': name, 'arguments': args}]}
def say(text): return {'content': text}

DELVE = {  # question prefix -> {schema name: [replies in order]}
 'A 5.0 kg block': {
  'make_plan': [plan(step('s1', 'physics_solve', 'acceleration along the incline from Newton\'s second law with kinetic friction',
                          {'equations': ['m*a = m*g*sin(theta) - mu_k*m*g*cos(theta)'], 'unknowns': ['a'], 'values': {'m': '5.0 kg', 'g': G, 'theta': '35 deg', 'mu_k': '0.25'}},
                          expect_unit='m/s^2', expect_sign='+'))],
  'observe': [obs('answer')],
  'final_answer': [ans('Along the plane, m a = m g sin 35° − μk m g cos 35°, so a = g (sin 35° − 0.25 cos 35°) = 3.62 m/s² down the plane (step s1).', '3.62 m/s^2',
                       ('a = 3.62 m/s² down the plane', 'step s1'))],
  'review_answer': [OK]},
 'What mass of carbon dioxide': {
  'make_plan': [plan(step('s1', 'chemistry_stoichiometry', 'balance the combustion of propane and convert 100.0 g of propane to the mass of CO2',
                          {'reactants': ['C3H8', 'O2'], 'products': ['CO2', 'H2O'], 'given': 'C3H8', 'amount': '100.0 g', 'find': ['CO2']}, expect_unit='g'))],
  'observe': [obs('answer')],
  'final_answer': [ans('C3H8 + 5 O2 → 3 CO2 + 4 H2O; 100.0 g of propane is 2.268 mol, which gives 6.803 mol of CO2, 299 g (step s1).', '299 g',
                       ('the balanced reaction and the mass of CO2, 299 g', 'step s1'))],
  'review_answer': [OK]},
 'Using the drag correlation': {
  'make_plan': [plan(step('s1', 'document_find', 'find the drag correlation in the report', {'path': 'sphere_drag_report.pdf', 'query': 'drag correlation drag coefficient Reynolds number', 'k': 3}),
                     why='read the formula first, then evaluate it')],
  'observe': [obs('revise', step('s2', 'physics_evaluate', 'C_D at Re = 200 from the correlation on page 2', {'expression': '24/Re*(1 + 0.15*Re**0.687)', 'values': {'Re': '200'}}),
                  why='the report gives C_D = 24/Re (1 + 0.15 Re^0.687)'), obs('answer')],
  'final_answer': [ans('The report gives the Schiller-Naumann correlation C_D = (24/Re)(1 + 0.15 Re^0.687) (page 2); at Re = 200 it is C_D = 0.806 (step s2).', '0.806',
                       ('the correlation', 'file:sphere_drag_report.pdf#p2', 'C_D = (24)/(Re)(1+0.15Re^{0.687})'), ('C_D = 0.806 at Re = 200', 'step s2'))],
  'review_answer': [OK]},
 'A simple pendulum 1.20 m': {
  'make_plan': [plan(step('s1', 'physics_evaluate', 'the modulus k = sin(theta0/2) of the elliptic integral', {'expression': 'sin(theta0/2)', 'values': {'theta0': '80 deg'}}),
                     step('s2', 'physics_integrate', 'the complete elliptic integral K(k)', {'expression': '1/sqrt(1 - k**2*sin(phi)**2)', 'variable': 'phi', 'lower': '0', 'upper': 'pi/2', 'values': {'k': '$s1'}}),
                     step('s3', 'physics_evaluate', 'the period T = 4 sqrt(L/g) K(k)', {'expression': '4*sqrt(L/g)*K', 'values': {'L': '1.20 m', 'g': G, 'K': '$s2'}}, expect_unit='s', expect_sign='+'),
                     why='the exact period is T = 4 sqrt(L/g) K(sin(theta0/2))')],
  'observe': [obs('continue'), obs('continue'), obs('answer')],
  'final_answer': [ans('Beyond small angles T = 4√(L/g) K(k) with k = sin(θ0/2) = 0.643 (step s1); K = 1.787 (step s2); T = 2.50 s (step s3), 14 % longer than the small-angle 2.20 s.',
                       '2.50 s', ('k = 0.643', 'step s1'), ('K(k) = 1.787', 'step s2'), ('T = 2.50 s', 'step s3'))],
  'review_answer': [OK]},
}
BASELINE = {  # question prefix -> tool-loop turns in order
 'A 5.0 kg block': [call('physics_evaluate', {'expression': 'g*(sin(theta) - mu*cos(theta))', 'values': {'g': G, 'theta': '35 deg', 'mu': '0.25'}}),
                    say('a = g(sin 35° − 0.25 cos 35°) = 3.62 m/s² down the plane.\n\nFinal answer: 3.62 m/s^2')],
 'What mass of carbon dioxide': [call('chemistry_stoichiometry', {'reactants': ['C3H8', 'O2'], 'products': ['CO2', 'H2O'], 'given': 'C3H8', 'amount': '100.0 g', 'find': ['CO2']}),
                                 say('C3H8 + 5 O2 → 3 CO2 + 4 H2O gives 299 g of CO2.\n\nFinal answer: 299 g')],
 'Using the drag correlation': [call('document_find', {'path': 'sphere_drag_report.pdf', 'query': 'drag correlation'}),
                                call('physics_evaluate', {'expression': '24/Re*(1 + 0.15*Re**0.687)', 'values': {'Re': '200'}}),
                                say('With C_D = (24/Re)(1 + 0.15 Re^0.687) from the report, C_D(200) = 0.806.\n\nFinal answer: 0.806')],
 'A simple pendulum 1.20 m': [call('physics_evaluate', {'expression': '2*pi*sqrt(L/g)', 'values': {'L': '1.20 m', 'g': G}}),
                              say('T = 2π√(L/g) = 2.20 s.\n\nFinal answer: 2.20 s')],
}

def _question(body):
    for m in body.get('messages', []):
        if m.get('role') == 'user':
            c = m['content'] if isinstance(m['content'], str) else ' '.join(p.get('text', '') for p in m['content'] if isinstance(p, dict))
            for q in DELVE:
                if q in c: return q
    raise KeyError('no scripted question in the request')

class Scripted(BaseHTTPRequestHandler):
    used = {}
    def log_message(self, *a): pass
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers['content-length'])))
        q, rf = _question(body), body.get('response_format')
        if rf:
            name = rf['json_schema']['name']; k = (q, name); i = Scripted.used.get(k, 0); Scripted.used[k] = i + 1
            msg, calls = {'role': 'assistant', 'content': json.dumps(DELVE[q][name][i])}, []
        else:
            turn = sum(m['role'] == 'assistant' for m in body['messages'])
            r = BASELINE[q][turn]
            calls = [{'id': f'call_{turn}_{j}', 'type': 'function', 'function': {'name': c['name'], 'arguments': json.dumps(c['arguments'])}} for j, c in enumerate(r.get('tool_calls', []))]
            msg = {'role': 'assistant', 'content': r.get('content')} | ({'tool_calls': calls} if calls else {})
        pt, ct = len(json.dumps(body['messages']))//4, len(json.dumps(msg))//4
        out = json.dumps({'id': 'chatcmpl-hand', 'object': 'chat.completion', 'created': 0, 'model': body['model'],
                          'choices': [{'index': 0, 'message': msg, 'finish_reason': 'tool_calls' if calls else 'stop'}],
                          'usage': {'prompt_tokens': pt, 'completion_tokens': ct, 'total_tokens': pt + ct}}).encode()
        self.send_response(200); self.send_header('content-type', 'application/json'); self.send_header('content-length', str(len(out))); self.end_headers(); self.wfile.write(out)

if __name__ == '__main__':
    srv = ThreadingHTTPServer(('127.0.0.1', 0), Scripted)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    out = recording_path('trial_handwritten')
    rows = run_trial('openai-compatible:hand-written-stand-in', f'http://127.0.0.1:{srv.server_port}/v1', out, only=FOUR, kind='hand-written', redo=True)
    srv.shutdown()
    print(trial_table(rows, 'hand-written'))
