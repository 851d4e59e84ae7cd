from pathlib import Path
FILES = Path(__file__).resolve().parents[2]/'data'/'bench'/'trial'/'files'
import textwrap
from pdftools import write_pdf
W = 92
def P(text): return [('p', l) for l in textwrap.wrap(text, W)]
def M(*lines): return [('mono', l) for l in lines]
B = [('blank', '')]
H = "Stability Report SR-0917  |  Hydrolysis of KX-331 in aqueous solution  |  Pre-formulation"

p1 = [('h1', 'SR-0917: Hydrolytic stability of KX-331'),
      ('p', 'Pre-formulation group. Final report, version 2.')] + B + \
  [('h2', '1. Summary')] + P(
  "KX-331 is an aryl ester prodrug that hydrolyses in water to the parent acid and a phenol. The "
  "degradation was studied in unbuffered and buffered aqueous solutions between 25 °C and 60 °C and "
  "from pH 2 to pH 10. Under all conditions the loss of KX-331 is first order in KX-331. The observed "
  "pseudo-first-order rate constant k_obs is described by specific-acid catalysis, a pH-independent "
  "(water) pathway, specific-base catalysis and general catalysis by buffer species. This report gives "
  "the rate law, the temperature dependence of each term, and the procedure used to predict the "
  "stability of development solutions.") + B + \
  [('h2', '2. Materials and analytical method')] + P(
  "KX-331 (lot 22-118, purity 99.6 %) was dissolved at 0.20 mg/mL in the test medium. Ionic strength "
  "was not adjusted. Samples were held in sealed ampoules in thermostatted baths (+/- 0.1 K) and "
  "analysed by reversed-phase HPLC (C18, 254 nm) against a freshly prepared standard. The pH of each "
  "solution was measured at the storage temperature with a temperature-compensated glass electrode "
  "calibrated at that temperature.") + B + \
  [('h2', '3. Definitions')] + P(
  "For first-order loss, C(t) = C0 * exp(-k_obs * t). The time for the concentration to fall to a "
  "fraction f of its initial value is t_f = ln(1/f) / k_obs. In this report t90 denotes the time to "
  "90 % remaining (f = 0.90, 10 % loss) and t95 the time to 95 % remaining (f = 0.95). Label shelf "
  "lives of finished products are based on t95; development solutions are assessed on t90.") + B + P(
  "All rate constants in this report are given per hour (h^-1 for first-order constants, "
  "M^-1 h^-1 for second-order constants, M = mol/L). Temperatures in the Arrhenius equation are "
  "absolute temperatures, T/K = t/°C + 273.15, and R = 8.314 J mol^-1 K^-1.")

p2 = [('h2', '4. Rate law')] + P(
  "The pH-rate profile and the buffer-dilution experiments are described by") + B + \
  M("  k_obs = k_H*[H+] + k_0 + k_OH*[OH-] + k_buf*C_buf                       (Eq. 1)") + B + P(
  "where C_buf is the total concentration of the buffer (all protonation forms together) and k_buf is "
  "the catalytic constant per unit total buffer concentration, which is practically constant within "
  "the validated pH range of each buffer (Table 3). In unbuffered solutions the last term is absent. "
  "Only one buffer is present in any solution considered here.") + B + P(
  "Hydrogen- and hydroxide-ion concentrations are obtained from the pH measured at the storage "
  "temperature, with activity coefficients taken as 1:") + B + \
  M("  [H+]  = 10^(-pH)                                                          (Eq. 2)",
    "  [OH-] = Kw(T) / [H+] = 10^(pH - pKw(T))                                   (Eq. 3)") + B + P(
  "The ion product of water depends strongly on temperature; pKw(T) must be taken from Table 4 at the "
  "storage temperature. Using the 25 °C value at elevated temperature underestimates [OH-] "
  "considerably (by a factor of about 2.9 at 40 °C).") + B + \
  [('h2', '5. Temperature dependence')] + P(
  "Each constant in Eq. 1 follows the Arrhenius equation, written relative to the reference "
  "temperature 25.0 °C (298.15 K):") + B + \
  M("  k(T) = k(25 °C) * exp( -(Ea/R) * (1/T - 1/298.15 K) )                   (Eq. 4)") + B + P(
  "The parameters of the three solvent-derived pathways are listed in Table 2; those of the buffer "
  "terms in Table 3. Each term is extrapolated to the storage temperature separately, and the terms are "
  "then summed according to Eq. 1. Extrapolation of a single overall k_obs with one apparent "
  "activation energy is not permitted because the pathway mix changes with temperature.")

p3 = [('h2', '6. Kinetic parameters')] + \
  M("Table 2. Solvent-derived pathways (reference temperature 25.0 °C)",
    "--------------------------------------------------------------------",
    "Pathway                 Constant   k(25 °C)              Ea (kJ/mol)",
    "--------------------------------------------------------------------",
    "Specific acid           k_H        3.1E-02 M^-1 h^-1     72.5",
    "Water (pH-independent)  k_0        2.0E-05 h^-1          85.0",
    "Specific base           k_OH       1.5E+01 M^-1 h^-1     52.4",
    "--------------------------------------------------------------------") + B + \
  M("Table 3. General buffer catalysis, per total buffer concentration",
    "---------------------------------------------------------------------------",
    "Buffer      Validated pH range   k_buf(25 °C) (M^-1 h^-1)   Ea (kJ/mol)",
    "---------------------------------------------------------------------------",
    "Citrate     3.0 - 6.0            2.0E-04                    65.0",
    "Phosphate   6.0 - 8.0            1.2E-03                    61.0",
    "Tris        7.5 - 8.8            3.0E-04                    94.0",
    "Borate      8.0 - 9.5            4.0E-04                    58.0",
    "---------------------------------------------------------------------------") + B + P(
  "The buffer constants were obtained from the slopes of k_obs against C_buf at constant pH and "
  "temperature (buffer-dilution plots, 0.02 to 0.20 M, five concentrations each) at 25, 40 and 60 °C. "
  "Within the validated pH range the slopes changed by less than 10 %; outside that range the buffer "
  "term must not be used. Phosphate is the strongest catalyst per mole; for solutions above pH 8 a "
  "borate or Tris buffer is recommended.") + B + P(
  "The solvent-derived constants were obtained by non-linear fitting of Eq. 1 to 64 k_obs values "
  "after subtraction of the buffer term. The standard uncertainties of the fitted Ea values are about "
  "2 kJ/mol; the k(25 °C) values are uncertain by about 5 %.")

