#!/usr/bin/env python3
"""Every C target compiled for the ARM boards the project names, against each
architecture's own kernel and C library headers (Debian's cross compilers: aarch64 for a
64-bit Raspberry Pi OS, armhf for a 32-bit one and for the armv7 e-readers), so the
layout asserts in the shims hold or fail there; then a probe (Tests/arm/probe.c) built for
x86_64, aarch64 and armhf, the ARM ones run under qemu-user, printing every request number
and struct layout the daemon hands the kernel.

Checks: aarch64 agrees with x86_64 line for line; armhf differs only where a pointer, a
long or (on Debian 12) a 32-bit time_t makes it, each such line with its known armhf
value; the mxcfb request numbers on armhf are the e-readers' own (Kindle 0x4048462e, Kobo
0x4044462e, PocketBook 0x4040462e, as the vendors' kernels define them).

The Swift side reads every number from these shims and imports these structs from the
same headers, so it agrees by construction; it is compiled for x86_64 only here (no Swift
cross SDK on this machine): what only a device shows is in docs/RASPBERRY-PI.md.

Usage: Tests/arm/run.py
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import checks  # noqa: E402
from checks import check  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
ARCHES = {
    "aarch64": ("aarch64-linux-gnu-gcc", "qemu-aarch64-static"),
    "armhf": ("arm-linux-gnueabihf-gcc", "qemu-arm-static"),
}
# The libraries' own headers (libdrm, libcurl, libjpeg, libmosquitto) are the build
# machine's: the ARM ones are not installed, and none holds a size or a layout that
# differs by architecture (curl's system.h picks its types from the compiler's macros).
# They come after the cross compiler's own C library and kernel headers, which win.
LIBRARY_HEADERS = ["-idirafter", "/usr/include/libdrm", "-idirafter", "/usr/include", "-idirafter", "/usr/include/x86_64-linux-gnu"]

# Where armhf must differ from x86_64, and what it must be there: the pointer in Kobo's
# alt_buffer_data (68 bytes, alt_buffer_data at 36: the vendor's layout), the pointers in
# i2c_msg and i2c_rdwr_ioctl_data, long (fb_fix_screeninfo's smem_start), and evdev's struct timeval
# (32-bit time_t on Debian 12's armhf; Debian 13's is 64-bit and would say 24).
ARMHF = {
    "MXCFB_SEND_UPDATE_KOBO": "0x4044462e",
    "sizeof(struct CFramebuffer_mxcfb_update_data_kobo)": "68",
    "offsetof(struct CFramebuffer_mxcfb_update_data_kobo, alt_buffer_data)": "36",
    "sizeof(struct i2c_msg)": "12",
    "sizeof(struct i2c_rdwr_ioctl_data)": "8",
    "sizeof(long)": "4",
    "offsetof(struct fb_fix_screeninfo, smem_len)": "20",
    "offsetof(struct fb_fix_screeninfo, line_length)": "44",
    "sizeof(struct fb_fix_screeninfo)": "68",
}
ARMHF_TIME = {"sizeof(struct input_event)": ("16", "24"), "sizeof(time_t)": ("4", "8")}
# The e-readers' kernels (armv7): the numbers their vendors' mxcfb.h give.
VENDORS = {
    "MXCFB_SEND_UPDATE": "0x4040462e",
    "MXCFB_SEND_UPDATE_KOBO": "0x4044462e",
    "MXCFB_SEND_UPDATE_KINDLE": "0x4048462e",
    "MXCFB_WAIT_FOR_UPDATE_COMPLETE": "0x4004462f",
    "MXCFB_WAIT_FOR_UPDATE_COMPLETE_V2": "0xc008462f",
}


def compile_targets(cc, work):
    """Compiles every C target's sources with `cc`: (ok, what failed)."""
    failed = []
    for source in sorted(glob.glob(os.path.join(ROOT, "Sources", "C*", "*.c"))):
        target = os.path.dirname(source)
        include = os.path.join(target, "include")
        args = [cc, "-std=gnu11", "-Wall", "-Werror", "-O1", "-c", source, "-o", os.path.join(work, "out.o")]
        args += ["-I", include] if os.path.isdir(include) else []
        out = subprocess.run(args + LIBRARY_HEADERS, capture_output=True, text=True)
        if out.returncode != 0:
            failed.append(f"{os.path.relpath(source, ROOT)}: {out.stderr.strip()[:400]}")
    return not failed, failed


def probe(cc, runner, work, name):
    """The probe's NAME VALUE lines for one architecture, as a dict."""
    binary = os.path.join(work, f"probe-{name}")
    args = [cc, "-std=gnu11", "-Wall", "-Werror", "-O1", "-static", os.path.join(ROOT, "Tests/arm/probe.c"),
            os.path.join(ROOT, "Sources/CFramebuffer/shim.c"), "-I", os.path.join(ROOT, "Sources/CFramebuffer/include"),
            "-I", os.path.join(ROOT, "Sources/CEPaperBus/include"), "-o", binary] + LIBRARY_HEADERS
    subprocess.run(args, check=True, capture_output=True, text=True)
    out = subprocess.run(([runner] if runner else []) + [binary], check=True, capture_output=True, text=True).stdout
    return dict(line.rsplit(" ", 1) for line in out.splitlines())


def main():
    work = tempfile.mkdtemp(prefix="lockscreend-arm-")
    try:
        native = probe("cc", None, work, "x86_64")
        print(f"x86_64: {len(native)} numbers and layouts")
        for arch, (cc, runner) in ARCHES.items():
            ok, failed = compile_targets(cc, work)
            sources = len(glob.glob(os.path.join(ROOT, "Sources", "C*", "*.c")))
            check(f"{arch}: every C target's {sources} sources compile with {cc} -Wall -Werror, the layout asserts holding", ok, "; ".join(failed))
            lines = probe(cc, runner, work, arch)
            if arch == "aarch64":
                differ = {k: (native.get(k), v) for k, v in lines.items() if native.get(k) != v}
                check(f"aarch64: the probe run under {runner} agrees with x86_64 on all {len(lines)} lines", not differ and len(lines) == len(native), f"{differ}")
            else:
                t64 = lines.get("sizeof(time_t)") == "8"
                expected = dict(native)
                expected.update(ARMHF)
                expected.update({k: v[1 if t64 else 0] for k, v in ARMHF_TIME.items()})
                differ = {k: (expected.get(k), v) for k, v in lines.items() if expected.get(k) != v}
                check(f"armhf: the probe run under {runner} differs from x86_64 only on the {len(ARMHF) + len(ARMHF_TIME)} lines a 32-bit word explains"
                      f" ({'64' if t64 else '32'}-bit time_t)", not differ and len(lines) == len(native), f"{differ}")
                vendor = {k: (v, lines.get(k)) for k, v in VENDORS.items() if lines.get(k) != v}
                check("armhf: the mxcfb requests are the e-readers' own numbers (Kindle 0x4048462e, Kobo 0x4044462e, PocketBook 0x4040462e)",
                      not vendor, f"{vendor}")
            for key in ("MXCFB_SEND_UPDATE_KOBO", "sizeof(struct input_event)", "SPI_IOC_MESSAGE(1)", "GPIO_V2_GET_LINE_IOCTL", "EVIOCSCLOCKID"):
                print(f"  {arch:8} {key:36} {lines.get(key)}  (x86_64 {native.get(key)})")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{checks.failures} failed" if checks.failures else "all ARM checks passed")
    return 1 if checks.failures else 0


if __name__ == "__main__":
    sys.exit(main())
