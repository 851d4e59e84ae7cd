"""Render the front page's picture (nbs/images/scenes.png, shown by README.md and nbs/index.ipynb) from the library.

    python tools/front_image.py [--out nbs/images/scenes.png]

Eight scene families from the catalogue (`physci_lab.sim.families`, seed 0), each drawn by `physci_lab.sim.render.picture`
half-way through its valid window, tiled by `contact_sheet`. Deterministic up to the GL backend's rasterisation."""
import argparse, sys
from pathlib import Path
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
FAMILIES = ['fixed_pulley', 'incline', 'spring_two_masses', 'simple_pendulum', 'collision_2d', 'projectile', 'torque_wheel', 'orbit_two_body']

def render(width=240, height=135):
    from physci_lab.sim.families import sample_scene
    from physci_lab.sim.render import picture, contact_sheet
    from physci_lab.sim.simulation import simulate
    pics = {}
    for f in FAMILIES:
        tr = simulate(sample_scene(f, 0, 1))
        t = 0.5 * min(float(tr.valid_until), float(tr.t[-1]))
        pics[f.replace('_', ' ')] = picture(tr, t=round(t, 2), width=width, height=height)
    return contact_sheet(pics, cols=4)

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--out', default=str(ROOT/'nbs'/'images'/'scenes.png'))
    a = ap.parse_args(argv)
    from PIL import Image
    out = Path(a.out); out.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(np.ascontiguousarray(render())).save(out, optimize=True)
    print(f'wrote {out} ({out.stat().st_size / 1024:.0f} KB)')

if __name__ == '__main__': sys.exit(main())
