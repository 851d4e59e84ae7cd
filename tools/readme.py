"""Write README.md from nbs/index.ipynb without Quarto (offline machines; the docs site uses `nbdev-readme`).

Markdown cells are copied as they are, with their relative links re-pointed from nbs/ to the repository root
(`images/x.png` reads `nbs/images/x.png`, `t1_x.ipynb` reads `nbs/t1_x.ipynb`, `../tools/y.py` reads `tools/y.py`);
code cells become ```python blocks followed by their executed text output; `#| hide` cells are left out.
Usage: python tools/readme.py [--execute]"""
import json, re, sys
from pathlib import Path
ROOT = Path(__file__).resolve().parents[1]

def _src(c): return ''.join(c['source']) if isinstance(c['source'], list) else c['source']

def from_root(md:str)->str:
    "Relative links of a markdown cell of nbs/index.ipynb, as seen from the repository root (where README.md is)."
    def fix(m):
        url = m[2]
        if re.match(r'[a-z]+:|#|/', url): return m[0]
        return f'{m[1]}({url[3:] if url.startswith("../") else "nbs/" + url})'
    return re.sub(r'(\]|\!\[[^\]]*\])\(([^)\s]+)\)', fix, md)

def _text(outs)->str|None:
    "What a cell's outputs say as text: its streams and the plain text of its results."
    return ''.join(''.join(o.get('text', [])) if o['output_type'] == 'stream'
                   else ''.join(o.get('data', {}).get('text/plain', [])) + '\n' for o in outs
                   if o['output_type'] != 'error').rstrip('\n') or None

def render(execute:bool=False, # run the cells here instead of using the outputs saved in index.ipynb
          )->str:
    """README.md's text. By default from the outputs saved in nbs/index.ipynb (`make docs-run NB=nbs/index.ipynb`
    writes them, and `make docs-check` keeps them true), so README shows exactly what the front page shows."""
    nb = json.loads((ROOT/'nbs'/'index.ipynb').read_text())
    sh = None
    if execute or not any(c.get('outputs') for c in nb['cells'] if c['cell_type'] == 'code'):
        from execnb.shell import CaptureShell
        sh = CaptureShell()
    parts = []
    for c in nb['cells']:
        s = _src(c)
        if c['cell_type'] == 'markdown': parts.append(from_root(s)); continue
        hidden = any(l.strip().replace(' ', '') in ('#|hide', '#|include:false') for l in s.splitlines() if l.startswith('#|'))
        if sh is not None:
            outs = sh.run(s)
            if sh.exc: raise RuntimeError(f'index.ipynb cell failed:\n{s}\n{sh.exc}')
        else: outs = c.get('outputs', [])
        text = _text(outs)
        if hidden: continue
        code = '\n'.join(l for l in s.splitlines() if not l.startswith('#|'))
        parts.append(f'```python\n{code}\n```')
        if text is not None: parts.append('```\n' + str(text) + '\n```')
    return '\n\n'.join(parts) + '\n'

def markdown_cells():
    nb = json.loads((ROOT/'nbs'/'index.ipynb').read_text())
    return [from_root(_src(c)) for c in nb['cells'] if c['cell_type'] == 'markdown']

if __name__ == '__main__':
    (ROOT/'README.md').write_text(render(execute='--execute' in sys.argv[1:]))
    print('wrote README.md')
