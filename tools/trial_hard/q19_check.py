import numpy as np
from scipy.optimize import brentq
import sympy as sp
Ksp = 1.77e-10; b1 = 10**3.31; b2 = 10**7.22; NH3T = 1.00; Cl0 = 0.0500; V = 0.2500; M = 143.32
# Method 1: nested scalar root finding on the free-ammonia concentration L
def s_of_L(L):                     # chloride balance: s = Ksp/(Cl0+s) * (1 + b1 L + b2 L^2)
    f = 1 + b1*L + b2*L**2
    return (-Cl0 + np.sqrt(Cl0**2 + 4*Ksp*f))/2
def nh3_balance(L):
    s = s_of_L(L); Ag = Ksp/(Cl0 + s)
    return L + b1*Ag*L + 2*b2*Ag*L**2 - NH3T
L = brentq(nh3_balance, 1e-6, NH3T, xtol=1e-15); s = s_of_L(L); Ag = Ksp/(Cl0+s)
print("method 1: [NH3]free=%.6f  s=%.6e M  [Ag+]=%.3e  [AgNH3+]=%.3e  [Ag(NH3)2+]=%.5e" % (L, s, Ag, b1*Ag*L, b2*Ag*L**2))
print("          mass dissolved = %.5f g" % (s*V*M))
# Method 2: simultaneous Newton solve (sympy nsolve, 30 digits) of the two mass balances
S, Lf = sp.symbols('S Lf', positive=True)
Ksp_, b1_, b2_ = sp.Float('1.77e-10', 30), sp.Float(10, 30)**sp.Float('3.31', 30), sp.Float(10, 30)**sp.Float('7.22', 30)
Ag_ = Ksp_/(sp.Float('0.05', 30) + S)
sol = sp.nsolve([S - Ag_*(1 + b1_*Lf + b2_*Lf**2), Lf + b1_*Ag_*Lf + 2*b2_*Ag_*Lf**2 - 1], [S, Lf], [0.03, 0.9], prec=30)
print("method 2: s = %s M, [NH3]free = %s, mass = %s g" % (sp.N(sol[0], 10), sp.N(sol[1], 10), sp.N(sol[0]*sp.Float('0.25')*sp.Float('143.32'), 10)))
# Trap values
f1 = 1 + b1 + b2
print("trap, no NH3 depletion: %.4f g" % ((-Cl0 + np.sqrt(Cl0**2 + 4*Ksp*f1))/2*V*M))
L2 = brentq(lambda L: L + (b1*L + 2*b2*L**2)*np.sqrt(Ksp*(1+b1*L+b2*L**2))/(1+b1*L+b2*L**2) - 1, 1e-6, 1)
print("trap, chloride common ion ignored: %.4f g" % (np.sqrt(Ksp*(1+b1*L2+b2*L2**2))*V*M))
print("trap, Cl- = 0.050 fixed (s not added): %.4f g" % (brentq(lambda s: s - Ksp/Cl0*(1+b1*(1-2*s)+b2*(1-2*s)**2), 0, 0.5)*V*M))
