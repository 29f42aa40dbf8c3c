#!/usr/bin/env python3
"""Checks the release binary's layout (docs/PERFORMANCE.md, "Functions the daemon runs, side
by side"): it exports no symbols of its own, links none of the libraries loaded when a
feature is first used (libcrypto, libcurl, libmosquitto, libjpeg), the functions of
Sources/lockscreend/function-order.txt lead its code in that order, the compiler's
private functions are placed together, the C++ library is linked in, and the file still
names the binary's functions (a refactoring that renamed most of them makes it stale:
run scripts/order-functions).

Usage: Tests/build/layout.py BINARY
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = 0


def check(ok, text):
    global failures
    print(("✔ " if ok else "✘ ") + text)
    failures += 0 if ok else 1


binary = sys.argv[1]
exported = [line.split()[-1] for line in subprocess.run(["readelf", "-W", "--dyn-syms", binary], capture_output=True, text=True, check=True).stdout.splitlines()
            if len(line.split()) >= 8 and line.split()[6] != "UND" and line.split()[3] in ("FUNC", "OBJECT")]
check(len(exported) < 50, f"the binary exports {len(exported)} symbols of its own (--no-export-dynamic; Swift exports about 22,000 without it)")

# Libraries a feature loads when it is used (docs/PERFORMANCE.md): linking one back maps
# it into every daemon, and its start-up cost into every start.
needed = [line.split("[")[1].rstrip("]") for line in subprocess.run(["readelf", "-d", binary], capture_output=True, text=True, check=True).stdout.splitlines() if "(NEEDED)" in line]
loaded_on_use = [name for name in needed if name.startswith(("libcrypto", "libssl", "libcurl", "libmosquitto", "libjpeg"))]
check(not loaded_on_use, f"the binary links none of the libraries loaded on first use ({', '.join(loaded_on_use) or 'libcrypto, libcurl, libmosquitto, libjpeg'} opened when needed)")
for exported_name in ("EVP_DigestSign", "X509_new"):
    check(exported_name not in exported, f"OpenSSL's {exported_name} forwarder is hidden, so a library that loads libcrypto itself binds to the real one")

# The link's own files (Sources/lockscreend/link, docs/PERFORMANCE.md): the Swift runtime's
# C++ library linked in rather than loaded, the compiler's unnamed functions in one span.
check(not any(name.startswith("libstdc++") for name in needed), "the binary has the C++ library the Swift runtime needs linked in, not loaded (Sources/lockscreend/link/libstdc++.so)")
sections = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
check(" .text.private " in sections, "the compiler's private functions are one span before .text (Sources/lockscreend/link/private-functions.ld)")

order = [line.strip() for line in open(os.path.join(ROOT, "Sources/lockscreend/function-order.txt")) if line.strip()]
address = {}
for line in subprocess.run(["nm", "-n", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 3 and parts[1] in "tTwW":
        address.setdefault(parts[2], int(parts[0], 16))
named = [name for name in order if name in address]
check(len(named) >= len(order) // 2, f"{len(named)} of the {len(order)} functions in function-order.txt are in the binary (under half: run scripts/order-functions)")
# The linker moves a section whole, and the Swift runtime's prebuilt objects keep much of
# their code in one large section, so the order shows fully only at the very front.
first = set(sorted(address, key=address.get)[:40])
lead = sum(1 for name in named[:20] if name in first)
check(lead >= 15, f"{lead} of the 20 most called functions open the code, where the order file puts them")
sys.exit(1 if failures else 0)
