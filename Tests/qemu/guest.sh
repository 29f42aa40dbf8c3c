# Runs inside the QEMU guest (see run-e2e.py). Prints @@ markers on the serial line;
# "@@DUMP NAME" waits until the host has taken a screendump and touched /share/ack-NAME.
set -u
export FONTCONFIG_FILE=/etc/fonts/fonts.conf HOME=/tmp
AT=2026-11-22T14:04:30Z
FIXTURE=/fixture
common="--system-root $FIXTURE --log-level info"

dump() {
  echo "@@DUMP $1"
  while [ ! -e "/share/ack-$1" ]; do sleep 0.1; done
}

# Waits until the daemon writing to $1 has presented its first frame.
first_frame() { logged "presented the first frame" "$1"; }

# Waits (60 s at most) until the log FILE has LINE.
logged() {  # LINE FILE
  for i in $(seq 1 600); do
    grep -q "$1" "$2" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "@@FAIL no '$1' in $2"; cat "$2"; return 1
}

# Runs lockscreend on a device until its first frame, takes three screendumps 0.3 s
# apart (a blinking console cursor would show in one), stops it with SIGTERM, and dumps
# the screen before and after: the text console must be back as it was, the timelines
# saved.
show() {
  name=$1; shift
  printf '\033[2J\033[H%s\n' "lockscreend e2e: the text console before $name" > /dev/tty0
  sleep 0.5
  dump console-$name
  lockscreend "$@" --at $AT $common --state-dir /tmp/state-$name 2>/share/$name.log &
  pid=$!
  first_frame /share/$name.log || return 1
  # fbdev emulation on DRM drivers copies written pixels to the display from a worker,
  # a frame or so after the write: under a loaded host the first dump could come first.
  sleep 0.5
  for n in 1 2 3; do dump $name-$n; sleep 0.3; done
  kill -TERM $pid; wait $pid; echo "@@STOPPED $name $?"
  sleep 0.5
  dump after-$name
  [ -s /tmp/state-$name/timelines.json ] && echo "@@SAVED $name"
  cat /share/$name.log
}

# Kernel messages would scroll the console between the before and after dumps.
dmesg -n 1

ls -l /dev/fb0 /dev/dri/card0 2>&1
cat /sys/class/graphics/fb0/name /sys/class/graphics/fb0/bits_per_pixel /sys/class/graphics/fb0/virtual_size 2>&1
# The reference: the same configuration and time, headless, at the framebuffer's size
# and in its format.
size=$(sed -n 's/^[^:]*:\([0-9]*x[0-9]*\).*/\1/p' /sys/class/graphics/fb0/modes | head -n 1)
format=xrgb8888
[ "$(cat /sys/class/graphics/fb0/bits_per_pixel)" = 16 ] && format=rgb565
echo "framebuffer $size $format"
lockscreend --headless /share/ref --format $format --size $size --once --at $AT $common --state-dir /tmp/ref 2>/share/ref.log
echo "@@REF $?"

