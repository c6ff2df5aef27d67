"""The subcommands of ``xlbridge``, one module each (see :mod:`xlbridge.cli`)."""
