import numpy as np
from scipy.optimize import brentq
hbar=1.054571817e-34; me=9.1093837015e-31; q=1.602176634e-19
L=10.0e-9; V0=0.220*q
def E_odd(mw,mb,bdd=True):
    r = mw/mb if bdd else 1.0
    def f(E):
        k=np.sqrt(2*mw*E)/hbar; kap=np.sqrt(2*mb*(V0-E))/hbar
        return k*np.cos(k*L/2) + r*kap*np.sin(k*L/2)
    Es=np.linspace(1e-4*q,V0*(1-1e-12),100001); v=f(Es)
    i=np.where(np.sign(v[:-1])!=np.sign(v[1:]))[0][0]
    return brentq(f,Es[i],Es[i+1],xtol=1e-35)/q*1e3
print("BDD gold",E_odd(0.067*me,0.092*me))
print("same mass 0.067",E_odd(0.067*me,0.067*me))
print("mb in kappa, psi' continuous",E_odd(0.067*me,0.092*me,False))
print("infinite well n=2",4*(np.pi*hbar/L)**2/(2*0.067*me)/q*1e3)