case "$E2E_CASE" in
  virtio)
    show fb --fb /dev/fb0
    show drm --drm /dev/dri/card0
    # Screens that sleep: dark from 14:05 to 14:06 on the daemon's clock. The connector's
    # DPMS state is read from sysfs each half second; the host checks that nothing was
    # flushed while it was off and that the frame after waking was whole.
    printf '[display]\noff = "14:05-14:06"\n[clock]\ntime_zone = "UTC"\n' > /tmp/sleep.toml
    dpms=$(ls /sys/class/drm/card0-*/dpms | head -n 1)
    lockscreend --drm /dev/dri/card0 --config /tmp/sleep.toml --at 2026-11-22T14:04:50Z $common --state-dir /tmp/sleep 2>/share/sleep.log &
    pid=$!
    first_frame /share/sleep.log
    start=$(date +%s); last=""; woke=""
    for i in $(seq 1 170); do
      now=$(cat $dpms)
      if [ "$now" != "$last" ]; then echo "@@DPMS $(( $(date +%s) - start )) $now"; last=$now; fi
      # Idle wake-ups while dark: the daemon's threads' voluntary switches over 40 s.
      if [ "$now" = Off ] && [ -z "$woke" ] && [ $(( $(date +%s) - start )) -ge 12 ]; then
        woke=$(cat /proc/$pid/task/*/status | sed -n 's/^voluntary_ctxt_switches:[[:space:]]*//p' | awk '{s+=$1} END {print s}')
        sleep 40
        echo "@@WAKEUPS $(( $(cat /proc/$pid/task/*/status | sed -n 's/^voluntary_ctxt_switches:[[:space:]]*//p' | awk '{s+=$1} END {print s}') - woke )) 40"
      fi
      [ "$last" = On ] && [ $(( $(date +%s) - start )) -ge 70 ] && break
      sleep 0.5
    done
    sleep 2
    kill -TERM $pid; wait $pid; echo "@@STOPPED sleep $?"
    cat /share/sleep.log
    # fbdev: FBIOBLANK, switched from lockscreenctl (the daemon starts on a dark screen).
    if [ -x /bin/lockscreenctl ]; then
      printf '[display]\noff = "00:00-00:00"\n' > /tmp/dark.toml
      lockscreend --fb /dev/fb0 --config /tmp/dark.toml $common --state-dir /tmp/dark --socket /tmp/dark.sock 2>/share/dark.log &
      pid=$!
      for i in $(seq 1 300); do [ "$(cat $dpms)" = Off ] && break; sleep 0.1; done
      echo "@@FBBLANK $(cat $dpms) $(lockscreenctl screen --socket /tmp/dark.sock)"
      lockscreenctl screen on --socket /tmp/dark.sock
      for i in $(seq 1 300); do [ "$(cat $dpms)" = On ] && break; sleep 0.1; done
      echo "@@FBUNBLANK $(cat $dpms) $(lockscreenctl screen --socket /tmp/dark.sock)"
      kill -TERM $pid; wait $pid; echo "@@STOPPED dark $?"
      cat /share/dark.log
    fi
    # App Intents in a widget package's own daemon (Examples/GameStats' Cheer widget), on a
    # panel mounted upside down: the host taps its toggle and its button where the status
    # says they are, turned as the glass is.
    if [ -x /bin/gamestatsd ]; then
      cat > /tmp/cheer.toml <<'TOML'
[input]
touch = "auto"
[layout]
row = ["cheer"]
[widgets.cheer]
kind = "Cheer"
family = "rectangular"
TOML
      # A minute from the next tick, so that only the taps redraw.
      gamestatsd --drm /dev/dri/card0 --rotate 180 --config /tmp/cheer.toml --at 2026-11-22T14:04:01Z $common --state-dir /tmp/cheer --socket /tmp/cheer.sock 2>/share/cheer.log &
      pid=$!
      first_frame /share/cheer.log
      sleep 2
      lockscreenctl status --json --socket /tmp/cheer.sock > /share/cheer-status.json
      echo "@@TAPCONTROL cheer-toggle cheer-status.json cheer 180 Match alerts"
      while [ ! -e /share/ack-cheer-toggle ]; do sleep 0.1; done
      sleep 3
      lockscreenctl status --json --socket /tmp/cheer.sock > /share/cheer-toggled.json
      echo "@@TAPCONTROL cheer-button cheer-toggled.json cheer 180 Cheer"
      while [ ! -e /share/ack-cheer-button ]; do sleep 0.1; done
      sleep 3
      lockscreenctl status --json --socket /tmp/cheer.sock > /share/cheer-cheered.json
      kill -TERM $pid; wait $pid; echo "@@STOPPED cheer $?"
      cat /share/cheer.log
    fi
    # Live Activities and a Control in the widget package's daemon (GameStats' match
    # activity and goal-alerts toggle): APNs-shaped pushes over HTTP start, update (the
    # date line alone redrawn, where the landscape panel has no room for the band), make
    # stale, end and dismiss an activity; a tap on the tablet over the control performs
    # its intent.
    if [ -x /bin/gamestatsd ]; then
      # The HTTP API listens on loopback, which busybox's init leaves down.
      ifconfig lo 127.0.0.1 up
      umask 077; echo "e2e-http-token" > /tmp/http-token; umask 022
      cat > /tmp/match.toml <<'TOML'
[input]
touch = "auto"
[http]
listen = "127.0.0.1:8080"
token_file = "/tmp/http-token"
[layout]
row = ["alerts"]
[widgets.alerts]
kind = "GoalAlerts"
family = "circular"
TOML
      # The daemon's clock runs from 14:04:01 (1795356241); pushes' dates are on it. t0 is
      # taken before the daemon starts, so clock() is never behind the daemon's clock: a
      # date the daemon has reached, clock() has too.
      t0=$(date +%s)
      clock() { echo $(( 1795356241 + $(date +%s) - t0 + ${1:-0} )); }
      gamestatsd --drm /dev/dri/card0 --config /tmp/match.toml --at 2026-11-22T14:04:01Z $common --state-dir /tmp/match --socket /tmp/match.sock 2>/share/match.log &
      pid=$!
      first_frame /share/match.log
      # The HTTP face binds beside the first frame, not before it.
      logged "HTTP on" /share/match.log
      push() {  # EVENT JSON-REST [PRIORITY]
        wget -q -O /share/match-reply.json --header "Authorization: Bearer e2e-http-token" --header "apns-priority: ${3:-10}" \
          --post-data "{\"aps\": {\"event\": \"$1\", \"timestamp\": $(clock), $2}}" http://127.0.0.1:8080/api/activities/00aa11bb22cc33dd
        echo "@@PUSHED $1 $? $(cat /share/match-reply.json)"
      }
      listing() { lockscreenctl activity list --json --socket /tmp/match.sock > /share/match-$1.json; }
      has() { grep -q "$1" "$2"; }
      lacks() { ! grep -q "$1" "$2"; }
      # Lists the activities as NAME until the test on the listing holds: what is checked
      # is what the listing says, never how soon (under software emulation a second
      # here is many there); 120 s only guards against a hang.
      until_listing() {  # NAME TEST ARGUMENT
        name=$1; shift
        for i in $(seq 1 600); do listing "$name"; "$@" "/share/match-$name.json" && return 0; sleep 0.2; done
        echo "@@FAIL the match's listing never became $name"
      }
      push start '"attributes-type": "MatchAttributes", "attributes": {"home": "Arsenal", "away": "Spurs"}, "content-state": {"homeScore": 0, "awayScore": 0, "minute": 1}'
      until_listing started has "ARS 0"
      sleep 1
      echo "@@MATCHMARK update"
      push update '"content-state": {"homeScore": 1, "awayScore": 0, "minute": 12, "lastEvent": "Goal! Saka"}'
      until_listing updated has "ARS 1"
      sleep 1
      echo "@@MATCHMARK stale"
      push update "\"content-state\": {\"homeScore\": 1, \"awayScore\": 0, \"minute\": 13}, \"stale-date\": $(clock 2)"
      until_listing stale has '"stale"'
      # Dismissed 10 s after the end: listed as ended at once (before that date, as the
      # times printed say), then gone, and never before the date.
      dismissal=$(clock 10)
      push end "\"dismissal-date\": $dismissal"
      listing ended
      listed=$(clock)
      until_listing dismissed lacks MatchAttributes
      echo "@@MATCHTIMES $listed $dismissal $(clock)"
      lockscreenctl status --json --socket /tmp/match.sock > /share/match-status.json
      echo "@@TAPCONTROL alerts-toggle match-status.json alerts 0 Goal alerts"
      while [ ! -e /share/ack-alerts-toggle ]; do sleep 0.1; done
      sleep 3
      lockscreenctl status --json --socket /tmp/match.sock > /share/match-toggled.json
      kill -TERM $pid; wait $pid; echo "@@STOPPED match $?"
      grep -i "activit\|http" /share/match.log | head -20
    fi
    # Taps: a widget whose tap runs a command, the tablet found by its capabilities.
    cat > /tmp/touch.toml <<'TOML'
[input]
touch = "auto"
[layout]
row = ["lamp"]
[widgets.lamp]
kind = "text"
family = "rectangular"
text = "Lamp"
[widgets.lamp.tap]
command = ["sh", "-c", "echo tapped >> /tmp/taps"]
TOML
    lockscreend --drm /dev/dri/card0 --config /tmp/touch.toml --at $AT $common --state-dir /tmp/touch 2>/share/touch.log &
    pid=$!
    first_frame /share/touch.log
    sleep 1
    echo "@@TAP tap-1 0.5 0.66"
    while [ ! -e /share/ack-tap-1 ]; do sleep 0.1; done
    for i in $(seq 1 100); do [ -s /tmp/taps ] && break; sleep 0.1; done
    echo "@@TAPPED $(wc -l < /tmp/taps 2>/dev/null || echo 0)"
    echo "@@TAP tap-2 0.03 0.03"
    while [ ! -e /share/ack-tap-2 ]; do sleep 0.1; done
    sleep 2
    echo "@@MISSED $(wc -l < /tmp/taps 2>/dev/null || echo 0)"
    kill -TERM $pid; wait $pid; echo "@@STOPPED touch $?"
    cat /share/touch.log
    # Tap to glass: each tap reloads a widget whose command counts the taps, so the
    # widget redraws; the host times each tap's release to the next flush.
    cat > /tmp/count.sh <<'SH'
n=$(cat /tmp/count 2>/dev/null || echo 0); n=$((n + 1)); echo $n > /tmp/count
echo "{\"entries\": [{\"text\": \"Tapped $n times\"}]}"
SH
    cat > /tmp/latency.toml <<'TOML'
[input]
touch = "auto"
[layout]
row = ["count"]
[widgets.count]
kind = "command"
family = "rectangular"
command = ["sh", "/tmp/count.sh"]
budget = 0
min_interval = 0
[widgets.count.tap]
reload = true
TOML
    lockscreend --drm /dev/dri/card0 --config /tmp/latency.toml --at $AT $common --state-dir /tmp/latency 2>/share/latency.log &
    pid=$!
    first_frame /share/latency.log
    sleep 2
    for i in $(seq 1 20); do
      echo "@@TAP lat-$i 0.5 0.66 measure"
      while [ ! -e /share/ack-lat-$i ]; do sleep 0.1; done
      sleep 1.2
    done
    kill -TERM $pid; wait $pid; echo "@@STOPPED latency $?"
    # Minute ticks on DRM: the host counts what reached the display (QEMU's trace).
    lockscreend --drm /dev/dri/card0 --at 2026-11-22T14:04:50Z $common --state-dir /tmp/ticks 2>/share/ticks.log &
    pid=$!
    first_frame /share/ticks.log
    # Past 14:05:00 and 14:06:00 on the daemon's clock, with a margin.
    sleep 75
    kill -TERM $pid; wait $pid; echo "@@STOPPED ticks $?"
    cat /share/ticks.log
    # Bad input: not a framebuffer, not a DRM node, a mode that does not exist.
    for args in "--fb /dev/null" "--drm /dev/null" "--drm /dev/dri/card0 --mode 123x45" "--fb /dev/fb9"; do
      lockscreend $args --once $common --state-dir /tmp/bad 2>/tmp/bad.err
      echo "@@BAD $? $args :: $(cat /tmp/bad.err)"
    done
    ;;
  bochs|vesa)
    show fb --fb /dev/fb0
    ;;
esac
