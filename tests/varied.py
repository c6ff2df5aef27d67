"""The sample evening made harder, for the exchange-format tests (PBN, USEBIO, import)."""

from __future__ import annotations

import dataclasses

from xlbridge.event import PairsEvent, Play, sample


def varied_event(**options: object) -> PairsEvent:
    """The sample evening with an adjusted score, a board not played at one table and a
    pair from outside the event, scored with ``options``."""
    event = sample.pairs_event()
    results = list(event.results)
    results[0] = dataclasses.replace(results[0], play=Play("A60/40"))
    results[10] = dataclasses.replace(results[10], play=Play("NP"))
    results[20] = dataclasses.replace(results[20], ns=None)
    return dataclasses.replace(event, results=tuple(results), options=options)
