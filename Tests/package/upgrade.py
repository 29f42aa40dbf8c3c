#!/usr/bin/env python3
"""An upgrade of the package while the daemon runs, under a real systemd (issue 59, attack
12): a clean Debian 13 root with systemd, the kernel's modules and lockscreend 0.0.1 (this
.deb with its version set back) enabled, booted in QEMU with Debian's kernel and initramfs
from a virtio disk; once the service is up a one-shot unit installs this .deb with dpkg -i
and reports the daemon's process before and after on the serial console.

Checks: the daemon ran before; dpkg -i succeeded; afterwards the service is active on a
new process whose program is the installed file, not the old one "(deleted)" — the
postinst's `deb-systemd-invoke try-restart` restarted it.

Usage: Tests/package/upgrade.py --deb .build/package/lockscreend_VERSION_ARCH.deb
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import checks  # noqa: E402
from checks import PATIENCE, check  # noqa: E402
from debian_root import Chroot  # noqa: E402
from debian import older_deb  # noqa: E402  (Tests/package/debian.py)

GUEST_CHECK = r"""#!/bin/sh
# Run by upgrade-check.service once lockscreend is up: the upgrade, as an administrator runs it.
say() { echo "@@ $*" > /dev/ttyS0; }
up() { for i in $(seq 1 600); do systemctl is-active -q lockscreend && return 0; sleep 1; done; return 1; }
up
old=$(systemctl show -p MainPID --value lockscreend)
say "before: $(systemctl is-active lockscreend) pid=$old exe=$(readlink /proc/$old/exe) version=$(dpkg-query -W -f '${Version}' lockscreend)"
say "exposure: $(systemd-analyze security lockscreend.service --no-pager 2>&1 | sed -n 's/.*exposure level for lockscreend.service: //p')"
say "socket: $(lockscreenctl status --json >/dev/null 2>&1 && echo answers || echo silent)"
dpkg -i /root/lockscreend.deb > /root/dpkg.log 2>&1
say "dpkg: $?"
sleep 2
up
new=$(systemctl show -p MainPID --value lockscreend)
say "after: $(systemctl is-active lockscreend) pid=$new exe=$(readlink /proc/$new/exe) version=$(dpkg-query -W -f '${Version}' lockscreend)"
old_exe=$(readlink /proc/$old/exe 2>/dev/null || echo gone)
say "old process: $old_exe"
journalctl -u lockscreend --no-pager | tail -5 | sed 's/^/@@ journal: /' > /dev/ttyS0
systemctl poweroff
"""

GUEST_UNIT = """[Unit]
Description=The package upgraded while lockscreend runs
After=lockscreend.service

[Service]
Type=oneshot
ExecStart=/root/upgrade-check.sh

