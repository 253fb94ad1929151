"""The command line shared by the Python test scripts that CTest runs one test at a time:

    SCRIPT --vp build/bin/vp --repo . TEST     runs test_TEST... (the function of that name)
    SCRIPT --vp x --repo x --list              lists the test functions (CMake registers each)

The script's module globals VP and REPO get the absolute paths, WORK a fresh temporary directory that
is removed afterwards. A test raising the script's `skip` exception exits 77 (CTest SKIP_RETURN_CODE).
"""
import argparse
import os
import shutil
import tempfile

SKIP_RETURN_CODE = 77


def run(module_globals, work_prefix, skip=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("test", nargs="?")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    tests = {n: f for n, f in module_globals.items() if n.startswith("test_") and callable(f)}
    if a.list:
        print("\n".join(tests))
        return 0
    if a.test not in tests:
        ap.error(f"no test named {a.test!r} (--list shows them)")
    module_globals["VP"], module_globals["REPO"] = os.path.abspath(a.vp), os.path.abspath(a.repo)
    module_globals["WORK"] = tempfile.mkdtemp(prefix=work_prefix)
    try:
        tests[a.test]()
        print(f"PASS {a.test}")
        return 0
    except Exception as e:
        if skip is not None and isinstance(e, skip):
            print(f"SKIP {a.test}: {e}")
            return SKIP_RETURN_CODE
        raise
    finally:
        shutil.rmtree(module_globals["WORK"], ignore_errors=True)


_sanitized = {}


def address_space_cap(vp, nbytes):
    """A preexec_fn that caps a child's address space (RLIMIT_AS) at nbytes, so that a run that ignores
    its limits fails fast instead of eating the host's memory; None for a vp built with
    AddressSanitizer, which reserves terabytes of shadow address space at start and cannot run under
    any such cap (the release build's tests keep the cap)."""
    import resource
    import subprocess

    if vp not in _sanitized:
        ldd = subprocess.run(["ldd", vp], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
        _sanitized[vp] = "libasan" in ldd
    if _sanitized[vp]:
        return None
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (nbytes, nbytes))
