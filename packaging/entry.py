"""The bundled app's entry point: the same `main` as the `referee-app` command."""

import sys

from referee_desk.main import main

if __name__ == "__main__":
    sys.exit(main())
