"""Run every notebook once, as `nbdev-test` does, and check both its test cells and its saved outputs (`make docs-check`).

One execution serves both: `tools/docs_check.py` executes a notebook with nbdev's own machinery (execnb's CaptureShell,
the cells `nbdev-test` runs, `IN_TEST=1`) and compares what each cell prints with the output saved in the notebook.
A notebook that holds no saved output yet is only tested."""
import multiprocessing as mp, sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT/"tools"))
import docs_check

NBS = docs_check.notebooks()

@pytest.mark.parametrize("nb", NBS, ids=[str(p.relative_to(ROOT/"nbs").with_suffix("")) for p in NBS])
def test_notebook(nb, request):
    force = ("slow",) if request.config.getoption("--slow") else ()
    # each notebook in a fresh process, as `nbdev-test` does: a notebook re-runs its export cells, and the classes
    # it defines there must not leak into the next notebook's registries
    with ProcessPoolExecutor(1, mp_context=mp.get_context("spawn")) as ex:
        r = ex.submit(docs_check.check_notebook, nb, force).result()
    report = docs_check.format_result(r)
    print(report)
    assert r["status"] != "failed", f"{nb.name}: a test cell failed\n{report}"
    assert r["status"] != "drift", f"{nb.name}: saved outputs drifted (re-run `make docs-run NB={nb.relative_to(ROOT)}` if the change is right)\n{report}"

def test_every_notebook_is_collected():
    assert len(NBS) >= 3 and (ROOT/"nbs"/"index.ipynb") in NBS
