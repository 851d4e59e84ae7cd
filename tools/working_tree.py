"""Copy this checkout's working tree elsewhere: the files git tracks, and the untracked ones it does not ignore, as they are now.

Used where something must be built from the code as it stands without writing into the checkout (tests/test_wheel.py,
benchmarks/bench_install.py)."""
import shutil, subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

def copy_working_tree(dest)->Path:
    "Copy the working tree's files into the folder `dest` (made as needed); returns `dest`."
    dest = Path(dest)
    files = subprocess.run(['git', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], cwd=ROOT, capture_output=True, check=True).stdout.split(b'\0')
    for f in filter(None, (x.decode() for x in files)):
        if (ROOT/f).is_file():
            (dest/f).parent.mkdir(parents=True, exist_ok=True); shutil.copy2(ROOT/f, dest/f)
    return dest
