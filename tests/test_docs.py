"""The docs: outputs under budget, `docs-check` catching drift, and the HTML preview opened in headless Chromium.

The preview test builds the pages as `make docs-preview` does (nbdev-proc-nbs in a scratch copy, then nbconvert) and
opens each in Chromium; screenshots of the first pages are kept under pytest's temporary folder (printed), never in
the repository."""
import io, json, os, shutil, struct, sys
from pathlib import Path
import pytest, yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT/"tools"))
import docs_check, docs_preview, docs_browser

# ------------------------------------------------------------------------------------------------------ output budget
BUDGET_MB = 15            # every saved notebook output, plus the pictures under nbs/images, for the whole repository
VIDEO_KB, VIDEO_S = 300, 8  # each video: at most 300 KB and a few seconds
PICTURE_KB, PICTURE_PX = 300, 1_200_000   # each picture: no full-resolution frame dumps
PICTURES_PER_CELL = 24

def mp4_seconds(raw:bytes)->float:
    "Duration of an MP4 from its movie header ('mvhd' box)."
    i = raw.find(b'mvhd')
    if i < 0: raise ValueError('no mvhd box: not an MP4')
    if raw[i + 4] == 1: scale, dur = struct.unpack('>IQ', raw[i + 24:i + 36])
    else: scale, dur = struct.unpack('>II', raw[i + 16:i + 24])
    return dur / scale

def video_seconds(mime, raw)->float:
    if mime == 'video/mp4': return mp4_seconds(raw)
    from PIL import Image
    im = Image.open(io.BytesIO(raw))
    total = 0
    for k in range(getattr(im, 'n_frames', 1)): im.seek(k); total += im.info.get('duration', 100)
    return total / 1000

def picture_pixels(mime, raw)->int:
    if mime == 'image/svg+xml': return 0
    from PIL import Image
    w, h = Image.open(io.BytesIO(raw)).size
    return w * h

def _is_video(mime, raw): return mime.startswith('video/') or (mime == 'image/gif' and raw[:6] in (b'GIF89a', b'GIF87a') and _frames(raw) > 1)
def _frames(raw):
    from PIL import Image
    return getattr(Image.open(io.BytesIO(raw)), 'n_frames', 1)

def output_problems(nbs, images=ROOT/"nbs"/"images"):
    "(total bytes, problems) over the saved outputs of `nbs` and the pictures under `images`."
    total, problems = 0, []
    for p in nbs:
        nb = json.loads(p.read_text(encoding='utf-8'))
        total += len(json.dumps(nb.get('metadata', {}).get('widgets', {})))
        for i, c in enumerate(nb['cells']):
            if c['cell_type'] != 'code': continue
            total += len(json.dumps(c.get('outputs', [])))
            ms = docs_check.media(c.get('outputs'), data=True)
            where = f'{p.name} cell #{i + 1}'
            if sum(not _is_video(m, raw) for m, _, raw in ms) > PICTURES_PER_CELL: problems.append(f'{where}: {len(ms)} pictures in one cell (a frame dump?)')
            for m, n, raw in ms:
                if _is_video(m, raw):
                    if n > VIDEO_KB * 1024: problems.append(f'{where}: {m} of {n / 1024:.0f} KB > {VIDEO_KB} KB')
                    if (s := video_seconds(m, raw)) > VIDEO_S: problems.append(f'{where}: {m} of {s:.1f} s > {VIDEO_S} s')
                else:
                    if n > PICTURE_KB * 1024: problems.append(f'{where}: {m} of {n / 1024:.0f} KB > {PICTURE_KB} KB')
                    if (px := picture_pixels(m, raw)) > PICTURE_PX: problems.append(f'{where}: {m} of {px / 1e6:.1f} Mpx > {PICTURE_PX / 1e6:.1f} Mpx')
    for f in sorted(images.rglob('*')) if images.is_dir() else []:
        if f.is_file():
            total += f.stat().st_size
            if f.stat().st_size > PICTURE_KB * 1024: problems.append(f'{f.relative_to(ROOT)}: {f.stat().st_size / 1024:.0f} KB > {PICTURE_KB} KB')
    if total > BUDGET_MB * 1e6: problems.append(f'notebook outputs total {total / 1e6:.1f} MB > {BUDGET_MB} MB')
    return total, problems

def test_outputs_within_budget():
    total, problems = output_problems(docs_check.notebooks())
    print(f'notebook outputs: {total / 1e6:.2f} MB of {BUDGET_MB} MB')
    assert problems == [], '\n'.join(problems)

def _nb(cells):
    return {'cells': [{'cell_type': 'code', 'id': f'c{i}', 'metadata': {}, 'execution_count': None, 'source': s.splitlines(True), 'outputs': []}
                      for i, s in enumerate(cells)], 'metadata': {'kernelspec': {'name': 'python3', 'display_name': 'python3', 'language': 'python'}},
            'nbformat': 4, 'nbformat_minor': 5}

