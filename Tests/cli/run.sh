#!/usr/bin/env bash
# Checks the lockscreend command line as a user meets it: bad input gets one line
# naming the value and a non-zero exit; good input writes what it says.
set -uo pipefail
bin=${1:-.build/debug/lockscreend}
fixture="$(cd "$(dirname "$0")/../Fixtures" && pwd)"
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
expect_error "a --size of a gigabyte frame" "at most 16777216 pixels" --size 16384x16384 --once --headless "$work/a"
printf '[display]\noutput = "headless"\nformat = "gray4"\n' >"$work/headless-format.toml"
"$bin" --config "$work/headless-format.toml" --headless "$work/hf" --once --state-dir "$work/hf-state" --log-level error
check "--headless keeps the configuration's format" grep -q '"format":"gray4"' "$work/hf/frames.jsonl"
expect_error "snapshot to an unwritable file" "/proc/x.png" snapshot --out /proc/x.png --log-level error
expect_error "snapshot to an unwritable BMP" "cannot write '/proc/x.bmp'" snapshot --out /proc/x.bmp --depth 1bit --log-level error
expect_error "a depth no device has" "--depth is one of 1bit, 4grey, 16grey, colour" snapshot --out "$work/x.bmp" --depth 2bit
# The control socket named on the command line: never in place of a file, never cut short.
printf 'keep me' >"$work/not-a-socket"
expect_error "--socket naming a regular file" "is not a socket; not replacing it" --headless "$work/a" --socket "$work/not-a-socket" --log-level error
check "--socket naming a regular file leaves the file as it was" bash -c "[ \"\$(cat '$work/not-a-socket')\" = 'keep me' ]"
long_socket="$work/$(printf 's%.0s' $(seq 1 120))"
expect_error "--socket longer than a socket's path holds" "at most 107" --headless "$work/a" --socket "$long_socket" --log-level error
check "--socket too long leaves no socket at a cut path" bash -c "! ls '$work' | grep -q '^sss'"

# The stock daemon has no HTTP face: a start that asks for it is handed to lockscreend-web
# beside it (Tests/web runs through that), and without one there it says what to install.
mkdir -p "$work/alone" && cp "$bin" "$work/alone/lockscreend"
bin_kept=$bin bin="$work/alone/lockscreend"
expect_error "--http without lockscreend-web beside the daemon" "install it beside lockscreend" --http 127.0.0.1:18090 --headless "$work/alone-frames" --no-socket --state-dir "$work/alone-state" --log-level error
bin=$bin_kept
check "--http without lockscreend-web: nothing drawn, no state kept" bash -c "[ ! -e '$work/alone-state' ] && [ ! -e '$work/alone-frames/000000.raw' ]"

# Web widgets load libcurl on their first request; without it, check says so (and the
# daemon starts anyway: those widgets show stale). libcurl is hidden by a bind mount in a
# mount namespace of its own, where that is allowed (root).
printf '[layout]\ninline = "w"\n[widgets.w]\nkind = "http"\nurl = "http://127.0.0.1:9/x"\ntext = "{$.a}"\n' >"$work/http.toml"
"$bin" check --config "$work/http.toml" >"$work/out" 2>&1
check "check of a web widget with libcurl present: OK, no warning" bash -c "grep -q 'OK, 1 widget placed' '$work/out' && ! grep -q warning '$work/out'"
# A calendar file with a rule RFC 5545 does not define: check names the calendar's file and line.
printf 'BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nSUMMARY:Pills\nDTSTART:20261102T080000Z\nRRULE:FREQ=HOURLY;INTERVAL=8;UNTL=2027\nEND:VEVENT\nEND:VCALENDAR\n' >"$work/pills.ics"
printf '[layout]\ninline = "c"\n[widgets.c]\nkind = "calendar"\nfile = "%s"\n' "$work/pills.ics" >"$work/calendar.toml"
"$bin" check --config "$work/calendar.toml" >"$work/out" 2>&1
check "check of a calendar with an unknown rule part: warns naming the calendar's file and line" \
  bash -c "grep -q 'OK, 1 widget placed' '$work/out' && grep -qF 'warning: calendar $work/pills.ics:2: RRULE:FREQ=HOURLY;INTERVAL=8;UNTL=2027: UNTL is not a rule part of RFC 5545' '$work/out'"
