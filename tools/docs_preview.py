"""`make docs-preview`: the docs as HTML pages without Quarto (which cannot be installed on these machines).

    python tools/docs_preview.py [--out _preview] [--keep-proc]

It runs `nbdev-proc-nbs` in a scratch copy of the repository (nbdev rewrites nbs/nbdev.yml and nbs/sidebar.yml when
it runs), then renders every processed notebook to HTML with nbconvert, doing what Quarto does with nbdev's output:
the front matter becomes the page title and summary, `#|` directive lines are dropped from code, `echo: false` hides
a cell's code (nbdev's `show_doc` cells), `include: false` drops a cell, `output: false` drops its outputs, and links to
`.ipynb` files point at their pages. Cells whose outputs are recorded rather than re-run (`#| slow`, `#| gpu`,
`#| eval: false`: see tools/docs_check.py) are labelled as such. `index.html` is the front page, followed by the
contents in reading order (tutorials first, then the chapters); every page links to the previous and next ones.
Pages embed their pictures and videos as the notebooks do; images the markdown links to are copied under images/.
The docs site proper is built by `nbdev-docs` with Quarto (.github/workflows/deploy.yaml).
"""
from __future__ import annotations
import argparse, html, json, re, shutil, subprocess, sys, tempfile, time
from pathlib import Path
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import docs_check

PARTS = [('core', 'core: units, quantities and grading'), ('sim', 'sim: scenes, simulation and rendering'),
         ('problems', 'problems: questions, filters and datasets'), ('llm', 'llm: model clients and recorded HTTP'),
         ('sandbox', 'sandbox: running model-written code'), ('bench', 'bench: benchmark data, judge and reports'),
         ('agent', 'agent: the research agent'), ('rl', 'rl: training and evaluation')]   # in the order the parts import each other
TOP = 'The command line and the package'

def reading_order(names:list[str])->list[str]:
    "index first, then the tutorials (t1_, t2_, ...), then each part (its overview, `<part>/index.ipynb`, then its chapters by number), parts in `PARTS` order, then the command line and the package; `names` are paths relative to nbs/."
    parts = [p for p, _ in PARTS]
    def key(n):
        path = Path(n)
        if path.name == 'index.ipynb' and len(path.parts) == 1: return (0, 0, False, '')
        if len(path.parts) == 1: return (1, 0, False, path.name) if path.name.startswith('t') else (3, 0, False, path.name)
        return (2, parts.index(path.parts[0]) if path.parts[0] in parts else len(parts), path.name != 'index.ipynb', n)   # a part's overview first
    return sorted(names, key=key)

def group_of(name:str)->str:
    "The sidebar section of a notebook (a path relative to nbs/): its part, the tutorials, or the command line and the package."
    path = Path(name)
    if len(path.parts) > 1: return dict(PARTS).get(path.parts[0], 'More')
    return 'Tutorials' if path.name.startswith('t') else TOP

def proc_notebooks(work:Path)->Path:
    "Copy what nbdev-proc-nbs reads into `work` and run it there; the `_proc` folder it writes."
    for d in ('nbs', 'physci_lab', 'data'):
        shutil.copytree(ROOT/d, work/d, ignore=shutil.ignore_patterns('__pycache__', '.ipynb_checkpoints', '_proc'))
    for f in ('pyproject.toml', 'README.md'): shutil.copy(ROOT/f, work/f)
    r = subprocess.run([str(Path(sys.executable).parent/'nbdev-proc-nbs')], cwd=work, capture_output=True, text=True)
    if r.returncode: raise SystemExit(f'docs-preview: nbdev-proc-nbs failed:\n{r.stderr[-3000:]}')
    return work/'_proc'

def _front_matter(cell)->dict:
    src = docs_check._src(cell).strip()
    if cell['cell_type'] != 'raw' or not src.startswith('---'): return {}
    try: return yaml.safe_load(src.strip('-\n')) or {}
    except yaml.YAMLError: return {}

