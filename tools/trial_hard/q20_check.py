# Independent check of E2_meV: finite-difference diagonalisation of the BenDaniel-Duke Hamiltonian
#   H = -(hbar^2/2) d/dx [ (1/m(x)) d/dx ] + V(x), masses evaluated at half-grid points.
import numpy as np
from scipy.linalg import eigh_tridiagonal
hbar = 1.054571817e-34; me = 9.1093837015e-31; q = 1.602176634e-19
L = 10.0e-9; V0 = 0.220*q; mw = 0.067*me; mb = 0.092*me
for N in (12001, 24001, 48001):
    Lbox = 80e-9
    x = np.linspace(-Lbox/2, Lbox/2, N); dx = x[1]-x[0]
    xm = (x[:-1]+x[1:])/2
    inv_m = 1/np.where(np.abs(xm) < L/2, mw, mb)
    V = np.where(np.abs(x) < L/2, 0.0, V0)
    c = hbar**2/(2*dx**2)
    d = V[1:-1] + c*(inv_m[:-1] + inv_m[1:]); e = -c*inv_m[1:-1]
    w = eigh_tridiagonal(d/q*1e3, e/q*1e3, select='i', select_range=(0, 1), eigvals_only=True)
    print("N=%d dx=%.2e nm  E1=%.4f meV  E2=%.4f meV" % (N, dx*1e9, w[0], w[1]))
