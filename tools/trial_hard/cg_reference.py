import numpy as np
from scipy.optimize import brentq

# Constants (as given in the question)
hbar = 1.054571817e-34      # J s
m_e = 9.1093837015e-31      # kg
q = 1.602176634e-19         # C (J per eV)

# Quantum-well parameters
L = 10.0e-9                 # well width, m (well occupies -L/2 < x < L/2)
V0 = 0.220 * q              # barrier height, J
m_w = 0.067 * m_e           # effective mass in the well (GaAs)
m_b = 0.092 * m_e           # effective mass in the barriers (AlGaAs)

# Odd-parity bound states with BenDaniel-Duke matching at x = L/2:
#   well:    psi = sin(k x),             k   = sqrt(2 m_w E)/hbar
#   barrier: psi = C exp(-kappa x),      kappa = sqrt(2 m_b (V0 - E))/hbar
#   psi continuous and (1/m) dpsi/dx continuous:
#   (k/m_w) cot(k L/2) = -(kappa/m_b)
# Multiply by sin(k L/2) to obtain a function without poles:
def f_odd(E):
    k = np.sqrt(2.0 * m_w * E) / hbar
    kap = np.sqrt(2.0 * m_b * (V0 - E)) / hbar
    return (k / m_w) * np.cos(k * L / 2) + (kap / m_b) * np.sin(k * L / 2)

def f_even(E):
    k = np.sqrt(2.0 * m_w * E) / hbar
    kap = np.sqrt(2.0 * m_b * (V0 - E)) / hbar
    return (k / m_w) * np.sin(k * L / 2) - (kap / m_b) * np.cos(k * L / 2)

def roots(f):
    Es = np.linspace(1e-6 * V0, V0 * (1 - 1e-12), 200001)
    v = f(Es)
    idx = np.where(np.sign(v[:-1]) * np.sign(v[1:]) < 0)[0]
    return [brentq(f, Es[i], Es[i + 1], xtol=1e-40, rtol=1e-14) for i in idx]

levels = sorted(roots(f_even) + roots(f_odd))       # all bound states, J
E2_meV = levels[1] / q * 1e3                          # second-lowest level (first excited state)

print("bound levels (meV):", [round(E / q * 1e3, 3) for E in levels])
print("E2_meV =", E2_meV)
