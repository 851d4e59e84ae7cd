#!/usr/bin/env python3
"""A misbehaving model server, for tests: it speaks the OpenAI chat-completions and the Anthropic messages routes
(`POST .../chat/completions`, `POST .../messages`) on 127.0.0.1 and misbehaves in one chosen way (`MODES`).

Standard library only. Two ways to run it:

    # in a test: a thread of this process
    from hostile_model_server import HostileServer
    with HostileServer('trickle') as srv: ...   # srv.url is http://127.0.0.1:PORT/v1

    # as its own process (the bad-input sweep): prints its URL, then serves until it has been idle for --idle seconds
    # after a first request, or --lifetime seconds have passed, or the process that started it is gone
    python tools/hostile_model_server.py silent --idle 5 --lifetime 120

`ok` is the well-behaved control: a short answer (plain text, or the JSON the request's schema asks for).
"""
from __future__ import annotations
import argparse, json, os, select, socket, sys, threading, time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler

MODES = {
    'silent':          'accepts the connection and the request, and never answers',
    'trickle':         'answers a valid reply one byte a second (headers included)',
    'retry-after-429': 'HTTP 429 with Retry-After: 86400',
    'retry-after-503': 'HTTP 503 with Retry-After: 86400',
    'bad-json':        'HTTP 200, JSON content type, a body that is not JSON',
    'html':            'HTTP 200 with an HTML page',
    'empty-body':      'HTTP 200, JSON content type, an empty body',
    'choices-empty':   '`choices: []` (Anthropic: `content: []`)',
    'choices-null':    '`choices: null` (Anthropic: `content: null`)',
    'empty-object':    '`{}`',
    'json-array':      'a JSON array instead of an object',
    'empty-content':   'a well-formed reply whose message content is empty',
    'truncated':       'a valid reply cut off mid-body (the connection closes before Content-Length bytes)',
    'ok':              'a short valid answer (the control)',
}

def _completion(content, model='m')->dict:
    return {'id': 'chatcmpl-hostile', 'object': 'chat.completion', 'created': 1767225600, 'model': model,
            'choices': [{'index': 0, 'message': {'role': 'assistant', 'content': content}, 'finish_reason': 'stop'}],
            'usage': {'prompt_tokens': 10, 'completion_tokens': 5, 'total_tokens': 15}}

def _message(text, model='m')->dict:
    return {'id': 'msg_hostile', 'type': 'message', 'role': 'assistant', 'model': model, 'stop_reason': 'end_turn', 'stop_sequence': None,
            'content': [{'type': 'text', 'text': text}] if text is not None else [], 'usage': {'input_tokens': 10, 'output_tokens': 5}}

def _ok_text(req)->str:
    "What the control answers: the JSON a schema asks for (every required field filled), else a plain final answer."
    schema = None
    if isinstance(req, dict):
        rf = req.get('response_format') or {}
        schema = (rf.get('json_schema') or {}).get('schema') if isinstance(rf, dict) else None
    if not isinstance(schema, dict): return 'g = 9.81 m/s^2 near the surface of the Earth.\n\nFinal answer: 9.81 m/s^2'
    fill = {'string': '9.81 m/s^2', 'number': 5, 'integer': 5, 'boolean': True, 'array': [], 'object': {}}
    props = schema.get('properties') or {}
    out = {}
    for k in schema.get('required') or list(props):
        p = props.get(k) or {}
        out[k] = p['enum'][0] if p.get('enum') else fill.get(p.get('type'), '')
    if 'answer' in props and props['answer'].get('type') == 'number': out['answer'] = 5
    if 'decision' in props: out['decision'] = 'answer'
    if 'steps' in props: out['steps'] = []
    return json.dumps(out)