def _video_output(kb, seconds=1.0, w=64, h=48):
    import base64, mediapy, numpy as np, imageio_ffmpeg
    mediapy.set_ffmpeg(imageio_ffmpeg.get_ffmpeg_exe())
    frames = (np.random.default_rng(0).random((int(10 * seconds), h, w, 3)) * 255).astype(np.uint8)
    raw = mediapy.compress_video(frames, fps=10)
    raw = raw + b'\0' * max(0, kb * 1024 - len(raw))
    return {'output_type': 'display_data', 'metadata': {}, 'data': {'text/plain': ['<IPython.core.display.HTML object>'],
            'text/html': [f'<video><source src="data:video/mp4;base64,{base64.b64encode(raw).decode()}"/></video>']}}

def test_budget_catches_large_outputs(tmp_path):
    "The budget check fails on a long or heavy video and on a full-resolution frame, and passes small ones."
    import base64, numpy as np
    from PIL import Image
    def png(w, h):
        buf = io.BytesIO(); Image.fromarray((np.random.default_rng(1).random((h, w, 3)) * 255).astype(np.uint8)).save(buf, 'PNG')
        return {'output_type': 'display_data', 'metadata': {}, 'data': {'image/png': base64.b64encode(buf.getvalue()).decode(), 'text/plain': ['<Figure>']}}
    nb = _nb(['small', 'long', 'heavy', 'frame'])
    nb['cells'][0]['outputs'] = [_video_output(0, 1.0), png(160, 90)]
    nb['cells'][1]['outputs'] = [_video_output(0, 12.0, 16, 16)]
    nb['cells'][2]['outputs'] = [_video_output(400)]
    nb['cells'][3]['outputs'] = [png(1920, 1080)]
    p = tmp_path/'x.ipynb'; p.write_text(json.dumps(nb))
    total, problems = output_problems([p], images=tmp_path/'none')
    assert total > 400 * 1024
    assert sorted({q.split(':')[0] for q in problems}) == ['x.ipynb cell #2', 'x.ipynb cell #3', 'x.ipynb cell #4'], problems
    assert 's > 8 s' in problems[0] and 'KB > 300 KB' in problems[1] and 'Mpx' in problems[-1], problems

# ---------------------------------------------------------------------------------------------------------- docs-check
def test_docs_check_writes_then_catches_drift(tmp_path):
    "--write saves outputs; the check passes on them; edited text, a lost picture and a failing cell are each caught."
    cells = ['x = 6 * 7\nprint(f"{x} m/s")',
             '#| docs: volatile\nimport time; print(f"took {time.perf_counter():.6f} s")',
             '#| slow\nprint("trained for hours")',
             'import base64\nfrom IPython.display import Image, display\ndisplay(Image(base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")))',
             'x']
    p = tmp_path/'demo.ipynb'
    p.write_text(json.dumps(_nb(cells)))
    assert docs_check.check_notebook(p)['status'] == 'unexecuted'
    nb = json.loads(p.read_text()); nb['cells'][2]['outputs'] = [{'output_type': 'stream', 'name': 'stdout', 'text': ['trained for hours\n']}]
    p.write_text(json.dumps(nb))
    w = docs_check.check_notebook(p, write=True)
    assert w['status'] == 'ok' and w['written'], docs_check.format_result(w)
    saved = json.loads(p.read_text())
    assert saved['cells'][0]['outputs'][0]['text'] == ['42 m/s\n']
    assert saved['cells'][2]['outputs'][0]['text'] == ['trained for hours\n']           # a slow cell keeps its recording
    assert saved['cells'][4]['outputs'][0]['execution_count'] is None                    # nbdev-clean ran
    r = docs_check.check_notebook(p)
    assert r['status'] == 'ok' and r['cells']['pictures'] == 1 and r['cells']['volatile'] == 1, docs_check.format_result(r)
    assert r['cells']['recorded'] == ['c2 (slow)']
    # drift: a number as printed, a picture that is no longer produced, a cell that raises
    nb = json.loads(p.read_text())
    nb['cells'][0]['outputs'][0]['text'] = ['41 m/s\n']
    nb['cells'][1]['outputs'][0]['text'] = ['took 0.1 s\n']                               # volatile: not compared
    nb['cells'][4]['source'] = ['x + 1']
    p.write_text(json.dumps(nb))
    r = docs_check.check_notebook(p)
    assert r['status'] == 'drift' and [d['id'] for d in r['drift']] == ['c0', 'c4'], docs_check.format_result(r)
    assert '-41 m/s' in r['drift'][0]['diff'] and '+42 m/s' in r['drift'][0]['diff']
    nb['cells'][0]['outputs'][0]['text'] = ['42 m/s\n']; nb['cells'][4]['source'] = ['x']
    nb['cells'][3]['source'] = ['print("no picture")']
    p.write_text(json.dumps(nb))
    r = docs_check.check_notebook(p)
    assert [d['what'] for d in r['drift']] == ['pictures/videos: saved 1 image/png, now none'], docs_check.format_result(r)
    nb['cells'][3]['source'] = ['1/0']
    p.write_text(json.dumps(nb))
    r = docs_check.check_notebook(p)
    assert r['status'] == 'failed' and 'ZeroDivisionError' in r['error']
    before = p.read_text()
    assert docs_check.check_notebook(p, write=True)['written'] is False and p.read_text() == before   # a failed run writes nothing

