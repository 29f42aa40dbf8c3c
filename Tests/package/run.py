#!/usr/bin/env python3
"""The Debian package where users install it: clean Debian 12 (bookworm) and Debian 13
(trixie) roots made with debootstrap (cached in $LOCKSCREEND_ROOTS, default
/var/cache/lockscreend-roots, and copied fresh for each run; downloaded packages are kept
there too), the .deb that scripts/package made installed with apt, used, and purged.

Checks, in each root: `apt-get install ./lockscreend_*.deb` pulls in runtime libraries
only (no -dev package, no compiler, no Swift) and every library the binaries need is
found; `lockscreend check` passes on every shipped example and on the installed
configuration; `lockscreend --headless DIR --once` draws the demo; `systemd-analyze verify`
accepts the installed unit; the service's user and groups exist and the configuration is
root:lockscreend 0640; nothing is enabled or started; `apt-get purge --autoremove` leaves
no file, user or group of lockscreend behind. In the trixie root, with no Swift installed,
`scripts/demo --once` stops in under a minute with the one message saying which Swift to
install.

Usage: Tests/package/run.py --deb .build/package/lockscreend_VERSION_ARCH.deb
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import checks  # noqa: E402
from debian_root import Chroot  # noqa: E402
from checks import check  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SUITES = ["bookworm", "trixie"]
# What changes in a root by apt's own bookkeeping, not by the package.
VOLATILE = ("/var/cache/", "/var/lib/apt/", "/var/lib/dpkg/", "/var/log/", "/tmp/", "/var/lib/systemd/", "/var/cache/ldconfig/",
            "/etc/ld.so.cache", "/var/lib/ucf/", "/run/", "/var/lib/debconf/", "/etc/ssl/certs/")


def installed(chroot):
    _, out = chroot.run("dpkg-query -W -f '${Package} ${Status}\\n' | awk '$4 == \"installed\" {print $1}'")
    return set(out.split())


def try_suite(suite, deb, work):
    chroot = Chroot(suite, work)
    try:
        status, out = chroot.run("apt-get update -qq && apt-get install -y -qq systemd man-db >/dev/null")
        check(f"{suite}: a clean root with systemd", status == 0, out[-400:])
        before_files, before_packages = chroot.files(VOLATILE), installed(chroot)
        shutil.copy(deb, os.path.join(chroot.path, "tmp/lockscreend.deb"))
        start = time.time()
        status, out = chroot.run("apt-get install -y -qq /tmp/lockscreend.deb")
        took = time.time() - start
        pulled = sorted(installed(chroot) - before_packages)
        check(f"{suite}: apt-get install ./lockscreend.deb ({took:.0f} s) pulls in {len(pulled)} packages",
              status == 0 and "lockscreend" in pulled, out[-600:])
        build = [p for p in pulled if p.endswith("-dev") or p.startswith(("gcc", "cpp", "swift", "clang", "binutils"))]
        check(f"{suite}: … runtime libraries and fonts only, no -dev package, compiler or Swift", not build, f"{build}")
        status, out = chroot.run("ldd /usr/bin/lockscreend /usr/bin/lockscreenctl /usr/libexec/lockscreend/lockscreend-web")
        check(f"{suite}: every library the binaries link is found", status == 0 and "not found" not in out, out[-400:])
        status, out = chroot.run("ldd /usr/bin/lockscreenctl")
        check(f"{suite}: lockscreenctl links no drawing library", not any(x in out for x in ("cairo", "pango", "drm")), out[-300:])
        examples = sorted(os.path.basename(p) for p in glob.glob(os.path.join(ROOT, "deploy/examples/*.toml")))
        bad = []
        for name in examples + ["/etc/lockscreend/config.toml"]:
            path = name if name.startswith("/") else f"/usr/share/lockscreend/examples/{name}"
            status, out = chroot.run(f"lockscreend check --config {path}")
            if status != 0:
                bad.append(f"{name}: {out.strip()[-200:]}")
        check(f"{suite}: lockscreend check passes on the {len(examples)} shipped examples and the installed configuration", not bad, "; ".join(bad))
        status, out = chroot.run("cd /tmp && lockscreend --headless /tmp/frames --once --png && ls /tmp/frames", timeout=120)
        check(f"{suite}: lockscreend --headless DIR --once draws the demo", status == 0 and "000001.png" in out, out[-400:])
        # The stock daemon hands --http to /usr/libexec/lockscreend/lockscreend-web: the same
        # process (its PID) serves the API once the handover is done.
        status, out = chroot.run("cd /tmp && { lockscreend --headless /tmp/web-frames --no-socket --state-dir /tmp/web-state "
                                 "--http 127.0.0.1:18095 --log-level info >/tmp/web.log 2>&1 & pid=$!; "
                                 "for i in $(seq 1 200); do grep -q 'HTTP on http://127.0.0.1:18095' /tmp/web.log && break; sleep 0.3; done; "
                                 "readlink /proc/$pid/exe; grep 'HTTP on' /tmp/web.log; kill $pid; wait $pid; }", timeout=120)
        check(f"{suite}: lockscreend --http runs as /usr/libexec/lockscreend/lockscreend-web, the daemon with the HTTP face",
              "/usr/libexec/lockscreend/lockscreend-web" in out, out[-400:])
        status, out = chroot.run("systemd-analyze verify /usr/lib/systemd/system/lockscreend.service")
        check(f"{suite}: systemd-analyze verify accepts the installed unit", status == 0 and "lockscreend.service:" not in out, out[-400:])
        status, out = chroot.run("id lockscreend; stat -c '%U:%G %a' /etc/lockscreend/config.toml; getent group lockscreend-ctl; "
                                 "systemctl is-enabled lockscreend.service || true")
        check(f"{suite}: the service's user and groups exist, the configuration is root:lockscreend 0640, the unit is not enabled",
              "video" in out and "input" in out and "root:lockscreend 640" in out and "lockscreend-ctl" in out and "disabled" in out, out[-400:])
        status, out = chroot.run("man -w lockscreend lockscreenctl")
        check(f"{suite}: man lockscreend and man lockscreenctl", status == 0, out[-200:])
        # The administrator's choices survive the maintainer scripts (issue 59, attack 13):
        # a deleted configuration, and an owner and mode set with dpkg-statoverride.
        status, out = chroot.run("rm /etc/lockscreend/config.toml && dpkg -i /tmp/lockscreend.deb && dpkg -s lockscreend | grep '^Status'")
        check(f"{suite}: with the configuration deleted, the package installs again and is configured", status == 0 and "install ok installed" in out, out[-400:])
        status, out = chroot.run("apt-get install -y -qq --reinstall -o Dpkg::Options::=--force-confmiss /tmp/lockscreend.deb >/dev/null && "
                                 "dpkg-statoverride --update --add root root 0644 /etc/lockscreend/config.toml && "
                                 "dpkg -i /tmp/lockscreend.deb >/dev/null && stat -c '%U:%G %a' /etc/lockscreend/config.toml")
        check(f"{suite}: an owner and mode set with dpkg-statoverride are kept by the next configure", status == 0 and "root:root 644" in out, out[-400:])
        chroot.run("dpkg-statoverride --remove /etc/lockscreend/config.toml")
        # Enabled by the administrator, then purged: no link of it may stay (attack 14).
        status, out = chroot.run("systemctl enable lockscreend.service 2>&1")
        check(f"{suite}: systemctl enable lockscreend works in the root (the purge below must undo it)", status == 0, out[-300:])
        status, out = chroot.run("apt-get purge -y -qq --autoremove lockscreend")
        # What stays installed stays because another package asks for it (trixie's apt
        # recommends ca-certificates, which libcurl pulled in): its files are its own.
        kept = sorted(installed(chroot) - before_packages)
        _, owned = chroot.run("dpkg -L " + " ".join(kept) + " 2>/dev/null" if kept else "true")
        left = sorted(set(chroot.files(VOLATILE) - before_files) - set(owned.split("\n")) - {os.path.dirname(p) for p in owned.split("\n")})
        # … and what their own maintainer scripts made (ca-certificates.conf).
        left = [p for p in left if not any(k in os.path.basename(p) for k in kept)]
        _, users = chroot.run("getent passwd lockscreend; getent group lockscreend lockscreend-ctl")
        _, dpkg = chroot.run("dpkg -s lockscreend 2>&1 | head -1")
        check(f"{suite}: apt-get purge --autoremove leaves no file, user or group of lockscreend"
              + (f" (apt keeps {', '.join(kept)}: other packages recommend them)" if kept else ""),
              status == 0 and not left and not users.strip() and "not installed" in dpkg, f"{left[:10]} {users.strip()} {dpkg}")
        if suite == "trixie":
            subprocess.run(f"git -C {ROOT} archive HEAD | tar -x -C {chroot.path}/tmp --one-top-level=lockscreend", shell=True, check=True)
            start = time.time()
            status, out = chroot.run("cd /tmp/lockscreend && scripts/demo --once", timeout=120)
            took = time.time() - start
            check(f"{suite}: with no Swift, scripts/demo --once stops in {took:.1f} s with the one message",
                  status != 0 and took < 60 and "needs Swift 6.2 or later" in out and "swiftly" in out and out.count("setup:") == 1, out[-600:])
    finally:
        chroot.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--deb", required=True)
    parser.add_argument("--suite", action="append", choices=SUITES)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="lockscreend-package-")
    try:
        for suite in args.suite or SUITES:
            try_suite(suite, os.path.abspath(args.deb), work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{checks.failures} failed" if checks.failures else "all package checks passed")
    return 1 if checks.failures else 0


if __name__ == "__main__":
    sys.exit(main())