curl_lib=$(ldconfig -p | awk '/libcurl\.so\.4 / { print $NF; exit }')
if [ "$(id -u)" -eq 0 ] && [ -n "$curl_lib" ] && unshare -m true 2>/dev/null; then
  unshare -m sh -c "mount --bind /dev/null '$curl_lib' && '$bin' check --config '$work/http.toml'" >"$work/out" 2>&1
  check "check of a web widget without libcurl: warns that it will show stale, naming libcurl" \
    bash -c "grep -q 'OK, 1 widget placed' '$work/out' && grep -q 'warning: web widgets will show stale: HTTP needs libcurl' '$work/out'"
fi

"$bin" snapshot --out "$work/shot.png" --size 250x122 --at 2026-11-22T14:04:57Z --log-level error
check "snapshot writes a 250×122 PNG" python3 -c "
import struct,sys
d=open('$work/shot.png','rb').read(24)
sys.exit(0 if d[:8]==b'\x89PNG\r\n\x1a\n' and struct.unpack('>II',d[16:24])==(250,122) else 1)"

expect_error "snapshot --panel with a model nobody makes" "--panel is one of waveshare-2in13-v4" snapshot --out "$work/x.png" --panel waveshare-9in9
printf '[display]\nrotate = 90\n[layout]\nphoto = "pic"\npage = "photo"\n[widgets.pic]\nkind = "image"\nfile = "%s"\n' "$fixture/photos/rocket.jpg" >"$work/photo.toml"
"$bin" snapshot --config "$work/photo.toml" --panel waveshare-2in13-v4 --out "$work/glass.png" --log-level error
check "snapshot --panel draws the panel's glass at its resolution, turned as the configuration turns it (250×122)" python3 -c "
import struct,sys
d=open('$work/glass.png','rb').read(24)
sys.exit(0 if d[:8]==b'\x89PNG\r\n\x1a\n' and struct.unpack('>II',d[16:24])==(250,122) else 1)"

printf '[layout]\nrow = ["pic"]\n[widgets.pic]\nkind = "image"\nfamily = "rectangular"\nfile = "%s"\n' "$fixture/photos/rocket.jpg" >"$work/preview.toml"
"$bin" preview --config "$work/preview.toml" --widget pic --out "$work/preview.png" --at 2026-11-22T14:04:57Z --log-level error
"$bin" preview --config "$work/preview.toml" --widget pic --panel waveshare-2in13-v4 --out "$work/preview-panel.png" --at 2026-11-22T14:04:57Z --log-level error
check "preview --panel draws the widget at the panel's scale (a 250×122 lock screen's: smaller than an 800×480's)" python3 -c "
import struct,sys
def size(p):
    d=open(p,'rb').read(24)
    return struct.unpack('>II',d[16:24]) if d[:8]==b'\x89PNG\r\n\x1a\n' else (0,0)
big,small=size('$work/preview.png'),size('$work/preview-panel.png')
sys.exit(0 if 0<small[0]<big[0] and 0<small[1]<big[1] else 1)"
expect_error "preview --panel with a model nobody makes" "--panel is one of waveshare-2in13-v4" preview --widget pic --out "$work/x.png" --panel waveshare-9in9

"$bin" snapshot --out "$work/trmnl.bmp" --depth 1bit --size 800x480 --appearance light --log-level error
check "snapshot --depth 1bit writes the 48,062-byte 800×480 BMP a TRMNL reads" python3 -c "
import struct,sys
d=open('$work/trmnl.bmp','rb').read()
w,h=struct.unpack('<ii',d[18:26]); bits=struct.unpack('<H',d[28:30])[0]
sys.exit(0 if d[:2]==b'BM' and len(d)==48062 and (w,h,bits)==(800,480,1) else 1)"

"$bin" --headless "$work/once" --state-dir "$work/state" --once --format gray4 --at 2026-11-22T14:04:57Z --log-level error
check "--once writes one gray4 frame and one JSON line" bash -c "
  [ \$(wc -l <'$work/once/frames.jsonl') -eq 1 ] && [ \$(stat -c %s '$work/once/000001.raw') -eq $((400 * 480)) ] && [ ! -e '$work/once/000001.png' ]"

