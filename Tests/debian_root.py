"""Clean Debian roots for the tests that need a Debian other than this machine's: made
with debootstrap once and kept in $LOCKSCREEND_ROOTS (default /var/cache/lockscreend-roots)
with the packages apt downloads into them, then used as a fresh copy (the package test) or
in place (a root an oracle was installed into once, as Home Assistant 2026's)."""
import fcntl
import os
import shutil
import subprocess

CACHE = os.environ.get("LOCKSCREEND_ROOTS", "/var/cache/lockscreend-roots")


def cached_root(suite):
    """The cached clean root of `suite`, made with debootstrap when missing."""
    path = os.path.join(CACHE, suite)
    os.makedirs(CACHE, exist_ok=True)
    # Steps run side by side (Tests/suite.py): one makes the root, the others wait for it.
    with open(path + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.isdir(path):
            partial = path + ".partial"
            shutil.rmtree(partial, ignore_errors=True)
            subprocess.run(["debootstrap", "--variant=minbase", suite, partial], check=True, stdout=subprocess.DEVNULL)
            os.rename(partial, path)
    return path


class Chroot:
    """A root with /proc, /dev and the suite's package cache mounted: a fresh copy of the
    cached clean root of `suite` made in `work`, or the root at `path` as it is."""

    def __init__(self, suite, work=None, path=None, archives=True):
        self.suite = suite
        if path is None:
            self.path = os.path.join(work, suite)
            subprocess.run(["cp", "-a", cached_root(suite), self.path], check=True)
        else:
            self.path = path
        shutil.copy("/etc/resolv.conf", os.path.join(self.path, "etc/resolv.conf"))
        # The downloads kept across runs, shared by every root of the suite; a root that
        # runs apt while another step's root of the same suite may (archives=False) keeps
        # its own, since apt locks the folder.
        shared = os.path.join(CACHE, f"{suite}-archives")
        os.makedirs(os.path.join(shared, "partial"), exist_ok=True)
        self.mounts = []
        for source, target, kind in (("proc", "proc", "proc"), ("/dev", "dev", "bind"), (shared, "var/cache/apt/archives", "bind"))[:3 if archives else 2]:
            where = os.path.join(self.path, target)
            os.makedirs(where, exist_ok=True)
            subprocess.run(["mount", "-t", "proc", "proc", where] if kind == "proc" else ["mount", "--bind", source, where], check=True)
            self.mounts.append(where)

    def environment(self, extra=None):
        """What a command in the root runs with: nothing of this machine's but a PATH."""
        full = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND": "noninteractive", "LC_ALL": "C.UTF-8", "HOME": "/root"}
        full.update(extra or {})
        return full

    def popen(self, command, **options):
        """`command` started in the root, not waited for (chroot replaces itself with it,
        so the process is the command's)."""
        return subprocess.Popen([shutil.which("chroot"), self.path, *command], env=self.environment(), **options)

    def run(self, command, timeout=900, env=None):
        """(exit status, output) of a shell command inside the root, as root."""
        out = subprocess.run(["chroot", self.path, "/bin/sh", "-c", command], capture_output=True, text=True, timeout=timeout,
                             env=self.environment(env))
        return out.returncode, out.stdout + out.stderr

    def files(self, volatile=()):
        """Every path in the root but those under `volatile`."""
        found = set()
        for top, dirs, names in os.walk(self.path):
            rel = "/" + os.path.relpath(top, self.path).lstrip(".")
            dirs[:] = [d for d in dirs if os.path.join(top, d) not in self.mounts]
            for name in names + dirs:
                path = os.path.join(rel, name).replace("//", "/")
                if not path.startswith(volatile) and path not in volatile:
                    found.add(path)
        return found

    def close(self):
        for where in reversed(self.mounts):
            subprocess.run(["umount", "-l", where])
