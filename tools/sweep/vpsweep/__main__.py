import sys
import traceback

from .cli import EXIT_INCOMPLETE, main

try:
    sys.exit(main(sys.argv[1:]))
except KeyboardInterrupt:
    print("vp sweep: interrupted; run the same command again to continue", file=sys.stderr)
    sys.exit(EXIT_INCOMPLETE)
except Exception:  # a bug or an unexpected environment: not "some points failed" (exit 1)
    traceback.print_exc()
    print("vp sweep: internal error (above); run the same command again to continue", file=sys.stderr)
    sys.exit(EXIT_INCOMPLETE)