# Run for a few seconds across a minute boundary: a full first frame, then exactly one
# partial frame at 14:05:00 with the changed digit and the demo's gauges read again at the
# minute, and nothing in between.
# The run is stopped a second after its second frame, not at a fixed time: on a busy
# machine the start may take seconds, and what is checked is which frames were drawn.
"$bin" --headless "$work/run" --state-dir "$work/state" --png --at 2026-11-22T14:04:57Z --system-root "$fixture" --log-level error &
run_pid=$!
until_lines() {  # FILE N: waits (at most two minutes, a guard against a hang) for N lines
  for _ in $(seq 1 1200); do [ "$(wc -l <"$1" 2>/dev/null || echo 0)" -ge "$2" ] && return 0; sleep 0.1; done; return 1
}
until_lines "$work/run/frames.jsonl" 2 && sleep 1
threads=$(cat /proc/$run_pid/task/*/comm 2>/dev/null | sort | uniq -c | tr -s ' \n' ' ')
kill -TERM $run_pid; wait $run_pid 2>/dev/null
# The minute's timer wakes the thread that draws: no alarm thread of its own (one wake-up
# a minute, not two; docs/TIMELINES.md).
check "the daemon's thread watches the wall-clock timer itself (threads:$threads)" bash -c "[ -n '$threads' ] && ! grep -q 'wall-clock' <<< '$threads'"
check "a run across a minute writes exactly two frames" bash -c "[ \$(wc -l <'$work/run/frames.jsonl') -eq 2 ]"
check "the second frame is partial, at 14:05:00, with the clock's digit among a few small rectangles" python3 -c "
import json,sys
f=[json.loads(l) for l in open('$work/run/frames.jsonl')]
a,b=f
ok = a['refresh']=='full' and a['damage']==[[0,0,800,480]] and b['refresh']=='partial' and b['time']=='2026-11-22T14:05:00Z'
area = sum(w*h for x,y,w,h in b['damage'])
ok = ok and 0 < area < 0.04*800*480 and any(100 <= y and y+h <= 260 for x,y,w,h in b['damage'])
sys.exit(0 if ok else 1)"
check "PNG previews were written" test -s "$work/run/000002.png"

expect_error "unknown --rotate" "'45'" --rotate 45 --once --headless "$work/a"
expect_error "two displays at once" "--headless, --fb, --drm and --epd" --fb /dev/fb0 --drm /dev/dri/card0 --once
expect_error "--connector without --drm" "--connector" --connector HDMI-A-1 --once --headless "$work/a"
expect_error "a bad quiet period" "'25:00-07:00'" --eink panel --eink-quiet 25:00-07:00 --once --headless "$work/a"
expect_error "a framebuffer that is not one" "'/dev/null' is not a framebuffer" --fb /dev/null --once
expect_error "a DRM card that is not one" "'/dev/null' is not a DRM/KMS device" --drm /dev/null --once
expect_error "a framebuffer that does not exist" "'/dev/fb-none': no such device" --fb /dev/fb-none --once

"$bin" --headless "$work/rot" --state-dir "$work/state" --once --rotate 90 --size 800x480 --format gray4 --at 2026-11-22T14:04:57Z --log-level error
check "--rotate 90 writes a 480×800 panel's frame" python3 -c "
import json,sys
r=json.loads(open('$work/rot/frames.jsonl').readline())
sys.exit(0 if (r['width'],r['height'],r['stride'])==(480,800,240) else 1)"

expect_error "an e-reader controller without --fb" "--eink kobo" --eink kobo --once --headless "$work/a"
expect_error "an unknown e-ink kind" "'nook'" --eink nook --once --headless "$work/a"
"$bin" --headless "$work/eink" --state-dir "$work/state" --once --eink panel --format gray4 --at 2026-11-22T14:04:57Z --log-level error
check "--eink records the full refresh and its GC16 waveform" grep -q '"refresh":"full".*"waveform":\["GC16"\]\|"waveform":\["GC16"\].*"refresh":"full"' "$work/eink/frames.jsonl"

# SPI e-paper HATs: the models, and unplugged hardware as one line, never a hang.
check "--epd list prints the models with their glass and controller" bash -c "'$bin' --epd list | grep -q '^waveshare-2in13-v4: 122×250, black/white, SSD1680, partial refresh$'"
check "--epd list says which boards show four greys" bash -c "'$bin' --epd list | grep -q '^waveshare-7in5-v2: 800×480, 4 greys (black/white partial), UC8179, partial refresh$'"
check "--epd list names the colour and IT8951 boards too" bash -c "'$bin' --epd list | grep -q '^inky-impression-7in3: 800×480, 7 colours, AC073TC1A, full refresh only$' && '$bin' --epd list | grep -q '^waveshare-it8951: size read from the controller, 16 greys, IT8951'"
printf '[layout]\nrow = ["n"]\n[widgets.n]\nkind = "text"\ntext = "x"\n[buttons]\nboard = "inky-impression"\ngpiochip = "/dev/no-gpiochip"\n[buttons.a]\naction = "reload"\n' > "$work/keys.toml"
expect_error "keys on a GPIO chip that is not there" "no such GPIO chip" --config "$work/keys.toml" --headless "$work/keys" --no-socket --state-dir "$work/state"
expect_error "--epd inky without an I2C bus" "dtparam=i2c_arm=on" --epd inky --once --no-socket --state-dir "$work/state"
expect_error "--vcom without --epd" "go with --epd" --vcom=-1.5 --once
expect_error "a VCOM with the wrong sign" "--vcom is negative volts" --epd waveshare-it8951 --vcom 1.5 --once
expect_error "an e-paper HAT with SPI not enabled" "dtparam=spi=on" --epd waveshare-2in13-v4 --spi "$work/no-spidev" --once --no-socket --state-dir "$work/state"
expect_error "an e-paper HAT on something that is not spidev" "configure SPI on /dev/null" --epd waveshare-2in13-v4 --spi /dev/null --once --no-socket --state-dir "$work/state"
expect_error "an unknown e-paper model" "did you mean waveshare-2in13-v4?" --epd waveshare-2in13-v5 --once

# Configuration files: the examples pass; a file with mistakes lists each on its own line.
examples="$(cd "$(dirname "$0")/../../deploy/examples" && pwd)"
for example in "$examples"/*.toml; do
  check "check passes $(basename "$example")" "$bin" check --config "$example" --system-root "$fixture"
done
"$bin" check --config "$fixture/config/mistakes.toml" >"$work/out" 2>"$work/err"
check "check of a broken file exits non-zero" test $? -ne 0
check "check lists every mistake, one line each, file:line: key:" bash -c "[ \$(grep -c '^.*mistakes.toml:[0-9]*: ' '$work/err') -eq \$(wc -l <'$work/err') ] && [ \$(wc -l <'$work/err') -ge 10 ]"
expect_error "a missing configuration file" "/nonexistent.toml" check --config /nonexistent.toml
"$bin" --headless "$work/cfg" --config "$examples/desk-800x480.toml" --system-root "$fixture" --state-dir "$work/state" --once --at 2026-11-22T14:04:57Z --log-level error
check "--headless overrides the file's display and draws its widgets" test -s "$work/cfg/000001.raw"

"$bin" preview --config "$examples/desk-800x480.toml" --system-root "$fixture" --widget holiday --out "$work/preview.png" --at 2026-11-22T14:04:57Z --log-level error
check "preview draws a widget's placeholder, snapshot and entries" test -s "$work/preview.png"
expect_error "preview of a widget that is not placed" "no placed widget named 'nope'" preview --config "$examples/desk-800x480.toml" --widget nope --out "$work/x.png"

# SIGHUP: an invalid file is refused with its mistakes while the old one runs on; a valid
# change is applied, sending only the pixels of the widget that changed.
cat >"$work/hup.toml" <<'TOML'
[layout]
row = ["mem", "emoji"]
[widgets.mem]
kind = "system"
metric = "memory"
[widgets.emoji]
kind = "text"
emoji = "🦊"
TOML
"$bin" --headless "$work/hup" --config "$work/hup.toml" --system-root "$fixture" --state-dir "$work/hup-state" --no-socket --at 2026-11-22T14:04:05Z 2>"$work/hup.log" &
pid=$!
for _ in $(seq 1 100); do [ -s "$work/hup/frames.jsonl" ] && break; sleep 0.05; done
cp "$work/hup.toml" "$work/hup-good.toml"
echo 'oops =' >>"$work/hup.toml"
kill -HUP $pid
for _ in $(seq 1 100); do grep -q "not reloading" "$work/hup.log" && break; sleep 0.05; done
sed 's/🦊/🐼/' "$work/hup-good.toml" >"$work/hup.toml"
kill -HUP $pid
for _ in $(seq 1 100); do [ "$(wc -l <"$work/hup/frames.jsonl")" -ge 2 ] && break; sleep 0.05; done
kill -TERM $pid
wait $pid
check "SIGHUP with an invalid file logs its mistake and keeps running" grep -q "hup.toml:9: column 7: expected a value" "$work/hup.log"
check "SIGHUP with a valid file applies it as one partial frame inside the changed widget" python3 -c "
import json,sys
f=[json.loads(l) for l in open('$work/hup/frames.jsonl')]
ok = len(f) == 2 and f[1]['refresh'] == 'partial' and sum(w*h for x,y,w,h in f[1]['damage']) < 0.03*800*480
sys.exit(0 if ok else 1)"

# SIGTERM stops the daemon between frames: exit status 0, the timelines saved.
"$bin" --headless "$work/term" --state-dir "$work/term-state" --at 2026-11-22T14:04:30Z --system-root "$fixture" --log-level error &
pid=$!
for _ in $(seq 1 100); do [ -s "$work/term/frames.jsonl" ] && break; sleep 0.05; done
kill -TERM $pid
wait $pid
check "SIGTERM ends the daemon with status 0" test $? -eq 0
check "the timelines were saved" test -s "$work/term-state/timelines.json"

# --offline-mark: on SIGTERM the date line says the panel is no longer live, as one
# partial frame inside the date line (y 60 to 117 at 800x480).
"$bin" --headless "$work/off" --offline-mark --at 2026-11-22T14:04:30Z --system-root "$fixture" --state-dir "$work/off-state" --no-socket --log-level error &
pid=$!
for _ in $(seq 1 100); do [ -s "$work/off/frames.jsonl" ] && break; sleep 0.05; done
kill -TERM $pid
wait $pid
check "--offline-mark: SIGTERM draws the offline line as one partial frame, then exits 0" bash -c "[ $? -eq 0 ] && python3 -c \"
import json,sys
f=[json.loads(l) for l in open('$work/off/frames.jsonl')]
ok = len(f) == 2 and f[1]['refresh'] == 'partial' and all(y >= 59 and y + h <= 118 for x,y,w,h in f[1]['damage'])
sys.exit(0 if ok else 1)\""

# Under systemd (Type=notify): READY=1 after the first frame, WATCHDOG=1 pings, STOPPING=1.
python3 - "$bin" "$work" "$fixture" >"$work/notify.out" <<'PY'
import os, signal, socket, subprocess, sys, time
binary, work, fixture = sys.argv[1:4]
path = os.path.join(work, "notify.sock")
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(path)
s.settimeout(0.2)
env = dict(os.environ, NOTIFY_SOCKET=path, WATCHDOG_USEC="1000000")
p = subprocess.Popen([binary, "--headless", os.path.join(work, "notify"), "--system-root", fixture, "--state-dir", os.path.join(work, "notify-state"),
                      "--no-socket", "--log-level", "error"], env=env)
got, start = [], time.time()
# Until three pings have come (a loaded machine draws the first frame later), at most 10 s.
while time.time() - start < 10 and sum(m.startswith("WATCHDOG=1") for m in got) < 3:
    try:
        got.append(s.recv(4096).decode())
    except socket.timeout:
        pass
p.send_signal(signal.SIGTERM)
end = time.time()
while time.time() - end < 2:
    try:
        got.append(s.recv(4096).decode())
    except socket.timeout:
        if p.poll() is not None:
            break
p.wait()
print("|".join(m.split("\n")[0] for m in got))
PY
check "systemd hears READY=1 first, then WATCHDOG=1 pings, then STOPPING=1" python3 -c "
import sys
m=open('$work/notify.out').read().strip().split('|')
sys.exit(0 if m[0]=='READY=1' and m.count('WATCHDOG=1')>=3 and m[-1]=='STOPPING=1' else 1)"

# bench: two simulated hours of the standard workloads; the JSON has exactly the report's
# keys, and its counts agree with each other (every update a whole 800x480 frame in the
# full-redraw baseline; no fewer pixels flushed than changed).
bench_dir="$(cd "$(dirname "$0")/../../bench" && pwd)"
"$bin" bench --config "$bench_dir/desk.toml" --simulate 2h --json >"$work/bench.json" 2>"$work/bench.err"
check "bench --json: one object with exactly the report's keys, consistent counts, the slowest updates" python3 - "$work/bench.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
keys = {"updates", "partial_refreshes", "full_refreshes", "pixels_flushed", "pixels_changed", "pixels_full_redraw",
        "flushed_vs_full_redraw", "flushed_vs_changed", "render_ms_p50", "render_ms_p99", "render_ms_max",
        "cpu_seconds", "peak_rss_mb", "slowest_updates", "rectangles_flushed", "unchanged_slots",
        "band_cuts_remembered", "band_cuts_searched", "slots_laid_out_ahead", "slots_drawn_ahead"}
ok = set(r) == keys
ok = ok and r["updates"] == r["partial_refreshes"] + r["full_refreshes"] and r["full_refreshes"] == 1
ok = ok and r["pixels_full_redraw"] == r["updates"] * 800 * 480 and 0 < r["pixels_changed"] <= r["pixels_flushed"] < r["pixels_full_redraw"]
ok = ok and r["updates"] <= r["rectangles_flushed"] <= r["pixels_flushed"]
ok = ok and abs(r["flushed_vs_full_redraw"] - r["pixels_flushed"] / r["pixels_full_redraw"]) < 1e-9
ok = ok and 0 < r["render_ms_p50"] <= r["render_ms_p99"] <= r["render_ms_max"] and 1 < r["peak_rss_mb"] < 1000
# The battery's recorded value repeats within the first two hours: its entries draw alike, so
# its gauge is not even laid out again, and no slot is placed only to be found unchanged.
ok = ok and r["unchanged_slots"] == 0
# Every minute's clock is laid out the minute before, once that frame is up.
ok = ok and r["slots_laid_out_ahead"] >= 120 and 120 <= r["slots_drawn_ahead"] <= r["slots_laid_out_ahead"]
# The clock's digits change the same way every ten minutes: most of their cuts are remembered.
ok = ok and 0 < r["band_cuts_searched"] < r["band_cuts_remembered"]
# The slowest updates: ten, slowest first, the first the maximum, each at a time of the span.
slowest = [u["render_ms"] for u in r["slowest_updates"]]
ok = ok and len(slowest) == 10 and slowest == sorted(slowest, reverse=True) and slowest[0] == r["render_ms_max"]
ok = ok and all(u["at"].startswith("2026-11-22T0") for u in r["slowest_updates"])
sys.exit(0 if ok else 1)
PY
"$bin" bench --config "$bench_dir/eink.toml" --panel eink --simulate 3h >"$work/bench.txt" 2>&1
check "bench on e-ink: a minute's updates for 3 h, with at least one full refresh; text report" \
  bash -c "grep -qE '^updates +180 \([0-9]+ partial, [1-9][0-9]* full\)' '$work/bench.txt' && grep -q 'peak RSS .* MB (10^6 bytes)' '$work/bench.txt'"

# lockscreenctl against a running daemon: the snapshot comes back over the socket and the
# client writes it; a push read from an endless stream stops at the request's limit.
ctl="$(dirname "$bin")/lockscreenctl"
if [ -x "$ctl" ]; then
  "$bin" --headless "$work/ctl" --state-dir "$work/ctl-state" --socket "$work/ctl.sock" --system-root "$fixture" --log-level error &
  ctl_pid=$!
  for _ in $(seq 1 1200); do [ -S "$work/ctl.sock" ] && break; sleep 0.1; done
  "$ctl" --socket "$work/ctl.sock" snapshot "$work/ctl-shot.png" >"$work/ctl.out" 2>&1
  check "lockscreenctl snapshot writes the PNG the daemon sends" python3 -c "
import struct,sys
d=open('$work/ctl-shot.png','rb').read(24)
sys.exit(0 if d[:8]==b'\x89PNG\r\n\x1a\n' and struct.unpack('>II',d[16:24])==(800,480) else 1)"
  timeout 10 "$ctl" --socket "$work/ctl.sock" push nobody - </dev/zero >"$work/ctl-push.out" 2>&1
  check "lockscreenctl push - < /dev/zero stops at 1 MiB with an error" bash -c "grep -q 'larger than 1 MiB' '$work/ctl-push.out'"
  # An activity whose words hold escape sequences (a window title, a screen clear): the
  # human-readable listings print them escaped, as the log does (issue 59, attack 11).
  "$ctl" --socket "$work/ctl.sock" activity start 00aa11bb22cc33ee --title $'\e]0;pwned\a' --message $'\e[2Jcleared' --value $'\e[31m12 min' >/dev/null 2>&1
  for _ in $(seq 1 1200); do
    { "$ctl" --socket "$work/ctl.sock" activity list; "$ctl" --socket "$work/ctl.sock" status; } >"$work/ctl-activity.out" 2>&1
    grep -qF '\u{1B}' "$work/ctl-activity.out" && break; sleep 0.1
  done
  check "lockscreenctl activity list and status print an activity's escape sequences escaped, never raw" \
    bash -c "grep -qF '\\u{1B}' '$work/ctl-activity.out' && ! grep -q \$'\\x1b' '$work/ctl-activity.out' && ! grep -q \$'\\x07' '$work/ctl-activity.out'"
  "$bin" --headless "$work/ctl2" --state-dir "$work/ctl-state" --no-socket --log-level error >"$work/ctl2.out" 2>&1
  check "a second daemon on the same --state-dir stops with the reason" bash -c "[ $? -ne 0 ] && grep -q 'another lockscreend keeps its state in' '$work/ctl2.out'"
  kill -TERM $ctl_pid; wait $ctl_pid
  # A "daemon" that accepts and never answers: lockscreenctl's time limit ends the wait.
  python3 -c "
import socket, time
s = socket.socket(socket.AF_UNIX); s.bind('$work/mute.sock'); s.listen(1)
time.sleep(10)" &
  mute_pid=$!
  for _ in $(seq 1 50); do [ -S "$work/mute.sock" ] && break; sleep 0.1; done
  timeout 8 "$ctl" --socket "$work/mute.sock" status --timeout 1 >"$work/mute.out" 2>&1
  check "lockscreenctl gives up on a daemon that does not answer (--timeout 1)" bash -c "grep -q 'no reply from .* within 1 s' '$work/mute.out'"
  kill $mute_pid 2>/dev/null; wait $mute_pid 2>/dev/null
fi

# Child processes never outlive the daemon: a command that leaves a `setsid` child behind
# and one that ignores SIGTERM and hangs are both gone once SIGTERM has stopped the daemon.
cat >"$work/children.toml" <<TOML
[layout]
inline = "escapes"
row = ["hangs"]

[widgets.escapes]
kind = "command"
command = ["sh", "-c", "setsid sh -c 'echo \$\$ > $work/escaped.pid; exec tail -f /dev/null' </dev/null >/dev/null 2>&1 & while [ ! -s $work/escaped.pid ]; do sleep 0.01; done; echo '{\"entries\": [{\"text\": \"x\"}]}'"]

[widgets.hangs]
kind = "command"
command = ["sh", "-c", "trap '' TERM; echo \$\$ > $work/hung.pid; exec tail -f /dev/null"]
timeout = 600
TOML
"$bin" --headless "$work/children" --config "$work/children.toml" --state-dir "$work/children-state" --no-socket --log-level warning 2>"$work/children.err" &
children_pid=$!
for _ in $(seq 1 600); do [ -s "$work/escaped.pid" ] && [ -s "$work/hung.pid" ] && break; sleep 0.1; done
[ -s "$work/escaped.pid" ] && [ -s "$work/hung.pid" ] || { echo "  (after 60 s: $(ls "$work" | grep pid | tr '\n' ' '); log: $(tail -3 "$work/children.err"))"; }
check "the commands ran: both wrote their process IDs" test -s "$work/escaped.pid" -a -s "$work/hung.pid"
kill -TERM $children_pid; wait $children_pid
check "the daemon with the commands stopped with status 0" test $? -eq 0
gone() { ! kill -0 "$1" 2>/dev/null || grep -q '^State:.*Z' "/proc/$1/status"; }
check "a command's setsid child is gone once the daemon has stopped" gone "$(cat "$work/escaped.pid")"
check "a command that ignores SIGTERM is gone once the daemon has stopped (SIGKILL after the grace)" gone "$(cat "$work/hung.pid")"

# kill -9 at 50 random moments, pushes and their immediate saves under way: every start
# comes up, and a start after the last one is clean (the state intact, or dropped with a
# warning, never a failed start).
if [ -x "$ctl" ]; then
  printf '[layout]\ninline = "p"\n[widgets.p]\nkind = "push"\n' >"$work/kill.toml"
  timeline='{"entries": [{"text": "one"}, {"date": "2026-11-22T14:05:00Z", "text": "two"}], "policy": "never"}'
  came_up=0
  for i in $(seq 1 50); do
    "$bin" --headless "$work/kill" --config "$work/kill.toml" --state-dir "$work/kill-state" --socket "$work/kill.sock" --log-level error 2>>"$work/kill.err" &
    kill_pid=$!
    # Up to a minute to come up (a busy machine), the answer awaited as long.
    for _ in $(seq 1 1200); do "$ctl" --socket "$work/kill.sock" status --timeout 1 >/dev/null 2>&1 && break; sleep 0.05; done
    "$ctl" --socket "$work/kill.sock" status --timeout 60 >/dev/null 2>&1 && came_up=$((came_up + 1))
    for _ in 1 2 3; do echo "$timeline" | "$ctl" --socket "$work/kill.sock" push p - --timeout 1 >/dev/null 2>&1 & done
    sleep "0.$((RANDOM % 20))"
    kill -9 $kill_pid; wait $kill_pid 2>/dev/null
    wait
  done
  check "50 starts after kill -9 all came up" test "$came_up" -eq 50
  "$bin" --headless "$work/kill-after" --config "$work/kill.toml" --state-dir "$work/kill-state" --once --log-level warning >"$work/kill-after.out" 2>&1
  check "a start after 50 kill -9 is clean: exit 0, the saved push shown or dropped with a warning" bash -c "[ $? -eq 0 ] && ! grep -qiE 'error|fatal' '$work/kill-after.out'"
fi

# Disk full on the state directory (a 64 KiB tmpfs, where mounting is allowed): a save that
# cannot be written leaves the previous state file whole.
if [ -x "$ctl" ] && mkdir -p "$work/full" && mount -t tmpfs -o size=64k tmpfs "$work/full" 2>/dev/null; then
  "$bin" --headless "$work/full-frames" --config "$work/kill.toml" --state-dir "$work/full/state" --socket "$work/full.sock" --log-level warning 2>"$work/full.err" &
  full_pid=$!
  for _ in $(seq 1 100); do "$ctl" --socket "$work/full.sock" status --timeout 1 >/dev/null 2>&1 && break; sleep 0.05; done
  echo '{"entries": [{"text": "before the disk filled"}], "policy": "never"}' | "$ctl" --socket "$work/full.sock" push p - >/dev/null
  for _ in $(seq 1 50); do grep -q 'before the disk filled' "$work/full/state/timelines.json" 2>/dev/null && break; sleep 0.05; done
  dd if=/dev/zero of="$work/full/filler" bs=1k 2>/dev/null || true
  python3 -c "
import json
# Forty entries of 3,500 characters each (an entry holds at most 4,000): far more than 64 KiB saved.
print(json.dumps({'entries': [{'date': 1795356297 + 60 * n, 'text': 'x' * 500, 'lines': ['y' * 500] * 6} for n in range(40)], 'policy': 'never'}))" | "$ctl" --socket "$work/full.sock" push p - >/dev/null
  for _ in $(seq 1 50); do grep -q 'cannot save state' "$work/full.err" && break; sleep 0.05; done
  kill -TERM $full_pid; wait $full_pid
  check "disk full: the failed save is logged" grep -q 'cannot save state' "$work/full.err"
  check "disk full: the previous state file is whole" python3 -c "
import json, base64, sys
state = json.load(open('$work/full/state/timelines.json'))
entry = json.loads(base64.b64decode(state['widgets']['p']['entries'][0]['data']))
sys.exit(0 if entry['content']['text'] == 'before the disk filled' else 1)"
  umount "$work/full"
else
  echo "- disk-full check skipped: cannot mount a tmpfs here (not root?)"
fi

# Providers that hang, flood 100 MB, exit at once or close their pipes and run on never
# delay the clock's tick, and leave no process behind.
# Each command names this run's folder, so the process table can be searched for them
# alone, whatever else runs on the machine.
cat >"$work/faults.toml" <<TOML
[layout]
inline = "flood"
row = ["hang", "quits", "closes"]

[widgets.flood]
kind = "command"
command = ["sh", "-c", "head -c 100000000 /dev/zero; : $work/faults"]

[widgets.hang]
kind = "command"
command = ["tail", "-f", "/dev/null", "$work/faults.toml"]

[widgets.quits]
kind = "command"
command = ["sh", "-c", "exit 3"]

[widgets.closes]
kind = "command"
command = ["sh", "-c", "exec tail -f /dev/null $work/faults.toml >/dev/null 2>&1"]
TOML
"$bin" --headless "$work/faults" --config "$work/faults.toml" --state-dir "$work/faults-state" --no-socket --at 2026-11-22T14:04:57Z --log-level error &
faults_pid=$!
for _ in $(seq 1 80); do grep -q '14:05:00' "$work/faults/frames.jsonl" 2>/dev/null && break; sleep 0.1; done
check "faulty providers run: the hanging ones are in the process table" pgrep -f "tail -f /dev/null $work/faults.toml"
check "faulty providers do not delay the minute's frame: it is stamped 14:05:00 exactly" grep -q '"time":"2026-11-22T14:05:00Z"' "$work/faults/frames.jsonl"
kill -TERM $faults_pid; wait $faults_pid
none_running() { ! pgrep -f "$1" >/dev/null; }
check "faulty providers leave no process behind (none of this run's commands is in the process table)" none_running "$work/faults"

# What the log quotes from outside is escaped: a widget named with an ESC byte, whose
# command fails with an escape sequence on its standard error.
printf '[layout]\ninline = "w\\u001B[31m"\n[widgets."w\\u001B[31m"]\nkind = "command"\ncommand = ["sh", "-c", "printf \\"bad \\\\033[2J\\" >&2; exit 2"]\n' >"$work/escape.toml"
"$bin" --headless "$work/escape" --config "$work/escape.toml" --state-dir "$work/escape-state" --no-socket --log-level warning 2>"$work/escape.log" &
escape_pid=$!
for _ in $(seq 1 1200); do grep -q "bad" "$work/escape.log" 2>/dev/null && break; sleep 0.1; done
kill -TERM $escape_pid; wait $escape_pid 2>/dev/null
check "the log shows control characters from outside escaped, never raw" bash -c "grep -qF 'w\\u{1B}[31m' '$work/escape.log' && ! grep -q \$'\\x1b' '$work/escape.log'"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