class _Handler(BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'
    def log_message(self, *args): pass

    def do_GET(self): self._send(200, 'application/json', json.dumps({'object': 'list', 'data': [{'id': 'm', 'object': 'model'}]}).encode())

    def do_POST(self):
        srv = self.server.owner
        n = int(self.headers.get('content-length') or 0)
        raw = self.rfile.read(n) if n else b''
        try: req = json.loads(raw)
        except ValueError: req = None
        srv._seen(+1)
        try: self._misbehave(srv.mode, req, anthropic=self.path.rstrip('/').endswith('/messages'))
        except (BrokenPipeError, ConnectionResetError, OSError): pass   # the client gave up: what a deadline should do
        finally: srv._seen(-1)

    def _send(self, status, ctype, body:bytes, headers=(), length=None):
        self.send_response(status)
        self.send_header('content-type', ctype)
        for k, v in headers: self.send_header(k, v)
        self.send_header('content-length', str(len(body) if length is None else length))
        self.end_headers(); self.wfile.write(body); self.wfile.flush()

    def _wait_for_close(self, stop:threading.Event):
        "Hold the connection, answering nothing, until the client closes it (or the server stops)."
        while not stop.is_set():
            r, _, _ = select.select([self.connection], [], [], 0.2)
            if r and not self.connection.recv(1 << 16): return

    def _misbehave(self, mode, req, anthropic:bool):
        model = (req or {}).get('model', 'm') if isinstance(req, dict) else 'm'
        wrap = (lambda t: _message(t, model)) if anthropic else (lambda t: _completion(t, model))
        js = lambda obj: json.dumps(obj).encode()
        if mode == 'silent': return self._wait_for_close(self.server.owner._stop)
        if mode == 'trickle':
            body = js(wrap(_ok_text(req)))
            head = f'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n\r\n'.encode()
            for b in head + body:
                if self.server.owner._stop.is_set(): return
                self.wfile.write(bytes([b])); self.wfile.flush()
                time.sleep(self.server.owner.interval_s)
            return
        if mode in ('retry-after-429', 'retry-after-503'):
            code = int(mode[-3:])
            err = {'type': 'error', 'error': {'type': 'rate_limit_error' if code == 429 else 'overloaded_error', 'message': 'come back tomorrow'}}
            return self._send(code, 'application/json', js(err), [('retry-after', '86400')])
        if mode == 'bad-json': return self._send(200, 'application/json', b'{"choices": [{"message": {"content": "Final answer: 9.8')
        if mode == 'html': return self._send(200, 'text/html; charset=utf-8', b'<!DOCTYPE html><html><body><h1>Welcome to nginx!</h1></body></html>')
        if mode == 'empty-body': return self._send(200, 'application/json', b'')
        if mode in ('choices-empty', 'choices-null'):
            d = wrap('x')
            d['content' if anthropic else 'choices'] = [] if mode == 'choices-empty' else None
            return self._send(200, 'application/json', js(d))
        if mode == 'empty-object': return self._send(200, 'application/json', b'{}')
        if mode == 'json-array': return self._send(200, 'application/json', js([wrap('Final answer: 9.81 m/s^2')]))
        if mode == 'empty-content': return self._send(200, 'application/json', js(wrap('')))
        if mode == 'truncated':
            body = js(wrap(_ok_text(req)))
            self._send(200, 'application/json', body[:len(body)//2], length=len(body))
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        return self._send(200, 'application/json', js(wrap(_ok_text(req))))

class HostileServer:
    "A `ThreadingHTTPServer` on 127.0.0.1 (a free port) that misbehaves in `mode`; `url` ends in /v1."
    def __init__(self, mode:str, interval_s:float=1.0):
        if mode not in MODES: raise ValueError(f'mode {mode!r}: one of {", ".join(MODES)}')
        self.mode, self.interval_s, self.requests, self.active, self.last = mode, interval_s, 0, 0, None
        self._stop, self._lock = threading.Event(), threading.Lock()

    def _seen(self, d):
        with self._lock:
            self.active += d; self.last = time.monotonic()
            if d > 0: self.requests += 1

    def start(self):
        self._srv = ThreadingHTTPServer(('127.0.0.1', 0), _Handler)
        self._srv.daemon_threads, self._srv.owner = True, self
        threading.Thread(target=self._srv.serve_forever, kwargs={'poll_interval': 0.05}, daemon=True).start()
        return self
    @property
    def url(self)->str: return f'http://127.0.0.1:{self._srv.server_port}/v1'
    def stop(self): self._stop.set(); self._srv.shutdown(); self._srv.server_close()
    def __enter__(self): return self.start()
    def __exit__(self, *exc): self.stop()

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('mode', choices=list(MODES))
    ap.add_argument('--interval', type=float, default=1.0, help='seconds between bytes in trickle mode (default 1)')
    ap.add_argument('--idle', type=float, default=5.0, help='exit this long after the last request ended (once one came)')
    ap.add_argument('--lifetime', type=float, default=120.0, help='exit after this many seconds whatever happens')
    a = ap.parse_args(argv)
    parent, t0 = os.getppid(), time.monotonic()
    srv = HostileServer(a.mode, a.interval).start()
    print(srv.url, flush=True)
    while True:
        time.sleep(0.2)
        idle = srv.requests and not srv.active and time.monotonic() - (srv.last or t0) > a.idle
        if idle or time.monotonic() - t0 > a.lifetime or os.getppid() != parent: break
    srv.stop()
    return 0

if __name__ == '__main__': sys.exit(main())
