#!/bin/sh
# Shows lockscreend's lock screen on a jailbroken Kindle or a Kobo: fetches the picture the
# daemon draws for this client ([http.clients.NAME], a 16-grey PNG at the device's size)
# every INTERVAL seconds, draws it with the device's own tool only when it changed, and
# reports the battery in the address (?battery=N), which `GET /api/clients` shows and the
# daemon logs when it falls low.
#
#   e-reader-screen.sh kindle|kobo URL [INTERVAL]
#       URL: http://pi:8080/screen/NAME.png?key=… (from GET /api/clients)
#       INTERVAL: seconds between fetches, default 300
#   ONCE=1 e-reader-screen.sh …      one fetch, then exit (for a cron line)
#
# A Kindle draws with eips (and keeps its screensaver off with lipc-set-prop), its battery
# from gasgauge-info; a Kobo draws with FBInk (FBINK=/path/to/fbink if it is not on PATH).
# Both read the battery from the power_supply class otherwise (POWER_SUPPLY names another
# folder of it). Every 12th change is drawn with a flash, to clear ghosting, the rest
# without. Needs wget, as both have it.
set -u
device=${1:?usage: e-reader-screen.sh kindle|kobo URL [INTERVAL]}
url=${2:?usage: e-reader-screen.sh kindle|kobo URL [INTERVAL]}
interval=${3:-300}
case "$device" in kindle|kobo) ;; *) echo "e-reader-screen: the device is kindle or kobo, not '$device'" >&2; exit 2 ;; esac
dir=${SCREEN_DIR:-/tmp/lockscreend}
mkdir -p "$dir"
picture=$dir/screen.png

battery() {
    level=
    [ "$device" = kindle ] && level=$(gasgauge-info -c 2>/dev/null | tr -dc '0-9')
    if [ -z "$level" ]; then
        for file in "${POWER_SUPPLY:-/sys/class/power_supply}"/*/capacity; do
            [ -r "$file" ] && level=$(tr -dc '0-9' <"$file") && break
        done
    fi
    echo "$level"
}

# Draws the picture: with a flash when $1 is 1.
draw() {
    if [ "$device" = kindle ]; then
        if [ "$1" = 1 ]; then eips -f -g "$picture"; else eips -g "$picture"; fi
    else
        if [ "$1" = 1 ]; then "${FBINK:-fbink}" -q -f -g file="$picture"; else "${FBINK:-fbink}" -q -g file="$picture"; fi
    fi
}

if [ "$device" = kindle ] && command -v lipc-set-prop >/dev/null 2>&1; then
    lipc-set-prop com.lab126.powerd preventScreenSaver 1
fi
count=0
while :; do
    level=$(battery)
    case "$url" in *\?*) join='&' ;; *) join='?' ;; esac
    if wget -q -T 30 -O "$picture.new" "$url${level:+${join}battery=$level}" && [ -s "$picture.new" ]; then
        if ! cmp -s "$picture.new" "$picture"; then
            mv "$picture.new" "$picture"
            count=$((count + 1))
            if [ $((count % 12)) -eq 1 ]; then draw 1; else draw 0; fi
        fi
    else
        echo "e-reader-screen: cannot fetch $url" >&2
    fi
    rm -f "$picture.new"
    [ "${ONCE:-0}" = 1 ] && break
    sleep "$interval"
done
