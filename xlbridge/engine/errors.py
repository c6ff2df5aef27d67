"""The one exception family of xlbridge: :class:`XlbridgeError` and its kinds.

- :class:`BridgeInputError`: bridge input the rules cannot accept (a contract, a result, a
  board number ...), raised by the engine and everything above it.
- :class:`OptionError`: an argument that is not bridge input and does not fit: a template
  name, a language, a paper size, more values than a named range holds.
- The files' own kinds, defined where files are handled: an unreadable workbook
  (``xlbridge.director.safe_open.UnreadableWorkbook``), one not to be overwritten
  (``xlbridge.workbooks.WorkbookExistsError``), a named range that cannot be read
  (``xlbridge.director.names.NamedRangeError``), LibreOffice failing
  (``xlbridge.director.office.OfficeError``), and the command's own
  (``xlbridge.cli.CommandError``).

The ``xlbridge`` command catches :class:`XlbridgeError` and prints its one line.
"""


class XlbridgeError(Exception):
    """The root of every error xlbridge raises on purpose; its message is one line."""


class OptionError(XlbridgeError, ValueError):
    """An argument that is not bridge input and does not fit (a template, a language ...).

    >>> raise OptionError("paper 'A5': must be A4 or Letter")
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.OptionError: paper 'A5': must be A4 or Letter
    """


class BridgeInputError(XlbridgeError, ValueError):
    """Input a director typed (or a script passed) that the rules cannot accept.

    The message is one short line naming the value and what is accepted, e.g.
    ``contract "8S": level must be 1-7``. It is shown as is in an Excel cell.
    """


def describe(value: object) -> str:
    """Render a bad value for an error message: quoted, shortened, printable.

    >>> describe("8S")
    '"8S"'
    >>> describe(4.5)
    '4.5'
    """
    if isinstance(value, str):
        text = "".join(ch if ch.isprintable() else "?" for ch in value)
        if len(text) > 20:
            text = text[:17] + "..."
        return f'"{text}"'
    if value is None:
        return "blank"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        return "a number of more than 20 digits"
    try:
        text = repr(value)
    except ValueError:  # Python writes no integer of over 4,300 digits, even inside a list
        return "a value too large to show"
    return text if len(text) <= 20 else text[:17] + "..."
