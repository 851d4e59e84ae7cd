"""Make the live-trial question set, data/bench/trial/: items.jsonl (PhySciBench format) and the attached files.

Fourteen questions over the six PhySciBench task types, physics and chemistry, including the four a first live trial
failed on (an incline with friction, combustion stoichiometry, a formula read from an attached PDF, a large-amplitude
pendulum). The attachments are real files the document worker must read: two PNG plots, two multi-page PDFs whose
formula is typeset (matplotlib mathtext) and needed for the answer, and a CSV table. Every gold number is computed here.

Run: python tools/make_trial_set.py     (the same bytes every time, matplotlib permitting)
"""
import json, math
from pathlib import Path
import numpy as np
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
from matplotlib.backends.backend_pdf import PdfPages
from scipy.special import ellipk

OUT = Path(__file__).resolve().parents[1]/'data'/'bench'/'trial'
FILES = OUT/'files'
plt.rcParams.update({'pdf.fonttype': 42, 'font.family': 'DejaVu Sans', 'svg.hashsalt': 'trial', 'path.simplify': False})
PDF_META = {'Author': 'physci_lab trial set', 'CreationDate': None, 'ModDate': None}

def cart_png(path):
    "A velocity-time graph: 2 m/s at t = 0 rising linearly to 8 m/s at t = 4 s."
    t = np.linspace(0, 4, 5); v = 2 + 1.5*t
    fig, ax = plt.subplots(figsize=(5, 3.6), dpi=100)
    ax.plot(t, v, 'o-', color='C0'); ax.set_xlabel('time t (s)'); ax.set_ylabel('velocity v (m/s)'); ax.set_xlim(0, 4.5); ax.set_ylim(0, 9)
    ax.set_xticks(range(5)); ax.set_yticks(range(0, 10)); ax.grid(True, alpha=0.5)
    for x, y in zip(t, v): ax.annotate(f'{y:g}', (x, y), textcoords='offset points', xytext=(-12, 6), fontsize=9)
    ax.set_title('Cart on a track: velocity against time')
    fig.tight_layout(); fig.savefig(path, metadata={'Software': None}); plt.close(fig)
    return (2 + 8)/2*4   # m: the area under the line

def calibration_png(path):
    "A Beer-Lambert calibration line: absorbance 1.25 per mM through the origin, points at 0.2 ... 0.8 mM."
    c = np.array([0.0, 0.2, 0.4, 0.6, 0.8]); A = 1.25*c
    fig, ax = plt.subplots(figsize=(5, 3.6), dpi=100)
    ax.plot(c, A, 's', color='C3'); ax.plot([0, 0.9], [0, 1.125], '-', color='C3', lw=1)
    ax.set_xlabel('concentration (mM)'); ax.set_ylabel('absorbance A (1.00 cm cell)'); ax.set_xlim(0, 0.9); ax.set_ylim(0, 1.2); ax.grid(True, alpha=0.5)
    for x, y in zip(c[1:], A[1:]): ax.annotate(f'({x:.1f}, {y:.2f})', (x, y), textcoords='offset points', xytext=(-30, 8), fontsize=8)
    ax.set_title('Calibration of dye X at 520 nm')
    fig.tight_layout(); fig.savefig(path, metadata={'Software': None}); plt.close(fig)
    return 0.50/1.25   # mM

def _page(pdf, lines, top=0.93, step=0.035):
    fig = plt.figure(figsize=(8.27, 11.69))
    y = top
    for l in lines:
        if isinstance(l, tuple): txt, size = l
        else: txt, size = l, 10.5
        fig.text(0.08, y, txt, fontsize=size, va='top'); y -= step * (1.6 if size > 11 else 1)
    pdf.savefig(fig); plt.close(fig)