def test_docs_check_saves_what_ipython_display_shows(tmp_path):
    "A value shown through `_ipython_display_` (a problem card, a stepper) is saved once, with no empty result beside it."
    card = ('class Card:\n    def _ipython_display_(self):\n        from IPython.display import display, Markdown\n'
            "        display(Markdown('**a card**'))\nCard()")
    p = tmp_path/'card.ipynb'; p.write_text(json.dumps(_nb([card, '1 + 1'])))
    assert docs_check.check_notebook(p, write=True)['written']
    outs = [c['outputs'] for c in json.loads(p.read_text())['cells']]
    assert [[o['output_type'] for o in c] for c in outs] == [['display_data'], ['execute_result']], outs
    assert outs[0][0]['data']['text/markdown'] == ['**a card**']

def test_no_saved_output_holds_third_party_text():
    "No notebook's saved output (slow, recorded cells included) quotes a warning with its line, a traceback, a progress bar, a library path or a checkout."
    found = [f"{p.relative_to(ROOT)} cell {f['cell']} (id {f['id']}): {f['what']}" for p in docs_check.notebooks() for f in docs_check.foreign_in_notebook(p)]
    assert not found, "\n".join(found)

@pytest.mark.parametrize("text, kind", [
    ("/x/.venv/lib/python3.11/site-packages/transformers/training_args.py:1541: FutureWarning: `gradient_checkpointing` is deprecated", "a warning with its source line"),
    ("<ipython-input-10-e820fd9bdf02>:27: UserWarning: olympiadbench: 1 item(s)", "a warning with its source line"),
    ('Traceback (most recent call last):\n  File "/usr/lib/python3.11/ast.py", line 50, in parse', "a traceback"),
    ("loaded from /opt/conda/lib/python3.11/json/__init__.py", "a library path"),
    ("- file:/work/wt/integ/tests/fixtures/workers/casimir_notes.pdf#p1", "a checkout or home folder"),
    ("saved to /home/ana/runs/x.json", "a checkout or home folder"),
    ("Filter: 100%|##########| 18/18 [00:00<00:00, 859.42 examples/s]", "a progress bar")])
