"""A virtual environment with the pinned reference implementations of requirements.txt,
made once and kept under ~/.cache/lockscreend (or $LOCKSCREEND_CACHE) by the file's hash,
so a second run, and a CI run on a machine that kept its cache, installs nothing."""
import contextlib
import fcntl
import hashlib
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))


def cached(requirements, name):
    """Where what `requirements` pins is kept: `name`-<its hash> under $LOCKSCREEND_CACHE
    (default ~/.cache/lockscreend), so a changed file makes a new one."""
    with open(requirements, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:16]
    cache = os.environ.get("LOCKSCREEND_CACHE", os.path.expanduser("~/.cache/lockscreend"))
    return os.path.join(cache, f"{name}-{digest}")


@contextlib.contextmanager
def held(path):
    """`path`.lock held exclusively: steps that run side by side make a cached thing
    once, the others waiting for it rather than making it too."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def python(requirements=os.path.join(here, "requirements.txt"), dependencies=False):
    """The path of the venv's python, making the venv first if needed. `dependencies`:
    let pip install what the pinned packages need (else only the pins)."""
    venv = cached(requirements, "oracles")
    interpreter = os.path.join(venv, "bin", "python")
    with held(venv):
        if not os.path.exists(os.path.join(venv, "ready")):
            subprocess.run([sys.executable, "-m", "venv", "--clear", venv], check=True)
            subprocess.run([interpreter, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                            *([] if dependencies else ["--no-deps"]), "-r", requirements], check=True)
            open(os.path.join(venv, "ready"), "w").close()
    return interpreter
