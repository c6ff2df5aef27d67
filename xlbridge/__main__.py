"""``python -m xlbridge`` runs the ``xlbridge`` command."""

import sys

from .cli import main

sys.exit(main())
