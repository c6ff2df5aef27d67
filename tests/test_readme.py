"""README's Python examples are true, and README keeps the two set-up commands first."""

import doctest
import re
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_python_examples_run():
    blocks = python_blocks()
    assert blocks
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README block {number}", str(README), 0)
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_readme_opens_with_main_and_test_commands():
    first_block = re.search(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
    assert first_block is not None
    lines = [line for line in first_block[1].splitlines() if line.strip()]
    assert lines[0].startswith("pip install . && xlbridge demo")
    assert lines[1].startswith("pip install '.[test]' && pytest")
