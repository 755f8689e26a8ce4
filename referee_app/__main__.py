"""`python -m referee_app COMMAND`: the headless commands without the GUI layer."""

import sys

from referee_app.cli.main import main

sys.exit(main())