def _dirs_and_code(src:str):
    lines = src.splitlines(True)
    i = 0
    while i < len(lines) and (lines[i].startswith('#|') or (not lines[i].strip() and i < len(lines) - 1 and lines[i + 1].startswith('#|'))): i += 1
    return docs_check.directives({'source': ''.join(lines[:i])}), ''.join(lines[i:]).strip('\n')

def _link_pages(md:str)->str:
    "Markdown links to notebooks point at their preview pages."
    return re.sub(r'\]\((?!https?:)([^)#\s]+?)\.ipynb(#[^)]*)?\)', lambda m: f'](%s.html%s)' % (Path(m[1]).name, m[2] or ''), md)

def prepare(nb:dict, source:dict|None, skip_flags)->tuple[dict, dict]:
    "The processed notebook `nb` turned into what Quarto would show; `source` is the notebook in nbs/ (for recorded cells)."
    recorded = {}
    if source:
        for c in source['cells']:
            why = docs_check.skip_reason(c, skip_flags) if c['cell_type'] == 'code' else None
            if why and c.get('outputs'): recorded[c.get('id')] = why
    meta, cells = {}, []
    widget_state = nb.get('metadata', {}).get('widgets', {}).get('application/vnd.jupyter.widget-state+json', {}).get('state')
    for c in nb['cells']:
        fm = _front_matter(c)
        if fm:
            meta = fm
            head = f"# {fm.get('title', '')}" + (f"\n\n> {fm['description']}" if fm.get('description') else '')
            cells.append({'cell_type': 'markdown', 'metadata': {}, 'source': head, 'id': c.get('id', 'fm')}); continue
        if c['cell_type'] == 'markdown':
            c['source'] = _link_pages(docs_check._src(c))
            if c['source'].strip() == '<!-- WARNING: THIS FILE WAS AUTOGENERATED! DO NOT EDIT! -->': continue
            cells.append(c); continue
        if c['cell_type'] != 'code': continue
        d, code = _dirs_and_code(docs_check._src(c))
        if d.get('include', '').lower() == 'false': continue
        c['source'] = code
        if d.get('output', '').lower() == 'false': c['outputs'] = []
        if not widget_state:   # a widget view with no saved widget state renders as nothing: show its other forms (HTML, text)
            for o in c.get('outputs', []):
                if len(o.get('data', {})) > 1: o['data'].pop('application/vnd.jupyter.widget-view+json', None)
        if d.get('echo', '').lower() == 'false' or not code.strip(): c.setdefault('metadata', {})['transient'] = {'remove_source': True}
        if not code.strip() and not c.get('outputs'): continue
        if c.get('id') in recorded:
            cells.append({'cell_type': 'markdown', 'metadata': {}, 'id': f"rec-{c['id']}",
                          'source': f'<span class="pl-recorded">recorded output: this cell is `{recorded[c["id"]]}` and is not re-run by `make docs-check`</span>'})
        cells.append(c)
    keep = {'markdown': ('cell_type', 'id', 'metadata', 'source', 'attachments'),
            'code': ('cell_type', 'id', 'metadata', 'source', 'outputs', 'execution_count')}
    nb['cells'] = [{k: c[k] for k in keep[c['cell_type']] if k in c} | ({'execution_count': None} if c['cell_type'] == 'code' else {})
                   for c in cells]
    for c in nb['cells']:
        c['metadata'] = {k: v for k, v in c.get('metadata', {}).items() if k == 'transient'}
        if c['cell_type'] == 'code': c.setdefault('outputs', [])
    return nb, meta

_CSS = """<style>
.pl-nav{font:14px system-ui,sans-serif;padding:6px 12px;border-bottom:1px solid #ddd;display:flex;gap:18px;background:#f7f7f9}
.pl-nav a{text-decoration:none} .pl-recorded{font:12px system-ui,sans-serif;color:#7a5b00;background:#fff6d6;padding:1px 6px;border-radius:3px}
.pl-contents{font-family:system-ui,sans-serif;max-width:900px;margin:24px auto;padding:0 20px} .pl-contents li{margin:3px 0}
</style>"""

