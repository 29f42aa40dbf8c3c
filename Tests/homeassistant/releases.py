"""The Home Assistant releases the end-to-end test runs, each from PyPI: 2024.3.3, the
newest that runs on Debian 12's Python 3.11, in a venv on this machine; 2026.2.3, the
newest that installs on Debian 13's Python 3.13, in a Debian 13 root made with
debootstrap. Both are made once and kept under $LOCKSCREEND_CACHE (default
~/.cache/lockscreend) by their requirements file's hash, so a second run installs nothing.

pip in the root trusts this machine's certificate authorities (its SSL_CERT_FILE, else
Debian's bundle), so it works behind the same proxy as this machine's own pip."""
import os
import shutil
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(here, ".."), os.path.join(here, "..", "conformance")]
import oracle_venv  # noqa: E402
from debian_root import Chroot, cached_root  # noqa: E402
from hass import IN_ROOT  # noqa: E402

RELEASES = {"2024.3.3": ("requirements.txt", None), "2026.2.3": ("requirements-2026.txt", "trixie")}
VENV = "/opt/homeassistant"


class Release:
    """Where a release's `hass` is: `hass` (a path in `chroot`, the Debian root it was
    installed into, or on this machine when `chroot` is None) and `python`, the
    interpreter the checks run on (this machine's venv of 2024.3.3, which brings aiohttp
    for HA's WebSocket API)."""

    def __init__(self, version):
        self.version = version
        requirements, suite = RELEASES[version]
        self.python = oracle_venv.python(os.path.join(here, "requirements.txt"), dependencies=True)
        if suite is None:
            self.chroot, self.hass = None, os.path.join(os.path.dirname(self.python), "hass")
        else:
            self.chroot, self.hass = Chroot(suite, path=made_root(os.path.join(here, requirements), suite)), os.path.join(VENV, "bin", "hass")

    def close(self):
        if self.chroot:
            self.chroot.close()
            shutil.rmtree(os.path.join(self.chroot.path, IN_ROOT.lstrip("/")), ignore_errors=True)


def made_root(requirements, suite):
    """A copy of the clean `suite` root with Python, a venv at VENV and the pinned
    `requirements` in it, made when missing."""
    path = oracle_venv.cached(requirements, f"homeassistant-{suite}")
    with oracle_venv.held(path):
        if not os.path.exists(os.path.join(path, "ready")):
            make_root(requirements, suite, path)
    return path


def make_root(requirements, suite, path):
    """Makes made_root's root at `path`."""
    partial = path + ".partial"
    subprocess.run(["rm", "-rf", partial], check=True)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    subprocess.run(["cp", "-a", cached_root(suite), partial], check=True)
    # Its own apt downloads: the package step may run apt in a root of the same suite.
    chroot = Chroot(suite, path=partial, archives=False)
    try:
        status, out = chroot.run("apt-get update -qq && apt-get install -y -qq python3 python3-venv python3-dev gcc g++ >/dev/null")
        if status:
            raise RuntimeError(f"{suite} root: Python did not install: {out[-800:]}")
        shutil.copy(os.environ.get("SSL_CERT_FILE") or "/etc/ssl/certs/ca-certificates.crt", os.path.join(partial, "etc/ssl/certs/this-machine.crt"))
        shutil.copy(requirements, os.path.join(partial, "tmp/requirements.txt"))
        status, out = chroot.run(f"python3 -m venv {VENV} && {VENV}/bin/pip install --quiet --disable-pip-version-check -r /tmp/requirements.txt",
                                 timeout=1800, env={"SSL_CERT_FILE": "/etc/ssl/certs/this-machine.crt", "PIP_NO_CACHE_DIR": "1"})
        if status:
            raise RuntimeError(f"{suite} root: Home Assistant did not install: {out[-1500:]}")
    finally:
        chroot.close()
    subprocess.run(["chroot", partial, "apt-get", "clean"])
    os.rename(partial, path)
    open(os.path.join(path, "ready"), "w").close()
