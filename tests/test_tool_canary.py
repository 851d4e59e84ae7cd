"""No tool offered to a model reads or reveals a host file that the user did not attach (issue 27).

Every action of every worker, as a model sees it (`Worker.tools()`: validation, the call, the JSON text read back), is called with
each string argument set in turn to a way of naming a canary file outside the run's attachments: its absolute path, a `..` path from
the attachment's folder, a `~` path, a `file://` URL, a symlink to it beside the attachment, and for a program a line that opens it.
The other arguments are the tool's own example. The canary's secret must never be in what comes back (the tool's text or its error).
Web searches are left to the local index: their only input goes to a search service, not to a file.
"""
import json, os, threading
from pathlib import Path
import pytest

SECRET = 'CANARY-7f3e9c1d-never-shown'

def _workers(attached:Path):
    from physci_lab.agent.workers import make_workers
    ws = make_workers()
    for w in ws.values(): w.attachments = [str(attached)]
    return ws

def _variants(secret:Path, attached:Path, home:Path)->dict:
    link = attached.parent/'notes.txt'
    link.symlink_to(secret)
    rel = os.path.relpath(secret, attached.parent)
    return {'absolute': str(secret), 'dotdot': rel, 'dotdot-from-name': f'{attached.name}/../{rel}', 'home': '~/' + secret.relative_to(home).as_posix(),
            'file-url': secret.as_uri(), 'symlink-beside-attachment': link.name, 'symlink-absolute': str(link)}

def _string_args(tool)->list:
    ps = tool.parameters['properties']
    return [k for k, s in ps.items() if s.get('type') == 'string' or s.get('type') == 'array' and s.get('items', {}).get('type') == 'string']

def _call(fn, kw, timeout=60):
    "The text a model would read back: the tool's output, or its error message."
    out = {}
    def go():
        try: out['text'] = fn(**kw)
        except BaseException as e: out['text'] = f'error: {type(e).__name__}: {e}'
    t = threading.Thread(target=go, daemon=True); t.start(); t.join(timeout)
    return out.get('text', f'error: still running after {timeout} s')

@pytest.fixture
def canary(tmp_path, monkeypatch):
    home = tmp_path/'home'; (home/'private').mkdir(parents=True)
    secret = home/'private'/'secret_canary.txt'
    secret.write_text(f'{SECRET}: the first key of a YAML-looking file\nline two of the secret\n')   # a tool that reads YAML would quote the key
    run = tmp_path/'run'; run.mkdir()
    attached = run/'data.csv'; attached.write_text('t_s,x_m\n0,0\n1,4.9\n')
    monkeypatch.setenv('HOME', str(home))
    return secret, attached, home

def test_no_tool_reveals_a_file_that_was_not_attached(canary):
    secret, attached, home = canary
    variants = _variants(secret, attached, home)
    ws = _workers(attached)
    leaks, calls = [], 0
    for w in ws.values():
        for tool in w.tools():
            args = _string_args(tool)
            assert args or tool.name in ('chemistry_gas_law',), f'{tool.name}: no string argument to try'
            for arg in args:
                for vname, v in variants.items():
                    kw = dict(tool.example)
                    if tool.name == 'search_search': kw['indexes'] = ['local']
                    is_list = tool.parameters['properties'][arg].get('type') == 'array'
                    kw[arg] = [v] if is_list else v
                    if tool.name == 'code_run_code' and arg == 'code': kw[arg] = f'print(open({v!r}).read())'
                    text = _call(tool.fn, kw); calls += 1
                    if SECRET in text or 'line two of the secret' in text: leaks.append((tool.name, arg, vname, text[:120]))
    assert calls > 300, calls
    assert leaks == [], leaks

def test_the_attached_file_itself_is_read(canary):
    "The control: the same tools read the attachment by its name, so the test above would see a leak if a tool read files at all."
    secret, attached, home = canary
    ws = _workers(attached)
    text = _call(ws['document'].tools()[[t.name for t in ws['document'].tools()].index('document_read')].fn, {'path': attached.name})
    assert '4.9' in text, text
    code = next(t for t in ws['code'].tools() if t.name == 'code_run_code')
    text = _call(code.fn, {'code': f"print(open({attached.name!r}).read())"})
    assert '4.9' in text, text
