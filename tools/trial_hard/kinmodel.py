import numpy as np
R=8.314; Tref=298.15
PKW={0:14.944,10:14.535,20:14.167,25:13.995,30:13.833,35:13.680,40:13.535,45:13.396,50:13.262,60:13.017}
PATH={'H':(3.1e-2,72.5),'0':(2.0e-5,85.0),'OH':(15.0,62.4)}
BUF={'citrate':(2.0e-4,65.0),'phosphate':(1.2e-3,61.0),'Tris':(3.0e-4,49.0),'borate':(4.0e-4,58.0)}
def arr(k25,Ea,TC): return k25*np.exp(-(Ea*1e3/R)*(1/(TC+273.15)-1/Tref))
def kobs(TC,pH,buf=None,C=0.0,EaOH=None):
    pKw=PKW[TC]
    kH=arr(*PATH['H'],TC)*10**(-pH); k0=arr(*PATH['0'],TC)
    kOH=arr(PATH['OH'][0],EaOH if EaOH else PATH['OH'][1],TC)*10**(pH-pKw)
    kB=arr(*BUF[buf],TC)*C if buf else 0.0
    return kH+k0+kOH+kB, (kH,k0,kOH,kB)
