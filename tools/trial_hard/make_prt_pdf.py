from pathlib import Path
FILES = Path(__file__).resolve().parents[2]/'data'/'bench'/'trial'/'files'
import textwrap
from pdftools import write_pdf
W = 92
def P(text):
    return [('p', l) for l in textwrap.wrap(text, W)]
def M(*lines):
    return [('mono', l) for l in lines]
B = [('blank', '')]
H = "Technical Note TN-214 rev. C  |  Air-flow calorimeter AFC-3: PRT temperature measurement"

p1 = [('h1', 'TN-214: PRT temperature measurement on the AFC-3'),
      ('p', 'Air-flow calorimeter test stand, thermal metrology group.  Revision C (supersedes rev. B).')] + B + \
  [('h2', '1. Scope')] + P(
  "This note describes how air temperatures are measured with platinum resistance thermometers (PRTs) "
  "on the AFC-3 air-flow calorimeter, and how the raw voltmeter readings are reduced to temperatures. "
  "The calorimeter determines the power of a heater element from the temperature rise of a metered "
  "air stream; the temperature rise is the difference between the outlet-duct and inlet-duct air "
  "temperatures. Because the rise is only a few kelvin, small offsets in either sensor matter, and "
  "every correction in Section 5 must be applied to both sensors.") + B + \
  [('h2', '2. Stand layout and sensor assignment')] + P(
  "Four thin-film Pt100 sensors (nominal R0 = 100 Ω at 0 °C) are installed. Each is read by one "
  "channel of the scanner; the assignment in Table 1 is fixed and is recorded in the run log header. "
  "Sensors are not interchangeable between positions without re-calibration of the position offset.") + B + \
  M("Table 1. Sensor positions and scanner channels",
    "-------------------------------------------------------------",
    "Position                         Sensor S/N   Scanner channel",
    "-------------------------------------------------------------",
    "Inlet duct (upstream of heater)  PT-2205      CH1",
    "Ambient reference (enclosure)    PT-2206      CH2",
    "Outlet duct (after mixer)        PT-2207      CH3",
    "Spare / check standard           PT-2208      CH4",
    "-------------------------------------------------------------") + B + P(
  "The inlet and outlet sensors sit in the centre of the duct cross-section, 40 mm downstream of a "
  "flow straightener. The duct air speed at the sensor positions is logged by the hot-wire anemometer "
  "HW-2 and is written to the run log together with the voltmeter readings. The ambient reference "
  "sensor PT-2206 hangs in still air inside the enclosure and is used only for drift monitoring.") + B + P(
  "The outlet sensor was moved to CH3 during the 2023 rebuild, because CH1 and CH2 are the only "
  "four-wire channels and CH2 is reserved for the ambient reference. Consequently the outlet sensor "
  "is read in two-wire mode, and its lead resistance must be removed (Section 3).")

p2 = [('h2', '3a. Resistance-temperature relation')] + P(
  "All sensors follow the Callendar-Van Dusen (CVD) equation. For temperatures T (in °C) at or above "
  "0 °C the equation reduces to a quadratic:") + B + \
  M("    R(T) = R0 * (1 + A*T + B*T^2)                      (T >= 0 °C)        (Eq. 1)",
    "    R(T) = R0 * (1 + A*T + B*T^2 + C*(T - 100)*T^3)    (T <  0 °C)        (Eq. 2)") + B + P(
  "The individual coefficients R0, A and B of each sensor were determined by comparison calibration "
  "against a standard PRT (certificate series CAL-7731). The cubic coefficient C is only needed below "
  "0 °C and is taken as the IEC 60751 value C = -4.183E-12 /°C^4 for all sensors. Within the "
  "calorimeter's range (5 °C to 60 °C) only Eq. 1 is used.") + B + \
  M("Table 2. Individual calibration coefficients (certificate series CAL-7731)",
    "------------------------------------------------------------------",
    "Sensor S/N   R0 (Ω)      A (1/°C)       B (1/°C^2)     Cert. no.",
    "------------------------------------------------------------------",
    "PT-2205      100.036     3.9083E-03     -5.775E-07     CAL-7731-05",
    "PT-2206       99.981     3.9079E-03     -5.790E-07     CAL-7731-06",
    "PT-2207      100.118     3.9102E-03     -5.791E-07     CAL-7731-07",
    "PT-2208      100.052     3.9090E-03     -5.780E-07     CAL-7731-08",
    "------------------------------------------------------------------") + B + P(
  "Inverting Eq. 1 for T >= 0 °C, with r = R/R0, gives the root that tends to T = 0 at r = 1:") + B + \
  M("    T = ( -A + sqrt( A^2 - 4*B*(1 - r) ) ) / (2*B)                         (Eq. 3)") + B + P(
  "Note that B is negative, so the denominator is negative; with the '+' sign in front of the square "
  "root Eq. 3 returns the physical root. The linear approximation T = (r - 1)/A is not adequate for "
  "calorimetry: at 25 °C it is in error by about 0.09 K, and the error differs between sensors.") + B + P(
  "The coefficients in Table 2 are valid for the resistance of the sensing element itself. They do not "
  "include lead resistance or the effect of self-heating, which are treated in Sections 3b and 4.")

