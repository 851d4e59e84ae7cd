"""Data shipped with physci_lab: canonical scenes, training presets, memory seeds, benchmark subsets, recorded runs (read them with `physci_lab.core.io.data_path`)."""