[Install]
WantedBy=multi-user.target
"""


def kernel():
    image = sorted(glob.glob("/boot/vmlinuz-*"))[-1]
    version = image.split("vmlinuz-", 1)[1]
    return image, f"/boot/initrd.img-{version}", version


def make_disk(deb, work, version):
    """The trixie root with systemd, lockscreend 0.0.1 enabled and the check, as an ext4 image."""
    chroot = Chroot("trixie", work)
    try:
        shutil.copy(older_deb(deb, work), os.path.join(chroot.path, "tmp/old.deb"))
        status, out = chroot.run("apt-get update -qq && apt-get install -y -qq systemd systemd-sysv udev kmod /tmp/old.deb >/dev/null "
                                 "&& systemctl enable lockscreend.service && rm /tmp/old.deb")
        if status != 0:
            return None, out[-600:]
        # The modules the display needs, from the kernel that boots it.
        modules = set()
        for name in ["virtio-gpu", "virtio_pci", "virtio_blk", "ext4"]:
            shown = subprocess.run(["modprobe", "--show-depends", "-S", version, name], capture_output=True, text=True).stdout
            modules.update(re.findall(r"insmod (\S+\.ko\S*)", shown))
        for module in modules | set(glob.glob(f"/lib/modules/{version}/modules.*")):
            target = os.path.join(chroot.path, "usr", module.lstrip("/").removeprefix("usr/"))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(module, target)
        shutil.copy(deb, os.path.join(chroot.path, "root/lockscreend.deb"))
        with open(os.path.join(chroot.path, "root/upgrade-check.sh"), "w") as f:
            f.write(GUEST_CHECK)
        os.chmod(os.path.join(chroot.path, "root/upgrade-check.sh"), 0o755)
        with open(os.path.join(chroot.path, "etc/systemd/system/upgrade-check.service"), "w") as f:
            f.write(GUEST_UNIT)
        chroot.run("systemctl enable upgrade-check.service && echo lockscreend-upgrade > /etc/hostname && "
                   "printf '/dev/vda / ext4 rw 0 1\\n' > /etc/fstab && passwd -d root >/dev/null && apt-get clean")
    finally:
        chroot.close()
    image = os.path.join(work, "root.img")
    subprocess.run(["mkfs.ext4", "-q", "-F", "-L", "root", "-d", chroot.path, image, "3G"], check=True)
    shutil.rmtree(chroot.path, ignore_errors=True)
    return image, ""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--deb", required=True)
    args = parser.parse_args()
    deb = os.path.abspath(args.deb)
    work = tempfile.mkdtemp(prefix="lockscreend-upgrade-")
    try:
        vmlinuz, initrd, version = kernel()
        start = time.time()
        image, why = make_disk(deb, work, version)
        check(f"a Debian 13 disk with systemd and lockscreend 0.0.1 enabled ({time.time() - start:.0f} s)", image is not None, why)
        if image is None:
            return 1
        serial = os.path.join(work, "serial")
        start = time.time()
        qemu = subprocess.run(["qemu-system-x86_64", "-machine", "pc", "-m", "1024", "-smp", "2", "-accel", "tcg",
                               "-kernel", vmlinuz, "-initrd", initrd, "-append", "root=/dev/vda rw console=ttyS0 systemd.show_status=0",
                               "-drive", f"file={image},format=raw,if=virtio", "-device", "virtio-gpu-pci",
                               "-display", "none", "-no-reboot", "-serial", f"file:{serial}", "-nic", "none"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=max(900, 5 * PATIENCE))
        text = open(serial, errors="replace").read() if os.path.exists(serial) else ""
        said = {m.group(1): m.group(2) for m in re.finditer(r"@@ (\w[\w ]*?): (.*)", text)}
        print(f"booted, upgraded and powered off in {time.time() - start:.0f} s")
        before, after = said.get("before", ""), said.get("after", "")
        old_pid = re.search(r"pid=(\d+)", before)
        new_pid = re.search(r"pid=(\d+)", after)
        detail = "\n".join(line for line in text.splitlines() if line.startswith("@@")) or (text[-1500:] + qemu.stderr[-300:])
        check("lockscreend 0.0.1 runs under systemd before the upgrade",
              before.startswith("active") and "version=0.0.1" in before and old_pid is not None and old_pid.group(1) != "0", detail)
        check(f"under the unit's sandbox it drew its first frame and its socket answers; systemd-analyze security: {said.get('exposure', '?')}",
              said.get("socket") == "answers" and said.get("exposure", "") != "", detail)
        check("dpkg -i of the new package succeeds while it runs", said.get("dpkg") == "0", detail)
        check("afterwards the service runs the installed program on a new process, not the old one \"(deleted)\" (attack 12)",
              after.startswith("active") and "exe=/usr/bin/lockscreend " in after + " " and "(deleted)" not in after
              and new_pid is not None and old_pid is not None and new_pid.group(1) != old_pid.group(1)
              and said.get("old process", "") in ("gone", ""), detail)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{checks.failures} failed" if checks.failures else "all upgrade checks passed")
    return 1 if checks.failures else 0


if __name__ == "__main__":
    sys.exit(main())