p3 = [('h2', '3b. Readout electronics and lead resistance')] + P(
  "The scanner drives a constant excitation current I through the selected sensor and a 6.5-digit "
  "voltmeter (DMM) measures the voltage V. The measured resistance is R_meas = V / I. The excitation "
  "currents are set per channel and are listed in Table 3; they are verified monthly against a 100 Ω "
  "standard resistor.") + B + \
  M("Table 3. Scanner channel configuration",
    "----------------------------------------------------------------------",
    "Channel  Wiring   Excitation I   Lead resistance (round trip)   Notes",
    "----------------------------------------------------------------------",
    "CH1      4-wire   1.000 mA       1.12 Ω                         a",
    "CH2      4-wire   1.000 mA       0.97 Ω                         a",
    "CH3      2-wire   0.500 mA       0.62 Ω                         b",
    "CH4      2-wire   1.000 mA       0.58 Ω                         b",
    "----------------------------------------------------------------------",
    "a: 4-wire sense; lead resistance listed for reference only, do not subtract.",
    "b: 2-wire; the round-trip lead resistance is in series with the sensor.") + B + P(
  "For a four-wire channel the voltmeter senses the voltage directly at the sensor terminals and the "
  "lead resistance does not enter the reading: the sensor resistance is R_s = V / I. For a two-wire "
  "channel the voltmeter sees the sensor in series with both leads, and the sensor resistance is") + B + \
  M("    R_s = V / I - R_lead        (two-wire channels only)                   (Eq. 4)") + B + P(
  "where R_lead is the round-trip (both conductors) lead resistance from Table 3. The lead resistances "
  "were measured at 21 °C with the sensor replaced by a short; their temperature dependence over the "
  "laboratory range is below 1 mΩ and is neglected.") + B + P(
  "The DMM is operated on its 100 mV range with 10 power-line-cycle integration; its resolution of "
  "1 µV corresponds to 1 mΩ at 1 mA and 2 mΩ at 0.5 mA. Thermal EMFs are removed by current reversal "
  "inside the scanner; the reported V is already the reversal-corrected mean.") + B + P(
  "The lower excitation current on CH3 was chosen when the outlet sensor was moved there, to limit "
  "self-heating of the small outlet probe. Do not change it without updating Table 3.")

p4 = [('h2', '4. Self-heating')] + P(
  "The excitation current dissipates power P = I^2 * R_s in the sensing element (the power dissipated "
  "in the leads does not heat the element). The element therefore runs warmer than the medium by") + B + \
  M("    dT_sh = P / delta                                                      (Eq. 5)") + B + P(
  "where delta is the dissipation constant of the sensor in the given medium and flow condition. "
  "All four sensors are of the same construction (thin-film element in a 3 mm stainless sheath) and "
  "share the dissipation constants of Table 4, determined by the two-current method.") + B + \
  M("Table 4. Dissipation constant delta of the sensors (two-current method)",
    "-----------------------------------------------------------",
    "Medium and condition                   delta (mW/K)",
    "-----------------------------------------------------------",
    "Still air                              0.9",
    "Moving air, 0.5 to 1.0 m/s             1.4",
    "Moving air, above 1.0 up to 3.0 m/s    2.0",
    "Moving air, above 3.0 up to 10 m/s     3.5",
    "Still water                            9.0",
    "Flowing water, above 0.5 m/s           30",
    "-----------------------------------------------------------") + B + \
  [('h2', '5. Data reduction procedure')] + P(
  "Each sensor reading is reduced to the air temperature at that sensor as follows. All steps apply "
  "to every sensor; the calorimeter temperature rise is formed only at the end.") + B + \
  M("Step 1.  R_s = V / I            (4-wire channel)",
    "         R_s = V / I - R_lead   (2-wire channel, Eq. 4)",
    "Step 2.  r = R_s / R0 with the sensor's own R0; T_ind from Eq. 3 with its own A, B.",
    "Step 3.  P = I^2 * R_s ;  dT_sh = P / delta, delta from Table 4 for the logged",
    "         air speed at that sensor.",
    "Step 4.  T_air = T_ind - dT_sh",
    "Step 5.  Temperature rise  dT = T_air(outlet) - T_air(inlet).") + B + P(
  "Use the channel of the sensor's position (Table 1) to select I and R_lead, and the sensor's serial "
  "number to select its coefficients (Table 2). Carry at least six significant figures in R_s.")

