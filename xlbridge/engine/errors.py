"""The one exception family of xlbridge."""


class BridgeInputError(ValueError):
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
    text = repr(value)
    return text if len(text) <= 20 else text[:17] + "..."
