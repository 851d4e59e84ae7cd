import numpy as np, math
from scipy.integrate import solve_ivp
from scipy.optimize import minimize_scalar
m=0.145; d=0.074; Cd=0.35; rho=1.20; g=9.81; v0=55.0; h0=1.0; W=6.0   # W = headwind speed
k=0.5*rho*Cd*(math.pi*d*d/4)/m
# air velocity = (-W, 0); velocity relative to air u = (vx + W, vz); drag accel = -k |u| u
def rhs(t,y, W=W):
    x,z,vx,vz=y; ux=vx+W; u=math.hypot(ux,vz)
    return [vx,vz,-k*u*ux,-g-k*u*vz]
def ground(t,y,*a): return y[1]
ground.terminal=True; ground.direction=-1
def R(deg, W=W):
    a=math.radians(deg)
    s=solve_ivp(rhs,[0,60],[0,h0,v0*math.cos(a),v0*math.sin(a)],args=(W,),events=ground,rtol=1e-11,atol=1e-11)
    return s.y_events[0][0][0]
# Method 1: adaptive RK45 (scipy) + bounded Brent optimisation of the angle
r=minimize_scalar(lambda a:-R(a),bounds=(10,60),method='bounded',options={'xatol':1e-6})
print("Method 1: optimal angle %.3f deg, max range %.4f m" % (r.x, -r.fun))
# Method 2: hand-written fixed-step RK4 (dt = 1e-4 s), linear interpolation of the ground crossing,
# golden-section search over the angle
def f(s):
    x,z,vx,vz=s; ux=vx+W; u=math.hypot(ux,vz); return (vx,vz,-k*u*ux,-g-k*u*vz)
def rng(deg,dt=1e-4):
    a=math.radians(deg); s=(0.0,h0,v0*math.cos(a),v0*math.sin(a))
    while True:
        k1=f(s); k2=f(tuple(si+dt/2*ki for si,ki in zip(s,k1)))
        k3=f(tuple(si+dt/2*ki for si,ki in zip(s,k2))); k4=f(tuple(si+dt*ki for si,ki in zip(s,k3)))
        n=tuple(si+dt/6*(a1+2*a2+2*a3+a4) for si,a1,a2,a3,a4 in zip(s,k1,k2,k3,k4))
        if n[1]<0:
            fr=s[1]/(s[1]-n[1]); return s[0]+fr*(n[0]-s[0])
        s=n
a,b=25.0,45.0; gr=(math.sqrt(5)-1)/2
c=b-gr*(b-a); e=a+gr*(b-a); fc=rng(c); fe=rng(e)
while b-a>1e-3:
    if fc>fe: b,e,fe=e,c,fc; c=b-gr*(b-a); fc=rng(c)
    else: a,c,fc=c,e,fe; e=a+gr*(b-a); fe=rng(e)
print("Method 2: optimal angle %.3f deg, max range %.4f m" % ((a+b)/2, max(fc,fe)))
# Trap values
print("trap: fixed 45 deg launch: %.2f m" % R(45))
r0=minimize_scalar(lambda a:-R(a,0.0),bounds=(10,60),method='bounded')
print("trap: wind ignored (still air): %.2f m at %.2f deg" % (-r0.fun, r0.x))
print("trap: vacuum, 45 deg: %.2f m" % (v0*math.cos(math.pi/4)*(v0*math.sin(math.pi/4)+math.sqrt((v0*math.sin(math.pi/4))**2+2*g*h0))/g))
