from pathlib import Path
FILES = Path(__file__).resolve().parents[2]/'data'/'bench'/'trial'/'files'
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
pts = {'A': (2, 100), 'B': (2, 400), 'C': (4, 400), 'D': (10, 100)}
order = ['A', 'B', 'C', 'D', 'A']
fig, ax = plt.subplots(figsize=(8, 6), dpi=100)
for a, b in zip(order[:-1], order[1:]):
    (x0, y0), (x1, y1) = pts[a], pts[b]
    ax.plot([x0, x1], [y0, y1], color='C0', lw=2.2)
    xm, ym = x0 + 0.55 * (x1 - x0), y0 + 0.55 * (y1 - y0)
    ax.annotate('', xy=(xm, ym), xytext=(x0 + 0.45 * (x1 - x0), y0 + 0.45 * (y1 - y0)),
                arrowprops=dict(arrowstyle='-|>', color='C0', lw=2.2, mutation_scale=22))
off = {'A': (-0.35, -18), 'B': (-0.35, 10), 'C': (0.1, 12), 'D': (0.15, -22)}
for k, (x, y) in pts.items():
    ax.plot(x, y, 'o', color='k', ms=6, zorder=5)
    ax.text(x + off[k][0], y + off[k][1], k, fontsize=15, weight='bold')
ax.set_xlim(0, 11); ax.set_ylim(0, 450)
ax.set_xticks(np.arange(0, 12, 1)); ax.set_yticks(np.arange(0, 451, 50))
ax.set_xticks(np.arange(0, 11.01, 0.5), minor=True); ax.set_yticks(np.arange(0, 451, 25), minor=True)
ax.grid(which='major', color='0.6', lw=0.8); ax.grid(which='minor', color='0.85', lw=0.5)
ax.set_xlabel('Volume V (L)', fontsize=13); ax.set_ylabel('Pressure P (kPa)', fontsize=13)
ax.set_title('Reversible cycle A -> B -> C -> D -> A (monatomic ideal gas)', fontsize=13)
ax.tick_params(labelsize=11)
fig.tight_layout()
fig.savefig(str(FILES/'pv_cycle.png'), dpi=100)
print(fig.get_size_inches()*100)
