"Run every notebook's test cells through nbdev's own runner, one pytest test per notebook."
import multiprocessing as mp
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
import pytest
# aliases: pytest would otherwise collect nbdev's `test_nb` as a test of its own
from nbdev.test import test_nb as _run_nb_tests
from nbdev.config import get_config as _nbdev_config

ROOT = Path(__file__).resolve().parents[1]
NBS = sorted(p for p in (ROOT/"nbs").glob("*.ipynb") if not p.name.startswith("_"))

@pytest.mark.parametrize("nb", NBS, ids=[p.stem for p in NBS])
def test_notebook(nb, request):
    cfg = _nbdev_config(ROOT)
    skip = cfg.tst_flags.split()
    force = ["slow"] if request.config.getoption("--slow") else []
    # each notebook in a fresh process, as `nbdev-test` does: a notebook re-runs its export cells, and the classes
    # it defines there must not leak into the next notebook's registries
    with ProcessPoolExecutor(1, mp_context=mp.get_context("spawn")) as ex:
        ok, secs = ex.submit(_run_nb_tests, nb, skip_flags=skip, force_flags=force, basepath=str(ROOT),
                             cell_timeout=cfg.cell_timeout).result()
    assert ok, f"{nb.name}: a test cell failed (traceback above)"

def test_every_notebook_is_collected():
    assert len(NBS) >= 3 and (ROOT/"nbs"/"index.ipynb") in NBS
