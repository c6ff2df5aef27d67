"""xlbridge: contract-bridge scoring for spreadsheets.

The Python API is the engine's, re-exported here::

    >>> import xlbridge
    >>> xlbridge.score("4S", 10, False), xlbridge.imps(-160), xlbridge.vp(8, 14)
    (420, -4, 12.44)
    >>> xlbridge.board_vul(13), xlbridge.chicago_vul(2, "duplicate")
    (<Vulnerability.ALL: 'All'>, <Vulnerability.NS: 'NS'>)

Values such as seats and vulnerabilities are string enums: ``board_vul(13) == "All"``.
Bad input raises :class:`BridgeInputError` (a ``ValueError``) with a short message.
"""

from .engine import *  # noqa: F403 - the engine's public API is xlbridge's
from .engine import __all__ as _engine_all

__version__ = "0.1.0"
__all__ = [*_engine_all, "__version__"]
