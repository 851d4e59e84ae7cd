"""Recorded model replies the tutorials replay (read them with `physci_lab.llm.recordings.recording_path`)."""
