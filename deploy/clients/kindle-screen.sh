#!/bin/sh
# Shows lockscreend's lock screen on a jailbroken Kindle: fetches the picture the daemon
# draws for this client ([http.clients.NAME], a 16-grey PNG at the Kindle's size) every
# INTERVAL seconds, draws it with the Kindle's own eips only when it changed, and reports
# the battery in the address (?battery=N), which `GET /api/clients` shows and the daemon
# logs when it falls low.
#
#   kindle-screen.sh URL [INTERVAL]     URL: http://pi:8080/screen/kindle.png?key=… (from
#                                       GET /api/clients); INTERVAL: seconds, default 300
#   KINDLE_SCREEN_ONCE=1 kindle-screen.sh URL    one fetch, then exit (for a cron line)
#
# Every 12th change is drawn with a full flash (eips -f), the rest as partial updates, so
# ghosting is cleared without flashing every time. Needs: wget and eips (both on every
# jailbroken Kindle); the battery from gasgauge-info, else the power_supply class
# (POWER_SUPPLY names another folder of it).
# The Kindle's screensaver is kept off while it runs (lipc-set-prop, where there is one).
set -u
url=${1:?usage: kindle-screen.sh URL [INTERVAL]}
interval=${2:-300}
dir=${KINDLE_SCREEN_DIR:-/tmp/lockscreend}
mkdir -p "$dir"
picture=$dir/screen.png

battery() {
    level=$(gasgauge-info -c 2>/dev/null | tr -dc '0-9')
    if [ -z "$level" ]; then
        for file in "${POWER_SUPPLY:-/sys/class/power_supply}"/*/capacity; do
            [ -r "$file" ] && level=$(tr -dc '0-9' <"$file") && break
        done
    fi
    echo "$level"
}

command -v lipc-set-prop >/dev/null 2>&1 && lipc-set-prop com.lab126.powerd preventScreenSaver 1
count=0
while :; do
    level=$(battery)
    case "$url" in *\?*) join='&' ;; *) join='?' ;; esac
    address=$url${level:+${join}battery=$level}
    if wget -q -T 30 -O "$picture.new" "$address" && [ -s "$picture.new" ]; then
        if ! cmp -s "$picture.new" "$picture"; then
            mv "$picture.new" "$picture"
            count=$((count + 1))
            if [ $((count % 12)) -eq 1 ]; then eips -f -g "$picture"; else eips -g "$picture"; fi
        fi
    else
        echo "kindle-screen: cannot fetch $url" >&2
    fi
    rm -f "$picture.new"
    [ "${KINDLE_SCREEN_ONCE:-0}" = 1 ] && break
    sleep "$interval"
done
