"""Write README.md from nbs/index.ipynb without Quarto (offline machines; the docs site uses `nbdev-readme`).

Markdown cells are copied as they are, code cells become ```python blocks followed by their executed
text output; `#| hide` cells are left out. Usage: python tools/readme.py [--check]"""
import json, sys
from pathlib import Path
from execnb.shell import CaptureShell

ROOT = Path(__file__).resolve().parents[1]

def _src(c): return ''.join(c['source']) if isinstance(c['source'], list) else c['source']

def render(execute=True):
    nb = json.loads((ROOT/'nbs'/'index.ipynb').read_text())
    sh = CaptureShell() if execute else None
    parts = []
    for c in nb['cells']:
        s = _src(c)
        if c['cell_type'] == 'markdown': parts.append(s); continue
        hidden = any(l.strip().replace(' ', '') in ('#|hide', '#|include:false') for l in s.splitlines() if l.startswith('#|'))
        text = None
        if sh is not None:
            outs = sh.run(s)
            if sh.exc: raise RuntimeError(f'index.ipynb cell failed:\n{s}\n{sh.exc}')
            text = ''.join(''.join(o.get('text', [])) if o['output_type'] == 'stream'
                           else ''.join(o.get('data', {}).get('text/plain', [])) + '\n' for o in outs).rstrip('\n') or None
        if hidden: continue
        code = '\n'.join(l for l in s.splitlines() if not l.startswith('#|'))
        parts.append(f'```python\n{code}\n```')
        if text is not None: parts.append('```\n' + str(text) + '\n```')
    return '\n\n'.join(parts) + '\n'

def markdown_cells():
    nb = json.loads((ROOT/'nbs'/'index.ipynb').read_text())
    return [_src(c) for c in nb['cells'] if c['cell_type'] == 'markdown']

if __name__ == '__main__':
    (ROOT/'README.md').write_text(render())
    print('wrote README.md')
