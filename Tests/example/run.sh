#!/usr/bin/env bash
# Builds Examples/TubeStatus — a widget package depending on lockscreend by path — runs
# its tests, then runs its custom daemon: the stock command line with the TubeStatus kind
# added, fetching a line-status answer over HTTP from a server on loopback.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
example="$root/Examples/TubeStatus"
work="$(mktemp -d)"
server=""
trap '[ -n "$server" ] && kill -9 $server 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
passed=0 failed=0
check() {
  local what=$1; shift
  if "$@"; then echo "✔ $what"; passed=$((passed + 1)); else echo "✘ $what"; failed=$((failed + 1)); fi
}

cd "$example"
check "the example package builds against the public API" swift build --build-tests
check "the example's tests pass" swift test --skip-build
daemon="$example/.build/debug/tubestatusd"

check "tubestatusd places the TubeStatus kind the stock daemon does not know" \
  bash -c "'$daemon' check --config tubestatus.toml && ! '$root/.build/debug/lockscreend' check --config tubestatus.toml 2>/dev/null"

# The daemon's own subcommands and options come along: a snapshot and a headless frame
# with the widget fed from a real HTTP server.
python3 -u -m http.server 0 --bind 127.0.0.1 --directory Tests/TubeStatusWidgetTests/Fixtures >"$work/server.log" 2>&1 &
server=$!
disown "$server"
for _ in $(seq 1 50); do grep -q "port" "$work/server.log" && break; sleep 0.1; done
port=$(sed -n 's/.* port \([0-9]*\).*/\1/p' "$work/server.log" | head -n 1)
# The example configuration, each TubeStatus widget pointed at the server (or at nothing).
sed "s|^kind = \"TubeStatus\"$|&\nurl = \"http://127.0.0.1:$port/line-status.json\"|" tubestatus.toml > "$work/live.toml"
sed "s|^kind = \"TubeStatus\"$|&\nurl = \"http://127.0.0.1:1/none.json\"|" tubestatus.toml > "$work/down.toml"
at=2026-11-22T14:04:30Z
# Fixed machine figures for the CPU widget beside it.
fixed="--system-root $root/Tests/LockScreenTests/Fixtures"
"$daemon" snapshot --config "$work/live.toml" $fixed --at $at --out "$work/live.png" --log-level error
check "tubestatusd snapshot draws the lock screen with the fetched statuses" test -s "$work/live.png"
"$daemon" snapshot --config "$work/down.toml" $fixed --at $at --out "$work/down.png" --log-level error
check "with the API down the widget is drawn differently (placeholder), so the fetch reached the picture" \
  bash -c "[ -s '$work/live.png' ] && [ -s '$work/down.png' ] && ! cmp -s '$work/live.png' '$work/down.png'"
"$daemon" --headless "$work/frames" --config "$work/live.toml" $fixed --at $at --once --no-socket --state-dir "$work/state" --log-level error
check "tubestatusd runs the stock daemon: one headless frame" test -s "$work/frames/000001.raw"
check "the live and snapshot pictures agree" python3 - "$work" <<'PY'
import sys, zlib, struct
# The headless frame is XRGB8888; the snapshot PNG is 8-bit RGB. Compare pixel by pixel.
work = sys.argv[1]
raw = open(f"{work}/frames/000001.raw", "rb").read()
data = open(f"{work}/live.png", "rb").read()
pos, idat, width = 8, b"", 0
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    if kind == b"IHDR":
        width, height, depth, colour = struct.unpack(">IIBB", data[pos + 8:pos + 18])
    if kind == b"IDAT":
        idat += data[pos + 8:pos + 8 + length]
    pos += 12 + length
rows, stride, prev = zlib.decompress(idat), width * 3, bytearray(width * 3)
pixels = bytearray()
for y in range(height):
    f, line = rows[y * (stride + 1)], bytearray(rows[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - 3] if i >= 3 else 0
        b = prev[i]
        c = prev[i - 3] if i >= 3 else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    pixels += line
    prev = line
differ = sum(1 for i in range(width * height) if tuple(pixels[i * 3:i * 3 + 3]) != (raw[i * 4 + 2], raw[i * 4 + 1], raw[i * 4]))
print(f"{differ} pixels differ")
sys.exit(0 if differ == 0 else 1)
PY
# A user installs the custom daemon as the service's binary.
DESTDIR="$work/pkg" "$root/deploy/install.sh" --no-build --daemon .build/debug/tubestatusd >"$work/install.log" 2>&1
check "install.sh --daemon installs tubestatusd as the service's lockscreend" \
  bash -c "cmp -s '$daemon' '$work/pkg/usr/local/bin/lockscreend' && '$work/pkg/usr/local/bin/lockscreend' check --config tubestatus.toml >/dev/null"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
