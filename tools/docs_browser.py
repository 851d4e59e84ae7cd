"""Open the docs preview in headless Chromium and check every page, through the DevTools protocol.

    python tools/docs_browser.py _preview [--screenshots DIR] [--json]

For each page of `pages.json` (written by tools/docs_preview.py): it loads; every picture decodes (naturalWidth > 0)
and every video loads its metadata (a duration and a width), at least as many of each as the page's notebook holds;
no page shows a Python traceback or a raw `#|` directive. Screenshots of the first pages (the front page and the
tutorials) go to --screenshots. Chromium runs with a fresh profile and no network: every host name fails to resolve,
so the CDN scripts nbconvert references (MathJax, require.js) fail at once instead of hanging.
Exit status 0 when every page passes, 1 otherwise, 2 when Chromium cannot be started.
"""
from __future__ import annotations
import argparse, base64, itertools, json, os, shutil, subprocess, sys, tempfile, time, urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync', '--disable-extensions', '--mute-audio', '--hide-scrollbars',
         '--host-resolver-rules=MAP * ~NOTFOUND', '--window-size=1280,900']

def find_chromium()->str|None:
    "The Chromium binary: $CHROMIUM, else `chromium` (Debian), `chromium-browser` or `google-chrome` on the PATH."
    for c in (os.environ.get('CHROMIUM'), 'chromium', 'chromium-browser', 'google-chrome'):
        if c and shutil.which(c): return shutil.which(c)
    return None

