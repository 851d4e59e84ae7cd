import json
ref = open('cg_reference.py').read()
items = [
 {"category": "atomic-answer", "files": ["files/tn214_prt_calorimeter.pdf"], "rubrics": [],
  "id": "trial-hard-lc-phys-15", "type": "Long-context QA", "subject": "physics", "answer": "2.70 K",
  "question": ("The attached technical note TN-214 (rev. C) describes how the platinum-resistance-thermometer "
   "readings of the AFC-3 air-flow calorimeter are reduced to air temperatures. In one run the logged air speed "
   "at both duct sensors (inlet duct and outlet duct) was 2.4 m/s, and the reversal-corrected voltmeter readings "
   "were V = 108.397 mV on the channel of the inlet-duct sensor and V = 55.017 mV on the channel of the "
   "outlet-duct sensor. Following the note's data-reduction procedure (Section 5) with all of its errata applied, "
   "what is the temperature rise of the air, T_air(outlet) - T_air(inlet), in kelvin? Give three significant figures.")},
 {"category": "atomic-answer", "files": ["files/sr0917_kx331_hydrolysis.pdf"], "rubrics": [],
  "id": "trial-hard-lc-chem-16", "type": "Long-context QA", "subject": "chemistry", "answer": "9.59 days",
  "question": ("The attached stability report SR-0917 gives a rate law and kinetic parameters for the hydrolysis "
   "of KX-331 in aqueous solution. A development solution of KX-331 is prepared in borate buffer with a total "
   "borate concentration of 0.100 M and stored at 40.0 °C; its pH, measured at 40.0 °C, is 8.20. Using the "
   "report's model (Eqs. 1-4 with its tables) and applying its errata, predict t90, the time for the KX-331 "
   "concentration to fall to 90.0 % of its initial value. Give the answer in days (1 day = 24 h) to three "
   "significant figures.")},
 {"category": "atomic-answer", "files": ["files/pv_cycle.png"], "rubrics": [],
  "id": "trial-hard-mm-phys-17", "type": "Multimodal QA", "subject": "physics", "answer": "0.364",
  "question": ("The attached figure shows a quasi-static (reversible) cycle A -> B -> C -> D -> A traversed by a "
   "fixed amount of a monatomic ideal gas (molar heat capacities C_V = 3R/2 and C_P = 5R/2). Every segment of "
   "the cycle is a straight line in the pressure-volume diagram, and each vertex lies on a major grid "
   "intersection; read the vertex coordinates from the figure (1 kPa·L = 1 J). Define the thermal efficiency as "
   "eta = W_net / Q_in, where W_net is the net work done by the gas per cycle and Q_in is the total heat absorbed "
   "by the gas per cycle, i.e. the integral of dQ over only those parts of the path on which dQ > 0 (heat "
   "released on other parts is not subtracted). What is eta? Give a decimal fraction to three significant figures.")},
 {"category": "atomic-answer", "files": [], "rubrics": [],
  "id": "trial-hard-sr-phys-18", "type": "Scientific Reasoning", "subject": "physics", "answer": "119.1 m",
  "question": ("A ball of mass 0.145 kg and diameter 74.0 mm is launched from a point 1.00 m above level ground "
   "with a speed of 55.0 m/s relative to the ground. A steady, uniform horizontal headwind blows at 6.0 m/s "
   "relative to the ground, directly opposite to the ball's horizontal direction of travel (the trajectory stays "
   "in the vertical plane containing the wind). The only forces are gravity (g = 9.81 m/s^2, uniform) and "
   "aerodynamic drag of magnitude (1/2)·rho·C_d·A·|u|^2 directed opposite to u, where u is the velocity of the "
   "ball relative to the air, rho = 1.20 kg/m^3, C_d = 0.35 (constant), and A is the ball's cross-sectional area. "
   "Neglect lift, spin and buoyancy. The launch angle above the horizontal is chosen to maximise the horizontal "
   "distance from the launch point to the point where the ball first hits the ground. What is this maximum "
   "horizontal distance, in metres?")},
 {"category": "atomic-answer", "files": [], "rubrics": [],
  "id": "trial-hard-sr-chem-19", "type": "Scientific Reasoning", "subject": "chemistry", "answer": "1.132 g",
  "question": ("Excess solid AgCl is equilibrated at 25 °C with 250.0 mL of an aqueous solution that initially "
   "contains 1.00 mol/L NH3 and 0.0500 mol/L NaCl. Use only these equilibria: AgCl(s) = Ag+ + Cl-, "
   "Ksp = 1.77e-10; Ag+ + NH3 = Ag(NH3)+, log10(beta1) = 3.31; Ag+ + 2 NH3 = Ag(NH3)2+, log10(beta2) = 7.22 "
   "(beta2 is the overall formation constant). Take all activity coefficients as 1, neglect the protonation of "
   "NH3, chloro complexes of silver and any change of volume, but account for the ammonia bound in the silver "
   "complexes and for the chloride released by the dissolving AgCl. What mass of AgCl dissolves at "
   "equilibrium? Use M(AgCl) = 143.32 g/mol and give the answer in grams.")},
 {"category": "atomic-answer", "files": [], "rubrics": [],
  "id": "trial-hard-cg-phys-20", "type": "Code Generation", "subject": "physics", "answer": ref,
  "question": ("Write a self-contained Python script (numpy and scipy allowed) for the following one-dimensional "
   "effective-mass problem. An electron is confined in a single symmetric GaAs quantum well of width "
   "L = 10.0 nm (along the growth direction x) between two semi-infinite Al0.3Ga0.7As barriers. The potential is "
   "0 inside the well and V0 = 0.220 eV in both barriers. The effective mass is m_w = 0.067 m_e in the well and "
   "m_b = 0.092 m_e in the barriers. At both interfaces use the BenDaniel-Duke boundary conditions: the "
   "wavefunction psi and (1/m*)·dpsi/dx are continuous. Constants: hbar = 1.054571817e-34 J s, "
   "m_e = 9.1093837015e-31 kg, e = 1.602176634e-19 C. The script must compute the energy of the first excited "
   "bound state (the second-lowest bound energy level), measured from the bottom of the well, and store it in "
   "millielectronvolts as a float in a variable named E2_meV.")},
]
# the questions ask for three significant figures: graded at 1 % (a skipped step misses by 1.5-10 %, see SOLUTIONS.md)
for it in items:
    if it['type'] != 'Code Generation': it['meta'] = {'rtol': 0.01}
# into the trial set: lines with these ids are replaced, the others kept (tools/make_trial_set.py keeps these in turn)
from pathlib import Path
path = Path(__file__).resolve().parents[2]/'data'/'bench'/'trial'/'items.jsonl'
ids = {it['id'] for it in items}
keep = [l for l in path.read_text().splitlines() if l.strip() and json.loads(l)['id'] not in ids] if path.is_file() else []
path.write_text(''.join(l + '\n' for l in keep) + ''.join(json.dumps(it, ensure_ascii=False) + '\n' for it in items))
print(f'{path}: {len(keep)} kept, {len(items)} written')