def drag_pdf(path):
    "Four pages: a lab report on falling spheres; page 2 typesets the drag correlation the question needs."
    with PdfPages(path, metadata=PDF_META | {'Title': 'Terminal velocity of small spheres in glycerol-water mixtures'}) as pdf:
        _page(pdf, [('Terminal velocity of small spheres in glycerol-water mixtures', 14), '', '1. Introduction', '',
                    'Steel and glass spheres of 1 to 6 mm diameter were dropped in columns of glycerol-water mixtures,',
                    'and their terminal velocities were measured with two light gates 50 cm apart. The aim was to test a',
                    'drag correlation over the range of Reynolds numbers reached in the experiment, and to estimate the',
                    'viscosity of each mixture from the slow-falling spheres.', '',
                    'The Reynolds number is Re = rho v d / mu, with rho the fluid density, v the speed, d the diameter',
                    'and mu the dynamic viscosity. Section 2 gives the correlation; section 3 the measurements.'])
        _page(pdf, ['2. Drag correlation', '',
                    'For a smooth sphere at moderate Reynolds number we use the Schiller-Naumann correlation',
                    ('$C_D = \\frac{24}{Re}\\left(1 + 0.15\\,Re^{0.687}\\right)$', 15), '',
                    'which reduces to Stokes drag, C_D = 24/Re, as Re goes to zero. The correlation is valid for',
                    'Re < 800; above that the drag coefficient levels off near 0.44. The drag force on a sphere is',
                    ('$F_D = \\frac{1}{2}\\,C_D\\,\\rho\\,v^2\\,\\frac{\\pi d^2}{4}$', 15), '',
                    'and at terminal velocity it balances the weight less the buoyancy.'])
        _page(pdf, ['3. Measurements', '', 'Table 1: terminal velocities (mean of five drops)', '',
                    'sphere    d (mm)    v (m/s)    Re', 'steel A   1.0       0.021      0.9', 'steel B   2.0       0.071      6.3',
                    'glass C   3.0       0.052      7.0', 'steel D   6.0       0.310      83', '',
                    'The uncertainty of v is 2 % (timing) and that of d 0.5 % (micrometer).'])
        _page(pdf, ['4. Discussion', '', 'Within the uncertainties the correlation of section 2 describes all four spheres;',
                    'the Stokes limit alone underestimates the drag of sphere D by about a factor of 1.8.', '',
                    'References', 'L. Schiller and A. Naumann, Z. Ver. Dtsch. Ing. 77, 318 (1933).'])
    Re = 200
    return 24/Re*(1 + 0.15*Re**0.687)

def kinetics_pdf(path):
    "Three pages of notes on the decomposition of N2O5: a first-order half-life formula (typeset) and a table of rate constants."
    with PdfPages(path, metadata=PDF_META | {'Title': 'Notes on the thermal decomposition of dinitrogen pentoxide'}) as pdf:
        _page(pdf, [('Notes on the thermal decomposition of dinitrogen pentoxide', 14), '',
                    'In the gas phase and in CCl4 solution, 2 N2O5 -> 4 NO2 + O2 follows a first-order rate law,',
                    'rate = k [N2O5], over more than 90 % of the reaction. For a first-order reaction the half-life',
                    'does not depend on the starting concentration:', ('$t_{1/2} = \\frac{\\ln 2}{k}$', 15), '',
                    'The rate constant rises steeply with temperature (Arrhenius); the table on the next page gives it.'])
        _page(pdf, ['Table 1: first-order rate constants of N2O5 decomposition', '', 'T (K)      k (1/s)',
                    '298        3.46e-5', '308        1.35e-4', '318        4.98e-4', '328        1.50e-3', '338        4.87e-3'])
        _page(pdf, ['Remarks', '', 'The activation energy from the table is about 103 kJ/mol.',
                    'Values are from standard kinetics texts, rounded to three figures.'])
    return math.log(2)/4.98e-4   # s

