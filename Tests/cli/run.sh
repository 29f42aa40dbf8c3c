#!/usr/bin/env bash
# Checks the lockscreend command line as a user meets it: bad input gets one line
# naming the value and a non-zero exit; good input writes what it says.
set -uo pipefail
bin=${1:-.build/debug/lockscreend}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() { # name, condition...
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "✔ $name"; else failed=$((failed + 1)); echo "✘ $name"; fi
}

# expect_error NAME TEXT ARGS...: exits non-zero, one line on stderr containing TEXT, no trace.
expect_error() {
  local name=$1 text=$2; shift 2
  "$bin" "$@" >"$work/out" 2>"$work/err"
  local rc=$?
  check "$name: non-zero exit" test "$rc" -ne 0
  check "$name: one line naming $text" env TEXT="$text" bash -c "[ \$(wc -l <'$work/err') -eq 1 ] && grep -qF -- \"\$TEXT\" '$work/err'"
  check "$name: no crash" bash -c "! grep -qiE 'fatal error|stack|backtrace' '$work/err'"
}

expect_error "unknown --format" "'bogus'" --format bogus --once --headless "$work/a"
expect_error "unparsable --at" "'yesterday'" --at yesterday --once --headless "$work/a"
expect_error "unwritable output directory" "/proc/lockscreend-frames" --headless /proc/lockscreend-frames --once
expect_error "bad --size" "'10x10'" --size 10x10 --once --headless "$work/a"
expect_error "snapshot to an unwritable file" "/proc/x.png" snapshot --out /proc/x.png --log-level error

"$bin" snapshot --out "$work/shot.png" --size 250x122 --at 2026-11-22T14:04:57Z --log-level error
check "snapshot writes a 250×122 PNG" python3 -c "
import struct,sys
d=open('$work/shot.png','rb').read(24)
sys.exit(0 if d[:8]==b'\x89PNG\r\n\x1a\n' and struct.unpack('>II',d[16:24])==(250,122) else 1)"

"$bin" --headless "$work/once" --state-dir "$work/state" --once --format gray4 --at 2026-11-22T14:04:57Z --log-level error
check "--once writes one gray4 frame and one JSON line" bash -c "
  [ \$(wc -l <'$work/once/frames.jsonl') -eq 1 ] && [ \$(stat -c %s '$work/once/000001.raw') -eq $((400 * 480)) ] && [ ! -e '$work/once/000001.png' ]"

# Run for a few seconds across a minute boundary: a full first frame, then exactly one
# partial frame at 14:05:00 whose damage is the changed digit, and nothing in between.
timeout 5 "$bin" --headless "$work/run" --state-dir "$work/state" --png --at 2026-11-22T14:04:57Z --log-level error
check "a run across a minute writes exactly two frames" bash -c "[ \$(wc -l <'$work/run/frames.jsonl') -eq 2 ]"
check "the second frame is partial, at 14:05:00, with damage inside the clock" python3 -c "
import json,sys
f=[json.loads(l) for l in open('$work/run/frames.jsonl')]
a,b=f
ok = a['refresh']=='full' and a['damage']==[[0,0,800,480]] and b['refresh']=='partial' and b['time']=='2026-11-22T14:05:00Z'
area = sum(w*h for x,y,w,h in b['damage'])
ok = ok and 0 < area < 0.04*800*480 and all(100 <= y and y+h <= 260 for x,y,w,h in b['damage'])
sys.exit(0 if ok else 1)"
check "PNG previews were written" test -s "$work/run/000002.png"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
