"""The subcommands of ``xlbridge``, one module each (see :mod:`xlbridge.cli`), and what they
share: the exit statuses and the errors a command raises on purpose."""

from __future__ import annotations

from ..engine import XlbridgeError

# Exit statuses shared by every subcommand.
EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_INPUT = 2


class CommandError(XlbridgeError):
    """A failure the user can act on: printed as one line, exit status 2."""


class StateError(CommandError):
    """The file is sound, but not in a state the command can act on: a round already
    drawn, a round not finished, an event with every round played."""


def listed(words: list[str], last: str = "and") -> str:
    """Words as a sentence lists them.

    >>> listed(["pairs events", "team matches", "team events"]), listed(["a", "b"], "or"), listed(["a"])
    ('pairs events, team matches and team events', 'a or b', 'a')
    """
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"
