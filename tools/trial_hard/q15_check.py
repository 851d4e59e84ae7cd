import numpy as np
from scipy.optimize import brentq
# TN-214 data reduction, errata applied.  Inlet duct = PT-2205 on CH1 (4-wire, 1.000 mA, no lead subtraction)
# Outlet duct = PT-2207 on CH3 (2-wire, 0.500 mA, R_lead = 0.62 ohm); R0(PT-2207) = 100.018 (erratum E1)
# Air speed 2.4 m/s -> Table 4 row "above 1.0 up to 3.0 m/s": delta = 2.0 mW/K
def Tcvd(R, R0, A, B):                      # Eq. 3
    return (-A + np.sqrt(A*A - 4*B*(1 - R/R0)))/(2*B)
def reduce(V, I, Rlead, R0, A, B, delta=2.0e-3):
    Rs = V/I - Rlead                        # Step 1
    Tind = Tcvd(Rs, R0, A, B)               # Step 2
    P = I*I*Rs                              # Step 3
    return Tind - P/delta, Rs, Tind, P      # Step 4
inlet  = reduce(108.397e-3, 1.000e-3, 0.00, 100.036, 3.9083e-3, -5.775e-7)
outlet = reduce( 55.017e-3, 0.500e-3, 0.62, 100.018, 3.9102e-3, -5.791e-7)
print("inlet : T_air=%.5f  R_s=%.4f  T_ind=%.5f  P=%.4e W" % inlet)
print("outlet: T_air=%.5f  R_s=%.4f  T_ind=%.5f  P=%.4e W" % outlet)
print("Method 1 (closed-form inversion): dT = %.5f K" % (outlet[0] - inlet[0]))
# Method 2: invert the full forward model numerically (brentq on true air temperature;
# element temperature T_el solves T_el = T_air + I^2 R(T_el)/delta, reading V = I (R(T_el) + R_lead))
def forward(Tair, I, Rl, R0, A, B, delta=2.0e-3):
    Rf = lambda T: R0*(1 + A*T + B*T*T)
    Tel = brentq(lambda T: T - Tair - I*I*Rf(T)/delta, Tair - 1, Tair + 1, xtol=1e-14)
    return I*(Rf(Tel) + Rl)
Tin  = brentq(lambda T: forward(T, 1.000e-3, 0.00, 100.036, 3.9083e-3, -5.775e-7) - 108.397e-3, 0, 60, xtol=1e-13)
Tout = brentq(lambda T: forward(T, 0.500e-3, 0.62, 100.018, 3.9102e-3, -5.791e-7) - 55.017e-3, 0, 60, xtol=1e-13)
print("Method 2 (numerical forward-model inversion): T_in=%.5f T_out=%.5f dT=%.5f K" % (Tin, Tout, Tout - Tin))
# Trap values
print("trap: R0 as printed (100.118):", reduce(55.017e-3, 0.5e-3, 0.62, 100.118, 3.9102e-3, -5.791e-7)[0] - inlet[0])
print("trap: no lead subtraction on CH3:", reduce(55.017e-3, 0.5e-3, 0.0, 100.018, 3.9102e-3, -5.791e-7)[0] - inlet[0])
print("trap: lead 1.12 also subtracted on CH1:", outlet[0] - reduce(108.397e-3, 1e-3, 1.12, 100.036, 3.9083e-3, -5.775e-7)[0])
print("trap: no self-heating correction:", outlet[2] - inlet[2])
print("trap: still-air delta 0.9 mW/K:", reduce(55.017e-3, 0.5e-3, 0.62, 100.018, 3.9102e-3, -5.791e-7, 0.9e-3)[0]
      - reduce(108.397e-3, 1e-3, 0, 100.036, 3.9083e-3, -5.775e-7, 0.9e-3)[0])
lin = lambda V, I, Rl, R0, A: (V/I - Rl)/R0/A - 1/A
print("trap: linear CVD (T=(r-1)/A), otherwise correct:",
      (lin(55.017e-3, 0.5e-3, 0.62, 100.018, 3.9102e-3) - 0.25e-6*outlet[1]/2e-3) - (lin(108.397e-3, 1e-3, 0, 100.036, 3.9083e-3) - 1e-6*inlet[1]/2e-3))