def dyes_csv(path):
    rows = [('compound', 'lambda_max_nm', 'epsilon_L_per_mol_cm'), ('beta-carotene', 450, 139500), ('chlorophyll a', 430, 111700),
            ('methylene blue', 664, 74000), ('phenolphthalein (basic)', 553, 29000), ('potassium permanganate', 525, 2400)]
    path.write_text('\n'.join(';'.join(map(str, r)) for r in rows) + '\n')
    return [r[:2] for r in rows[1:] if r[2] > 50000]

def pendulum_period(L=1.20, g=9.81, theta0_deg=80.0):
    return 4*math.sqrt(L/g)*ellipk(math.sin(math.radians(theta0_deg)/2)**2)

def items():
    FILES.mkdir(parents=True, exist_ok=True)
    d_cart, c_dye = cart_png(FILES/'cart_velocity.png'), calibration_png(FILES/'dye_calibration.png')
    cd, t_half, dyes = drag_pdf(FILES/'sphere_drag_report.pdf'), kinetics_pdf(FILES/'n2o5_kinetics_notes.pdf'), dyes_csv(FILES/'dye_spectra.csv')
    a_incline = 9.81*(math.sin(math.radians(35)) - 0.25*math.cos(math.radians(35)))
    m_co2 = 100.0/44.097*3*44.009
    v_cliff = math.sqrt(12**2 + 2*9.81*20)
    Ka, C = 1.8e-5, 0.020
    x = (-Ka + math.sqrt(Ka**2 + 4*Ka*C))/2
    T = pendulum_period()
    it = lambda **k: {'category': 'atomic-answer', 'files': [], 'rubrics': []} | k
    return [
        it(id='trial-mm-phys-01', type='Multimodal QA', subject='physics', files=['files/cart_velocity.png'], answer=f'{d_cart:g} m',
           question='The attached graph shows the velocity of a cart against time. How far does the cart travel between t = 0 and t = 4 s? Give a number with units.'),
        it(id='trial-mm-chem-02', type='Multimodal QA', subject='chemistry', files=['files/dye_calibration.png'], answer=f'{c_dye:.2f} mM',
           question='The attached plot is a calibration of absorbance against concentration for a dye in a 1.00 cm cell. A sample of the dye has an absorbance of 0.50 in the same cell. What is its concentration, in mM?'),
        it(id='trial-lc-phys-03', type='Long-context QA', subject='physics', files=['files/sphere_drag_report.pdf'], answer=f'{cd:.3f}',
           question='Using the drag correlation given in the attached report, what is the drag coefficient of a smooth sphere at a Reynolds number of 200?'),
        it(id='trial-lc-chem-04', type='Long-context QA', subject='chemistry', files=['files/n2o5_kinetics_notes.pdf'], answer=f'{t_half:.0f} s',
           question='According to the attached notes, what is the half-life of the decomposition of N2O5 at 318 K? Give it in seconds.'),
        it(id='trial-se-phys-05', type='Structured Information Extraction', subject='physics',
           answer={'substance': 'copper', 'melting_point_K': 1358.15, 'density_kg_per_m3': 8960},
           question='Extract as JSON with keys substance, melting_point_K and density_kg_per_m3 (numbers in those units): "Copper melts at 1085 °C and has a density of 8.96 g/cm³ at room temperature."'),
        it(id='trial-se-chem-06', type='Structured Information Extraction', subject='chemistry', files=['files/dye_spectra.csv'],
           answer='compound,lambda_max_nm\n' + '\n'.join(f'{a},{b}' for a, b in dyes),
           question='From the attached table of dyes, list the compounds whose molar absorptivity exceeds 50000 L/(mol cm), as a CSV table with the columns compound,lambda_max_nm.'),
        it(id='trial-sr-phys-07', type='Scientific Reasoning', subject='physics', answer=f'{a_incline:.2f} m/s^2',
           question="A 5.0 kg block is released from rest on a plane inclined at 35° to the horizontal. The coefficient of kinetic friction between the block and the plane is 0.25. What is the block's acceleration down the plane? Take g = 9.81 m/s^2."),
        it(id='trial-sr-phys-08', type='Scientific Reasoning', subject='physics', answer=f'{T:.3f} s',
           question='A simple pendulum 1.20 m long is released from rest at 80° from the vertical. What is its period? Do not use the small-angle approximation. Take g = 9.81 m/s^2.'),
        it(id='trial-sr-phys-09', type='Scientific Reasoning', subject='physics', answer=f'{v_cliff:.1f} m/s',
           question='A 0.15 kg ball is thrown straight up at 12 m/s from the edge of a cliff 20 m high and falls to the ground at the foot of the cliff. With what speed does it hit the ground? Neglect air resistance and take g = 9.81 m/s^2.'),
        it(id='trial-sr-chem-10', type='Scientific Reasoning', subject='chemistry', answer=f'{m_co2:.0f} g',
           question='What mass of carbon dioxide is produced by the complete combustion of 100.0 g of propane (C3H8) in excess oxygen?'),
        it(id='trial-sr-chem-11', type='Scientific Reasoning', subject='chemistry', answer=f'{-math.log10(x):.2f}',
           question='What is the pH of a 0.020 M solution of acetic acid (Ka = 1.8e-5) at 25 °C?'),
        it(id='trial-ed-phys-12', type='Experimental Design', subject='physics', category='long-form-answer', answer='',
           question='Design an experiment to measure the spring constant of a steel spring to better than 2 %, using slotted masses, a hanger, a metre rule and a stopwatch.',
           rubrics=[{'criterion1': 'Measures the extension for several loads and fits force against extension (Hooke\'s law slope k)', 'explanation': 'static method with a linear fit', 'weight': 0.4},
                    {'criterion2': 'Cross-checks with the period of oscillation, T = 2 pi sqrt(m/k), timing many oscillations', 'explanation': 'dynamic method', 'weight': 0.3},
                    {'criterion3': 'Estimates the uncertainty and stays within the elastic range', 'explanation': 'error budget, no overloading', 'weight': 0.3}]),
        it(id='trial-ed-chem-13', type='Experimental Design', subject='chemistry', category='long-form-answer', answer='',
           question='Design an experiment to measure the enthalpy of neutralisation of hydrochloric acid by sodium hydroxide with a coffee-cup calorimeter.',
           rubrics=[{'criterion1': 'Mixes known volumes and concentrations of HCl and NaOH and records the temperature rise', 'explanation': '', 'weight': 0.3},
                    {'criterion2': 'Computes q = m c dT and divides by the moles of water formed', 'explanation': 'limiting reagent', 'weight': 0.3},
                    {'criterion3': 'Corrects for heat loss (extrapolated temperature) or the calorimeter heat capacity', 'explanation': '', 'weight': 0.2},
                    {'criterion4': 'Repeats and states the sign convention (exothermic, negative)', 'explanation': '', 'weight': 0.2}]),
        it(id='trial-cg-phys-14', type='Code Generation', subject='physics',
           answer=f'import math\nfrom scipy.special import ellipk\nL, g, theta0 = 1.20, 9.81, math.radians(80)\nperiod_s = 4*math.sqrt(L/g)*ellipk(math.sin(theta0/2)**2)\nprint(period_s)\n',
           question='Write a Python script that computes the period `period_s` (in s) of a simple pendulum 1.20 m long released from rest at 80° from the vertical, without the small-angle approximation (g = 9.81 m/s^2).'),
    ]

if __name__ == '__main__':
    its = items()
    old = (OUT/'items.jsonl').read_text().splitlines() if (OUT/'items.jsonl').is_file() else []
    hard = [l + '\n' for l in old if l.strip() and json.loads(l)['id'].startswith('trial-hard-')]   # tools/trial_hard/ writes those
    (OUT/'items.jsonl').write_text(''.join(json.dumps(i, ensure_ascii=False) + '\n' for i in its) + ''.join(hard))
    for i in its: print(f"{i['id']:<18} {str(i['answer'])[:60]!r}")
