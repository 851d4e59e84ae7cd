import numpy as np
from scipy.integrate import solve_ivp
R = 8.314; Tref = 298.15
T = 40.0 + 273.15; pH = 8.20; pKw40 = 13.535          # Table 4 row 40 °C
H = 10**-pH; OH = 10**(pH - pKw40)
# (k25, Ea kJ/mol) from Tables 2/3, erratum E1 applied to k_OH
kH25, EaH = 3.1e-2, 72.5
k025, Ea0 = 2.0e-5, 85.0
kOH25, EaOH = 15.0, 62.4          # printed 52.4 -> corrected 62.4
kB25, EaB, Cbuf = 4.0e-4, 58.0, 0.100   # borate row (validated pH 8.0-9.5)
# Method 1: reference-temperature Arrhenius form (Eq. 4)
arr = lambda k25, Ea: k25*np.exp(-(Ea*1e3/R)*(1/T - 1/Tref))
terms = [arr(kH25, EaH)*H, arr(k025, Ea0), arr(kOH25, EaOH)*OH, arr(kB25, EaB)*Cbuf]
k1 = sum(terms)
print("terms (h^-1):", ["%.4e" % t for t in terms], " k_obs =", k1)
print("t90 method 1 (days):", np.log(1/0.9)/k1/24)
# Method 2: convert to pre-exponential factors, k = A exp(-Ea/RT), then integrate the rate law numerically
def kA(k25, Ea):
    A = k25*np.exp(Ea*1e3/(R*Tref)); return A*np.exp(-Ea*1e3/(R*T))
k2 = kA(kH25, EaH)*H + kA(k025, Ea0) + kA(kOH25, EaOH)*OH + kA(kB25, EaB)*Cbuf
sol = solve_ivp(lambda t, c: -k2*c, [0, 1e5], [1.0], events=lambda t, c: c[0]-0.9, rtol=1e-12, atol=1e-14)
print("t90 method 2 (ODE, days):", sol.t_events[0][0]/24)
# Trap values
def t90(EaOH_=62.4, pKw=13.535, buf=True):
    k = arr(kH25, EaH)*H + arr(k025, Ea0) + arr(kOH25, EaOH_)*10**(pH-pKw) + (arr(kB25, EaB)*Cbuf if buf else 0)
    return np.log(1/0.9)/k/24
print("traps: printed Ea 52.4 ->", t90(52.4), "; pKw 14 ->", t90(pKw=14.0), "; pKw(25C) ->", t90(pKw=13.995),
      "; no buffer term ->", t90(buf=False), "; t95 ->", np.log(1/0.95)/k1/24)
# Consistency of erratum with verification runs V4-V6 (borate 0.100 M)
pKw = {25: 13.995, 50: 13.262, 60: 13.017}
for run, tC, pHv, obs in [("V4", 50, 9.00, 6.17e-3), ("V5", 60, 9.00, 2.13e-2), ("V6", 25, 10.00, 1.55e-3)]:
    TT = tC + 273.15
    a = lambda k25, Ea: k25*np.exp(-(Ea*1e3/R)*(1/TT - 1/Tref))
    for Ea in (62.4, 52.4):
        k = a(kH25, EaH)*10**-pHv + a(k025, Ea0) + a(kOH25, Ea)*10**(pHv-pKw[tC]) + a(kB25, EaB)*0.1
        print(run, "Ea_OH", Ea, "model %.3e  observed %.3e  ratio %.3f" % (k, obs, k/obs))
