import numpy as np
from fractions import Fraction as F
# Method 1: analytic (units kPa*L = J)
QAB = F(3,2)*2*(400-100)            # isochoric
QBC = F(5,2)*400*(4-2)              # isobaric expansion
# CD: P = 600 - 50 V ; dQ = (1500 - 200 V) dV, zero at V = 7.5
Vs = F(15,2)
QCD_in = 1500*(Vs-4) - 100*(Vs**2-16)
QCD_out = 1500*(10-Vs) - 100*(100-Vs**2)
QDA = F(5,2)*100*(2-10)
W = F(1,2)*((4-2)+(10-2))*300
print("QAB",QAB,"QBC",QBC,"QCD+",QCD_in,"QCD-",QCD_out,"QDA",QDA,"W",W)
print("sum Q",QAB+QBC+QCD_in+QCD_out+QDA)
eta=W/(QAB+QBC+QCD_in); print("eta",eta,float(eta))
print("naive (net CD):",float(W/(QAB+QBC+QCD_in+QCD_out)))
# Method 2: numerical, fine discretisation of the polygon
pts=[(2,100),(2,400),(4,400),(10,100),(2,100)]
Qin=0; Wn=0
for (V0,P0),(V1,P1) in zip(pts[:-1],pts[1:]):
    s=np.linspace(0,1,200001); V=V0+(V1-V0)*s; P=P0+(P1-P0)*s
    dU=1.5*np.diff(P*V); Pm=0.5*(P[1:]+P[:-1]); dW=Pm*np.diff(V)
    dQ=dU+dW; Qin+=dQ[dQ>0].sum(); Wn+=dW.sum()
print("numeric W",Wn,"Qin",Qin,"eta",Wn/Qin)
