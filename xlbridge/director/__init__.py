"""The director's side of xlbridge: sample events, reading filled workbooks, checks and reports.

Nothing here re-implements a rule: scoring, matchpoints, IMPs and VPs come from
:mod:`xlbridge.engine`; this package reads and writes workbooks around it.
"""
