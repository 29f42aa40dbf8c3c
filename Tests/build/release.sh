#!/usr/bin/env bash
# The release build every later step of scripts/test reuses: each product the package
# declares (the two programs, the test tools lockscreend-fuzz and lockscreend-conformance,
# and every library a widget package links), optimised, with the Swift runtime linked in
# as deploy/install.sh builds it, and the controller models. One build: every product's
# modules are compiled once and shared. Left out are TestSupport and DaemonTestSupport,
# which import Swift Testing, which the static runtime does not have; the debug build
# with tests compiles them.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Every executable target (the declared programs and the test tools) by product, every
# library product by its targets (a library product named alone
# builds every target of the package, test support included).
read -r executables libraries < <(swift package dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
products = package["products"]
print(",".join(t["name"] for t in package["targets"] if t["type"] == "executable" and t["name"] != "lockscreend"),
      ",".join(sorted({t for p in products if "library" in p["type"] for t in p["targets"]})))')
# The daemon first: it needs nearly every module, built with both cores.
for executable in lockscreend ${executables//,/ }; do
  echo "== $executable"
  scripts/release-build --product "$executable"
done
for target in ${libraries//,/ } EPDModels; do
  echo "== $target"
  scripts/release-build --target "$target"
done
