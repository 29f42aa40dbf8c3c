#!/usr/bin/env python3
"""The Debian package judged by Debian's own tools, as Debian judges its archive: lintian
--pedantic from Debian 12 and from Debian 13 (each run in a clean root of its release),
and piuparts — install and purge, upgrade from an older version, and a Debian 12 system
with lockscreend installed dist-upgraded to 13 and moved to this package — in clean roots.

The roots are the cached debootstrap roots of Tests/debian_root.py (merged /usr, as
Debian 12 and 13 are installed, so piuparts' --merged-usr is what they already are),
packed once as piuparts' base tarballs; the downloads are kept beside them. The "older
version" is this .deb with its version set to 0.0.1, served from a local repository: the
upgrade runs the maintainer scripts as an upgrade from a real older lockscreend does.

Usage: Tests/package/debian.py --deb .build/package/lockscreend_VERSION_ARCH.deb
"""
import argparse
import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import checks  # noqa: E402
from checks import check  # noqa: E402
from debian_root import CACHE, Chroot, cached_root  # noqa: E402

# Left behind by Debian 13's debconf in any chroot, whatever is installed: Debian's own
# piuparts runs ignore it too.
IGNORED = ["/var/cache/debconf/tmp.ci/"]


def base_tarball(suite):
    """piuparts' base tarball of `suite`, packed once from the cached clean root."""
    root = cached_root(suite)
    path = os.path.join(CACHE, f"{suite}.piuparts.tgz")
    with open(path + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(root):
            subprocess.run(["tar", "-C", root, "-czf", path + ".partial", "."], check=True)
            os.rename(path + ".partial", path)
    return path


def scripts(suite, work):
    """piuparts' scripts for `suite`: the chroot's apt keeps its downloads in the cache."""
    folder = os.path.join(work, f"scripts-{suite}")
    os.makedirs(folder, exist_ok=True)
    archives = os.path.join(CACHE, f"{suite}-archives")
    with open(os.path.join(folder, "post_chroot_unpack_archives"), "w") as f:
        f.write(f"#!/bin/sh\nprintf 'Dir::Cache::Archives \"{archives}/\";\\nBinary::apt::APT::Keep-Downloaded-Packages \"true\";\\n'"
                " > /etc/apt/apt.conf.d/90lockscreend-archives\n")
    os.chmod(os.path.join(folder, "post_chroot_unpack_archives"), 0o755)
    return folder, archives


def older_deb(deb, work):
    """This package with its version set to 0.0.1: the older lockscreend an upgrade starts
    from. Its path in `work`."""
    tree, path = os.path.join(work, "older"), os.path.join(work, "lockscreend_0.0.1.deb")
    subprocess.run(["dpkg-deb", "-R", deb, tree], check=True)
    control = os.path.join(tree, "DEBIAN", "control")
    with open(control) as f:
        text = "".join("Version: 0.0.1\n" if line.startswith("Version:") else line for line in f)
    with open(control, "w") as f:
        f.write(text)
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "-b", tree, path], check=True, stdout=subprocess.DEVNULL)
    return path


def older(deb, work):
    """A local repository holding this package as version 0.0.1."""
    repo = os.path.join(work, "repo")
    os.makedirs(repo)
    shutil.move(older_deb(deb, work), os.path.join(repo, "lockscreend_0.0.1.deb"))
    with open(os.path.join(repo, "Packages"), "w") as f:
        subprocess.run(["dpkg-scanpackages", ".", "/dev/null"], cwd=repo, stdout=f, stderr=subprocess.DEVNULL, check=True)
    return repo


def piuparts(suites, deb, repo, work):
    """piuparts from the first of `suites` (to the last): (passed, seconds, the log's end)."""
    folder, archives = scripts(suites[0], work)
    log = os.path.join(work, f"piuparts-{'-'.join(suites)}.log")
    command = ["piuparts", "--basetgz", base_tarball(suites[0]), "--tmpdir", work, "--log-file", log,
               "--bindmount", archives, "--bindmount", repo, "--extra-repo", f"deb [trusted=yes] file://{repo} ./", "--scriptsdir", folder]
    for suite in suites:
        command += ["-d", suite]
    for path in IGNORED:
        command += ["--ignore", path]
    start = time.time()
    out = subprocess.run(command + [deb], capture_output=True, text=True, timeout=1800)
    took = time.time() - start
    with open(log) as f:
        lines = f.read().splitlines()
    verdicts = [line for line in lines if "PASS:" in line or "FAIL:" in line or "ERROR:" in line]
    return out.returncode == 0, took, "\n".join(verdicts[-8:] or (out.stdout + out.stderr).splitlines()[-8:])


def lintian(suite, deb, work):
    """lintian --pedantic of `suite`'s release, in a fresh copy of its clean root: its
    version, what it printed, and the unit's `systemd-analyze security --offline` score."""
    chroot = Chroot(suite, work)
    try:
        status, out = chroot.run("apt-get update -qq && apt-get install -y -qq --no-install-recommends lintian systemd >/dev/null")
        if status != 0:
            return None, out[-400:]
        shutil.copy(deb, os.path.join(chroot.path, "tmp", os.path.basename(deb)))
        _, version = chroot.run("dpkg-query -W -f '${Version}' lintian")
        status, out = chroot.run(f"lintian --pedantic --fail-on error /tmp/{os.path.basename(deb)}")
        tags = [line for line in out.splitlines() if line.strip() and "running with root privileges" not in line]
        chroot.run(f"dpkg-deb -x /tmp/{os.path.basename(deb)} /tmp/unpacked")
        _, analysis = chroot.run("systemd-analyze security --offline=yes --no-pager /tmp/unpacked/usr/lib/systemd/system/lockscreend.service")
        score = next((line.split(": ", 1)[1].strip() for line in analysis.splitlines() if "exposure level" in line), "?")
        return (version.strip(), status, "\n".join(tags), score)
    finally:
        chroot.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--deb", required=True)
    args = parser.parse_args()
    deb = os.path.abspath(args.deb)
    work = tempfile.mkdtemp(prefix="lockscreend-debian-")
    try:
        for suite in ("bookworm", "trixie"):
            found = lintian(suite, deb, work)
            if found[0] is None:
                check(f"{suite}: lintian installs in a clean root", False, found[1])
                continue
            version, status, out, score = found
            errors = [line for line in out.splitlines() if line.startswith("E:")]
            check(f"{suite}: lintian {version} --pedantic reports no error" + (f" ({len(out.splitlines())} other tags)" if out else ", no tag at all"),
                  status == 0 and not errors, out[-800:])
            print(f"  {suite}: systemd-analyze security --offline: {score}")
        repo = older(deb, work)
        for suites, what in ((["bookworm"], "Debian 12: install and purge, upgrade from 0.0.1"),
                             (["trixie"], "Debian 13: install and purge, upgrade from 0.0.1"),
                             (["bookworm", "trixie"], "Debian 12 with 0.0.1 dist-upgraded to 13, then this package, purged")):
            passed, took, verdicts = piuparts(suites, deb, repo, work)
            check(f"piuparts: {what} ({took:.0f} s)", passed, verdicts)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{checks.failures} failed" if checks.failures else "all Debian checks passed")
    return 1 if checks.failures else 0


if __name__ == "__main__":
    sys.exit(main())
