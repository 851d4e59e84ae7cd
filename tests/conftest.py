import os
os.environ.setdefault("HF_HUB_OFFLINE", "1")

def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", default=False,
                     help="also run notebook cells flagged `#| slow` and tests marked slow")

def pytest_configure(config):
    # the fuzz suite (tests/test_fuzz.py) reads this at import: a bounded sample by default, the full sweep under --slow
    os.environ["PHYSCI_LAB_SLOW"] = "1" if config.getoption("--slow") else "0"

def pytest_collection_modifyitems(config, items):
    import pytest
    if config.getoption("--slow"): return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for it in items:
        if "slow" in it.keywords: it.add_marker(skip)