def test_docs_check_refuses_third_party_text(tmp_path, text, kind):
    outs = [{"output_type": "stream", "name": "stderr", "text": ["ok\n", text + "\n"]}]
    assert [f.split(":")[0] for f in docs_check.foreign_text(outs)][:1] == [kind]
    assert docs_check.foreign_text([{"output_type": "stream", "name": "stdout", "text": ["/usr/bin/bwrap --ro-bind /usr /usr --chdir /work\n"]}]) == []
    nb = {"cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "source": "print(1)", "outputs": outs, "execution_count": None}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path/"n.ipynb").write_text(json.dumps(nb))
    assert docs_check.foreign_in_notebook(tmp_path/"n.ipynb")[0]["what"].startswith(kind)

def test_normalize_masks_only_what_varies():
    import tempfile
    s = (f'<Foo at 0x7f3a2b> in {tempfile.gettempdir()}/tmpab12cd34/out.json, <ipython-input-12-3af0c1>\n'
         '\r 10%|#   | 1/10 [00:01<00:09, 1.02it/s]\r100%|##########| 10/10 [00:02<00:00, 4.93it/s]\n3.14159 m')
    assert docs_check.normalize(s) == '<Foo> in <tmp>/out.json, <ipython-input>\n100%|##########| 10/10 […]\n3.14159 m'
    assert docs_check.normalize('3.14159 m') != docs_check.normalize('3.14160 m')

def test_floating_point_noise_is_not_drift():
    "The last bits of a simulated value vary with the CPU and BLAS build: within 1e-9 (relative) they match; anything a reader could see does not."
    out = lambda t: [{'output_type': 'stream', 'name': 'stdout', 'text': t}]
    assert docs_check.compare_cell(out('a = 2.8505835331456777 m/s^2\n'), out('a = 2.8505835331518963 m/s^2\n')) is None
    assert docs_check.compare_cell(out('theta = -1.39626, omega = -7.07767e-16\n'), out('theta = -1.39626, omega = -2.91434e-16\n')) is None   # zero to working precision
    for a, b in (('a = 2.85 m/s^2', 'a = 2.86 m/s^2'), ('40 problems', '41 problems'), ('q = 1.6e-19 C', 'q = 3.2e-19 C'), ('x = 1.0', 'y = 1.0'),
                 ('a = 2.8505835331456777', 'a = 2.8505835431456777')):
        assert docs_check.compare_cell(out(a + '\n'), out(b + '\n'))[0] == 'output changed', (a, b)

# ------------------------------------------------------------------------------------------------------------ preview
def _need_chromium():
    if docs_browser.find_chromium(): return
    if os.geteuid() == 0 and shutil.which('apt-get'):   # .ci/system-deps installs it here: its absence is a failure
        pytest.fail("chromium is not installed: run `sudo bash .ci/system-deps` (it adds Debian's chromium)")
    pytest.skip('chromium is not installed and cannot be (not root or no apt-get): the preview is not checked in a browser')

def test_browser_check_catches_broken_pages(tmp_path):
    "A traceback, a raw directive, a picture that does not decode and a missing video each fail a page."
    _need_chromium()
    ok_png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
    body = '<p>' + 'A page about physics with enough words in it. ' * 3 + '</p>'
    pages = {'good': body + f'<img src="data:image/png;base64,{ok_png}">',
             'traceback': body + '<pre>Traceback (most recent call last):\n  File "x.py"\nValueError: x</pre>',
             'directive': body + '<pre>#| export\nx = 1</pre>',
             'broken': body + '<img src="data:image/png;base64,AAAA">',
             'novideo': body}
    for k, v in pages.items(): (tmp_path/f'{k}.html').write_text(f'<html><body>{v}</body></html>')
    with docs_browser.Browser() as b:
        res = {k: docs_browser.check_page(b, (tmp_path/f'{k}.html').as_uri(), want_vids=int(k == 'novideo')) for k in pages}
    assert res['good']['problems'] == [] and res['good']['images'] == 1
    assert res['traceback']['problems'] == ['shows a Python traceback']
    assert res['directive']['problems'][0].startswith('shows raw directives')
    assert 'do not decode' in res['broken']['problems'][0]
    assert res['novideo']['problems'] == ['0 videos on the page, the notebook saved 1']

def test_docs_preview_in_browser(tmp_path_factory):
    "`make docs-preview` renders a page per notebook, with the contents in reading order, and every page passes in Chromium."
    _need_chromium()
    work, out = tmp_path_factory.mktemp('docs-work'), tmp_path_factory.mktemp('docs-preview')/'site'
    shots = tmp_path_factory.mktemp('docs-screenshots')
    proc = docs_preview.proc_notebooks(work)
    built = docs_preview.build(out, proc)
    pages = [p['notebook'] for p in built['pages']]
    assert sorted(pages) == sorted(str(p.relative_to(ROOT/'nbs')) for p in docs_check.notebooks())
    assert pages[0] == 'index.ipynb' and pages == docs_preview.reading_order(pages)
    front = (out/'index.html').read_text()
    assert all(f'href="{p["page"]}"' in front for p in built['pages'][1:]), 'the contents must link every chapter'
    res = docs_browser.check_preview(out, proc, screenshots=shots)
    passed = [r for r in res if not r['problems']]
    print(f"preview: {len(res)} pages, {len(passed)} passed in Chromium, "
          f"{sum(r['images'] for r in res)} pictures and {sum(r['videos'] for r in res)} videos shown; screenshots in {shots}")
    assert len(passed) == len(res), '\n'.join(f"{r['page']}: {p}" for r in res for p in r['problems'])
    assert len(list(shots.glob('*.png'))) >= 3

def test_sidebar_is_grouped_by_part_in_reading_order():
    "nbs/sidebar.yml (written by hand: custom_sidebar) lists every notebook once: index, the tutorials, then a section per part in the order the parts import each other."
    side = yaml.safe_load((ROOT/'nbs'/'sidebar.yml').read_text())['website']['sidebar']['contents']
    listed, sections = [], []
    for entry in side:
        if isinstance(entry, str): listed.append(entry); sections.append(None); continue
        sections.append(entry['section'])
        listed += entry['contents']
        assert all(docs_preview.group_of(n) == entry['section'] for n in entry['contents']), entry['section']
    assert sorted(listed) == sorted(str(p.relative_to(ROOT/'nbs')) for p in docs_check.notebooks()), 'every notebook once, no other entry'
    assert listed == docs_preview.reading_order(listed)
    assert sections == [None, 'Tutorials', *(t for _, t in docs_preview.PARTS), docs_preview.TOP]
