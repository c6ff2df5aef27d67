"""Live entry from the tables: ``xlbridge serve`` (issue 23).

Phones at the tables enter each board's result; a journal keeps every confirmed entry
before the phone is told it is saved; ``xlbridge serve --write`` puts the journal into the
workbook's results rows. This package sits beside :mod:`xlbridge.commands`' helpers: it
imports the kinds and everything below them, and only ``commands/serve.py`` imports it.
"""
