"""The director's files, read safely: a filled workbook opened without trusting it
(:mod:`.safe_open`), its cells found by their defined names (:mod:`.names`) and read into
engine values, one problem per cell (:mod:`.cells`), and LibreOffice printing a workbook
to PDF (:mod:`.office`).

Nothing here re-implements a rule or knows a kind of workbook: the kinds
(:mod:`xlbridge.kinds`) build their checks from these readers.
"""