class Browser:
    "A headless Chromium with one page, driven over its DevTools websocket; use as a context manager."
    def __init__(self, binary:str|None=None, timeout:float=30):
        self.binary, self.timeout = binary or find_chromium(), timeout
        if not self.binary: raise RuntimeError('chromium not found: install Debian\'s `chromium` (sudo bash .ci/system-deps) or set $CHROMIUM')

    def __enter__(self):
        import websocket
        self.profile = tempfile.mkdtemp(prefix='docs-chromium-')
        self.proc = subprocess.Popen([self.binary, *FLAGS, f'--user-data-dir={self.profile}', '--remote-debugging-port=0', 'about:blank'],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        port_file, t0 = Path(self.profile)/'DevToolsActivePort', time.time()
        while not (port_file.exists() and len(port_file.read_text().splitlines()) >= 2):
            if self.proc.poll() is not None: raise RuntimeError(f'chromium exited ({self.proc.returncode}): {self.proc.stderr.read().decode()[-800:]}')
            if time.time() - t0 > self.timeout: self.__exit__(); raise RuntimeError(f'chromium did not start in {self.timeout:g} s')
            time.sleep(0.05)
        port = port_file.read_text().splitlines()[0]
        tabs = json.load(urllib.request.urlopen(f'http://127.0.0.1:{port}/json/list', timeout=self.timeout))
        page = next(t for t in tabs if t['type'] == 'page')
        self.ws = websocket.create_connection(page['webSocketDebuggerUrl'], timeout=self.timeout, suppress_origin=True)
        self._ids, self.events = itertools.count(1), []
        self.call('Page.enable'); self.call('Runtime.enable')
        return self

    def __exit__(self, *exc):
        try: self.ws.close()
        except Exception: pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try: self.proc.wait(10)
            except subprocess.TimeoutExpired: self.proc.kill(); self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def _recv(self, deadline):
        self.ws.settimeout(max(0.1, deadline - time.time()))
        return json.loads(self.ws.recv())

    def call(self, method:str, timeout:float|None=None, **params):
        "Send one DevTools command and wait for its result (events that arrive meanwhile are kept in `events`)."
        i, deadline = next(self._ids), time.time() + (timeout or self.timeout)
        self.ws.send(json.dumps(dict(id=i, method=method, params=params)))
        while True:
            m = self._recv(deadline)
            if m.get('id') == i:
                if 'error' in m: raise RuntimeError(f"{method}: {m['error'].get('message')}")
                return m.get('result', {})
            if 'method' in m: self.events.append(m)

    def open(self, url:str)->float:
        "Navigate to `url` and wait for its load event; seconds taken."
        t0 = time.time()
        self.events = []
        r = self.call('Page.navigate', url=url)
        if r.get('errorText'): raise RuntimeError(f'{url}: {r["errorText"]}')
        deadline = time.time() + self.timeout
        while not any(e['method'] == 'Page.loadEventFired' for e in self.events):
            m = self._recv(deadline)
            if 'method' in m: self.events.append(m)
        return time.time() - t0

    def eval(self, js:str, timeout:float|None=None):
        "The value of the JavaScript expression `js` (promises awaited)."
        r = self.call('Runtime.evaluate', timeout=timeout, expression=js, awaitPromise=True, returnByValue=True)
        if 'exceptionDetails' in r: raise RuntimeError(f"javascript: {r['exceptionDetails'].get('text')} {r['exceptionDetails'].get('exception', {}).get('description', '')[:300]}")
        return r['result'].get('value')

    def screenshot(self, path:Path, full:bool=False):
        r = self.call('Page.captureScreenshot', format='png', captureBeyondViewport=full)
        Path(path).write_bytes(base64.b64decode(r['data']))

# Everything the test looks at in a loaded page, measured by the page itself.
PAGE_JS = r'''(async () => {
  const imgs = [...document.images];
  await Promise.all(imgs.map(i => i.complete ? 0 : new Promise(r => { i.addEventListener('load', r); i.addEventListener('error', r); })));
  const vids = [...document.querySelectorAll('video')];
  await Promise.all(vids.map(v => (v.readyState >= 1 || v.error) ? 0 : new Promise(r => {
      v.addEventListener('loadedmetadata', r); v.addEventListener('error', r, true); setTimeout(r, 15000); })));
  const text = document.body ? document.body.innerText : '';
  const code = [...document.querySelectorAll('.jp-InputArea, .highlight, pre')].map(e => e.innerText).join('\n');
  return {
    title: document.title,
    chars: text.length,
    images: imgs.map(i => ({src: i.currentSrc.slice(0, 40), w: i.naturalWidth, h: i.naturalHeight})),
    videos: vids.map(v => ({ready: v.readyState, duration: v.duration, w: v.videoWidth, error: v.error ? v.error.code : null})),
    traceback: /Traceback \(most recent call last\)|^\S*Error: .*\n.*File "<ipython-input/m.test(text)
               || document.querySelectorAll('[data-mime-type="application/vnd.jupyter.error"], .output_error').length > 0,
    directive: text.split('\n').filter(l => /^\s*#\|/.test(l)).slice(0, 3),
    code_directive: code.split('\n').filter(l => /^\s*#\|/.test(l)).slice(0, 3),
  };
})()'''

def expected_media(nb_path:Path)->tuple[int, int]:
    "(pictures, videos) the page of this (processed) notebook must show: saved outputs plus images linked in markdown."
    import docs_check, re
    nb = json.loads(Path(nb_path).read_text(encoding='utf-8'))
    pics = vids = 0
    for c in nb['cells']:
        if c['cell_type'] == 'markdown':
            pics += len(re.findall(r'!\[[^\]]*\]\(([^)\s]+)', docs_check._src(c))) + len(re.findall(r'<img\s', docs_check._src(c)))
        for m, _ in docs_check.media(c.get('outputs')):
            if m.startswith('video/'): vids += 1
            else: pics += m != 'image/svg+xml'       # an SVG output is inline markup, not an <img>
    return pics, vids

def check_page(b:Browser, url:str, want_pics:int=0, want_vids:int=0)->dict:
    "Load one page and measure it; `problems` lists what is wrong (empty when the page passes)."
    secs = b.open(url)
    r = b.eval(PAGE_JS, timeout=60)
    problems = []
    if r['chars'] < 50: problems.append(f"page is (nearly) empty: {r['chars']} characters")
    bad_imgs = [i for i in r['images'] if not (i['w'] > 0 and i['h'] > 0)]
    if bad_imgs: problems.append(f'{len(bad_imgs)} of {len(r["images"])} pictures do not decode: {bad_imgs[:3]}')
    bad_vids = [v for v in r['videos'] if not (v['ready'] >= 1 and (v['duration'] or 0) > 0 and v['w'] > 0)]
    if bad_vids: problems.append(f'{len(bad_vids)} of {len(r["videos"])} videos do not load: {bad_vids[:3]}')
    if len(r['images']) < want_pics: problems.append(f"{len(r['images'])} pictures on the page, the notebook saved {want_pics}")
    if len(r['videos']) < want_vids: problems.append(f"{len(r['videos'])} videos on the page, the notebook saved {want_vids}")
    if r['traceback']: problems.append('shows a Python traceback')
    if r['directive'] or r['code_directive']: problems.append(f"shows raw directives: {(r['directive'] or r['code_directive'])[:2]}")
    return dict(url=url, secs=round(secs, 2), images=len(r['images']), videos=len(r['videos']), problems=problems)

def check_preview(preview:Path, proc:Path|None=None, screenshots:Path|None=None, n_shots:int=4)->list[dict]:
    "Check every page listed in `preview`/pages.json; the processed notebooks in `proc` say what media to expect."
    pages = json.loads((Path(preview)/'pages.json').read_text())
    out = []
    with Browser() as b:
        for k, p in enumerate(pages):
            want = expected_media(Path(proc)/p['notebook']) if proc and (Path(proc)/p['notebook']).exists() else (0, 0)
            try: r = check_page(b, (Path(preview)/p['page']).resolve().as_uri(), *want)
            except Exception as e: r = dict(url=p['page'], secs=None, images=0, videos=0, problems=[f'{type(e).__name__}: {e}'])
            r |= dict(page=p['page'], notebook=p['notebook'], want_pictures=want[0], want_videos=want[1])
            if screenshots is not None and k < n_shots:
                Path(screenshots).mkdir(parents=True, exist_ok=True)
                try: b.screenshot(Path(screenshots)/(Path(p['page']).stem + '.png'))
                except Exception as e: r['problems'].append(f'screenshot: {e}')
            out.append(r)
    return out

def main(argv=None)->int:
    ap = argparse.ArgumentParser(prog='docs_browser', description=__doc__.split('\n\n')[0])
    ap.add_argument('preview', nargs='?', default='_preview')
    ap.add_argument('--proc', help='the _proc folder the preview was made from (to count the pictures and videos to expect)')
    ap.add_argument('--screenshots', help='folder for screenshots of the first pages')
    ap.add_argument('--json', action='store_true')
    a = ap.parse_args(argv)
    try: res = check_preview(Path(a.preview), a.proc and Path(a.proc), a.screenshots and Path(a.screenshots))
    except RuntimeError as e: print(f'docs_browser: {e}', file=sys.stderr); return 2
    if a.json: print(json.dumps(res, indent=1))
    else:
        for r in res: print(f"{r['page']}: {'ok' if not r['problems'] else 'FAIL'} ({r['images']} pictures, {r['videos']} videos, {r['secs']} s)"
                            + ''.join(f'\n  {p}' for p in r['problems']))
    ok = sum(not r['problems'] for r in res)
    print(f'docs_browser: {ok}/{len(res)} pages passed')
    return 0 if ok == len(res) else 1

if __name__ == '__main__': sys.exit(main())
