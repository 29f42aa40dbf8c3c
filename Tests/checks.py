"""What the end-to-end scripts (Tests/mqtt, Tests/web) share: a check that prints one
line and counts failures, and a free loopback port."""
import socket

failures = 0


def check(name, ok, detail=""):
    global failures
    print(("✔ " if ok else "✘ ") + name + ("" if ok or not detail else f": {detail}"), flush=True)
    if not ok:
        failures += 1


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def finish(work, what):
    """Removes the work directory when every check passed (else keeps it and says where);
    the script's exit status."""
    import shutil
    if failures:
        print(f"kept {work} for a look")
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print(f"all {what} checks passed")
    return 0