p4 = [('h2', '7. Ion product of water')] + \
  M("Table 4. pKw = -log10(Kw) of pure water as a function of temperature",
    "------------------------------------",
    "t (°C)      pKw",
    "------------------------------------",
    "  0         14.944",
    " 10         14.535",
    " 20         14.167",
    " 25         13.995",
    " 30         13.833",
    " 35         13.680",
    " 40         13.535",
    " 45         13.396",
    " 50         13.262",
    " 60         13.017",
    "------------------------------------") + B + \
  [('h2', '8. Selected verification runs')] + P(
  "The following runs were not used in the fit and serve as an independent check of the model "
  "(observed values; the model reproduces all of them within 4 %).") + B + \
  M("Table 5. Verification runs",
    "---------------------------------------------------------------------",
    "Run   t (°C)   pH     Medium                      k_obs (h^-1)",
    "---------------------------------------------------------------------",
    "V1    60       2.00   HCl, unbuffered             7.43E-03",
    "V2    60       5.00   citrate, 0.050 M            9.05E-04",
    "V3    50       7.00   phosphate, 0.050 M          7.40E-04",
    "V4    50       9.00   borate, 0.100 M             6.17E-03",
    "V5    60       9.00   borate, 0.100 M             2.13E-02",
    "V6    25      10.00   borate, 0.100 M             1.55E-03",
    "---------------------------------------------------------------------")

p5 = [('h2', '9. Worked example')] + P(
  "Solution at pH 7.40 (measured at 25 °C) in 0.050 M phosphate buffer, stored at 25 °C. At the "
  "reference temperature no Arrhenius extrapolation is needed:") + B + \
  M("  [H+]        = 10^(-7.40)                 = 3.98E-08 M",
    "  [OH-]       = 10^(7.40 - 13.995)         = 2.54E-07 M",
    "  k_H*[H+]    = 3.1E-02 * 3.98E-08         = 1.23E-09 h^-1",
    "  k_0                                      = 2.00E-05 h^-1",
    "  k_OH*[OH-]  = 15 * 2.54E-07              = 3.81E-06 h^-1",
    "  k_buf*C     = 1.2E-03 * 0.050            = 6.00E-05 h^-1",
    "  k_obs       = 8.38E-05 h^-1",
    "  t90         = ln(1/0.90) / 8.38E-05 h^-1 = 1257 h = 52.4 days") + B + P(
  "At 25 °C the buffer term dominates in phosphate; replacing phosphate by an equal concentration of "
  "a weaker catalyst lengthens t90 substantially. At higher temperature and higher pH the "
  "specific-base term grows fastest and becomes the dominant pathway.") + B + \
  [('h2', '10. Recommendations')] + P(
  "Development solutions of KX-331 should be prepared at pH 5 to 6 where k_obs is at its minimum. "
  "If a pH above 8 is required for solubility, the time in solution should be limited and the "
  "stability predicted with Eqs. 1-4 for the actual storage temperature and buffer. Predictions "
  "outside 25-60 °C are extrapolations and must be confirmed experimentally.")

p6 = [('h2', '11. Document history')] + \
  M("Version 1   2024-05   Draft for review.",
    "Version 2   2024-07   Final; verification runs V1-V6 added; errata below.") + B + \
  [('h2', '12. Errata (apply to version 2)')] + P(
  "E1. Table 2, specific-base pathway: the activation energy of k_OH is 62.4 kJ/mol, not 52.4 kJ/mol "
  "as printed (transcription error; the fit output and the verification runs V4-V6 are consistent with "
  "62.4 kJ/mol). k_OH(25 °C) = 1.5E+01 M^-1 h^-1 is correct as printed.") + B + P(
  "E2. Table 3, Tris: the activation energy is 49.0 kJ/mol, not 94.0 kJ/mol (digits transposed).") + B + P(
  "All other tables, including Table 4 and the worked example of Section 9, are correct as printed. "
  "The worked example is at 25 °C and is therefore not affected by E1.") + B + \
  [('h2', '13. References')] + P(
  "[1] Connors, K. A.; Amidon, G. L.; Stella, V. J. Chemical Stability of Pharmaceuticals, 2nd ed.; "
  "Wiley, 1986.") + P(
  "[2] Bandura, A. V.; Lvov, S. N. The ionization constant of water over wide ranges of temperature "
  "and density. J. Phys. Chem. Ref. Data 2006, 35, 15-30.") + P(
  "[3] Internal method HPLC-KX-04, rev. 3.")

write_pdf(str(FILES/'sr0917_kx331_hydrolysis.pdf'), [p1, p2, p3, p4, p5, p6], H,
          'SR-0917 Hydrolytic stability of KX-331')
print('written')