def _nav(order, i, titles)->str:
    link = lambda j, label: f'<a href="{_page(order[j])}">{label} {html.escape(titles[order[j]])}</a>'
    parts = ['<a href="index.html#contents">Contents</a>']
    if i > 0: parts.append(link(i - 1, '←'))
    if i < len(order) - 1: parts.append(link(i + 1, '→'))
    return '<nav class="pl-nav">' + ''.join(parts) + '</nav>'

def _page(name:str)->str:
    "The preview's (flat) page for a notebook path relative to nbs/: `t1_x.html`, `sim-10a_dsl.html`, `sim-index.html`."
    return '-'.join(Path(name).with_suffix('.html').parts)

def _contents(order, titles, descs)->str:
    out, last = ['<section class="pl-contents" id="contents"><h2>Contents</h2>'], None
    for n in order[1:]:
        g = group_of(n)
        if g != last:
            out.append(('</ul>' if last else '') + f'<h3>{html.escape(g)}</h3><ul>'); last = g
        d = f' — {html.escape(descs[n])}' if descs.get(n) else ''
        out.append(f'<li><a href="{_page(n)}">{html.escape(titles[n])}</a>{d}</li>')
    return '\n'.join(out + ['</ul></section>'])

def build(out:Path, proc:Path)->dict:
    "Render the processed notebooks in `proc` to `out`; returns {'pages': [...], 'secs'}."
    import nbformat
    from nbconvert import HTMLExporter
    t0 = time.time()
    cfg = docs_check._cfg()
    skip = cfg.tst_flags.split() if isinstance(cfg.tst_flags, str) else list(cfg.tst_flags)
    names = [str(p.relative_to(proc)) for p in sorted(proc.rglob('*.ipynb')) if '.ipynb_checkpoints' not in p.parts]
    order = reading_order(names)
    if len({_page(n) for n in order}) != len(order): raise SystemExit('docs-preview: two notebooks would share a page name')
    if out.exists(): shutil.rmtree(out)
    out.mkdir(parents=True)
    if (ROOT/'nbs'/'images').is_dir(): shutil.copytree(ROOT/'nbs'/'images', out/'images')
    prepared, titles, descs = {}, {}, {}
    for n in order:
        src = ROOT/'nbs'/n
        nb, meta = prepare(json.loads((proc/n).read_text(encoding='utf-8')), json.loads(src.read_text(encoding='utf-8')) if src.exists() else None, skip)
        prepared[n] = nb
        titles[n] = str(meta.get('title') or Path(n).stem)
        descs[n] = str(meta.get('description') or '').split('.')[0][:140]
    ex = HTMLExporter(template_name='lab')
    pages = []
    for i, n in enumerate(order):
        body, _ = ex.from_notebook_node(nbformat.reads(json.dumps(prepared[n]), as_version=4))
        body = body.replace('</head>', _CSS + '</head>', 1)
        body = re.sub(r'(<body[^>]*>)', lambda m: m[1] + _nav(order, i, titles), body, count=1)
        if i == 0: body = body.replace('</body>', _contents(order, titles, descs) + '</body>', 1)
        (out/_page(n)).write_text(body, encoding='utf-8')
        pages.append(dict(notebook=n, page=_page(n), title=titles[n]))
    (out/'pages.json').write_text(json.dumps(pages, indent=1))
    return dict(pages=pages, secs=round(time.time() - t0, 1))

def main(argv=None)->int:
    ap = argparse.ArgumentParser(prog='docs_preview', description=__doc__.split('\n\n')[0])
    ap.add_argument('--out', default='_preview', help='folder to write the pages to (replaced)')
    ap.add_argument('--proc', help='use this already processed _proc folder instead of running nbdev-proc-nbs')
    a = ap.parse_args(argv)
    out = Path(a.out).resolve()
    t0 = time.time()
    with tempfile.TemporaryDirectory(prefix='docs-preview-') as tmp:
        proc = Path(a.proc) if a.proc else proc_notebooks(Path(tmp))
        res = build(out, proc)
    print(f"docs-preview: {len(res['pages'])} pages in {out} ({time.time() - t0:.0f} s); open {out/'index.html'}")
    return 0

if __name__ == '__main__': sys.exit(main())
