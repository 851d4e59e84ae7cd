import os
os.environ.setdefault("HF_HUB_OFFLINE", "1")

def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", default=False,
                     help="also run notebook cells flagged `#| slow` and tests marked slow")

def pytest_collection_modifyitems(config, items):
    import pytest
    if config.getoption("--slow"): return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for it in items:
        if "slow" in it.keywords: it.add_marker(skip)