p5 = [('h2', '6. Worked example (from the rev. B release test)')] + P(
  "Outlet sensor, still air during a zero-flow check, DMM reading V = 54.781 mV on CH3:") + B + \
  M("  R_s   = 54.781 mV / 0.500 mA - 0.62 Ω = 108.942 Ω",
    "  r     = 108.942 / 100.118 = 1.088136",
    "  T_ind = (-3.9102E-03 + sqrt(3.9102E-03^2 - 4*(-5.791E-07)*(1 - 1.088136)))",
    "          / (2*(-5.791E-07))  = 22.616 °C",
    "  P     = (0.500 mA)^2 * 108.942 Ω = 0.02724 mW",
    "  dT_sh = 0.02724 mW / 0.9 mW/K = 0.030 K",
    "  T_air = 22.586 °C") + B + P(
  "The example was prepared with the coefficients printed in rev. B and is kept for traceability "
  "of the release test; it is not re-computed in this revision.") + B + \
  [('h2', '7. Uncertainty')] + P(
  "The standard uncertainty of a single reduced air temperature is dominated by the calibration of "
  "the sensor (u = 12 mK), the stability of the excitation current (u = 4 mK), the lead-resistance "
  "determination for two-wire channels (u = 5 mK) and the dissipation constant (20 % relative, "
  "entering through dT_sh). For the temperature rise, calibration offsets that are common to both "
  "sensors partly cancel; in practice the combined standard uncertainty of dT is about 20 mK. The "
  "expanded uncertainty is stated with a coverage factor k = 3 (see also the errata).") + B + \
  [('h2', '8. Operating limits')] + P(
  "The PRTs must not be exposed to air above 120 °C (sheath adhesive limit). Readings taken within "
  "10 minutes of a heater-power step are discarded because the duct walls are not yet in equilibrium. "
  "A run is valid only if the ambient reference drifts by less than 50 mK over the run.")

p6 = [('h2', '9. Revision history')] + \
  M("Rev. A   2021-03   First issue (three sensors, all four-wire).",
    "Rev. B   2023-06   Outlet sensor moved to CH3 (two-wire); Table 3 updated.",
    "Rev. C   2024-02   Table 4 extended to moving air; errata E1-E2 below.") + B + \
  [('h2', '10. Errata to this revision (apply before use)')] + P(
  "E1. Table 2, sensor PT-2207: the R0 value was transcribed incorrectly from certificate "
  "CAL-7731-07. The correct value is R0 = 100.018 Ω (not 100.118 Ω). A and B of PT-2207 are correct "
  "as printed. The worked example in Section 6 used the incorrect value.") + B + P(
  "E2. Section 7: the expanded uncertainty is stated with coverage factor k = 2, not k = 3.") + B + P(
  "No other values in this note are affected by the errata. Tables 1, 3 and 4 are correct as "
  "printed.") + B + \
  [('h2', '11. References')] + P(
  "[1] IEC 60751:2022, Industrial platinum resistance thermometers and platinum temperature sensors.") + P(
  "[2] Calibration certificates CAL-7731-05 to CAL-7731-08, thermal metrology group, 2023.") + P(
  "[3] Run-log format for AFC-3, internal document RL-3, rev. 4.")

write_pdf(str(FILES/'tn214_prt_calorimeter.pdf'), [p1, p2, p3, p4, p5, p6], H,
          'TN-214 PRT temperature measurement on the AFC-3')
print('written')
