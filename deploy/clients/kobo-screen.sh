#!/bin/sh
# Shows lockscreend's lock screen on a Kobo through FBInk (NiLuJe's framebuffer tool, as
# KOReader and NickelMenu users have it): fetches the picture the daemon draws for this
# client ([http.clients.NAME], a 16-grey PNG at the Kobo's size) every INTERVAL seconds,
# draws it only when it changed, and reports the battery in the address (?battery=N),
# which `GET /api/clients` shows and the daemon logs when it falls low.
#
#   kobo-screen.sh URL [INTERVAL]       URL: http://pi:8080/screen/kobo.png?key=… (from
#                                       GET /api/clients); INTERVAL: seconds, default 300
#   KOBO_SCREEN_ONCE=1 kobo-screen.sh URL    one fetch, then exit
#
# Every 12th change is drawn with a flash (fbink -f), the rest without. Needs: wget and
# fbink on PATH (FBINK=/path/to/fbink otherwise); the battery from the power_supply class
# (POWER_SUPPLY names another folder of it).
set -u
url=${1:?usage: kobo-screen.sh URL [INTERVAL]}
interval=${2:-300}
fbink=${FBINK:-fbink}
dir=${KOBO_SCREEN_DIR:-/tmp/lockscreend}
mkdir -p "$dir"
picture=$dir/screen.png

battery() {
    for file in "${POWER_SUPPLY:-/sys/class/power_supply}"/*/capacity; do
        [ -r "$file" ] && tr -dc '0-9' <"$file" && return
    done
}

count=0
while :; do
    level=$(battery)
    case "$url" in *\?*) join='&' ;; *) join='?' ;; esac
    address=$url${level:+${join}battery=$level}
    if wget -q -T 30 -O "$picture.new" "$address" && [ -s "$picture.new" ]; then
        if ! cmp -s "$picture.new" "$picture"; then
            mv "$picture.new" "$picture"
            count=$((count + 1))
            if [ $((count % 12)) -eq 1 ]; then "$fbink" -q -f -g file="$picture"; else "$fbink" -q -g file="$picture"; fi
        fi
    else
        echo "kobo-screen: cannot fetch $url" >&2
    fi
    rm -f "$picture.new"
    [ "${KOBO_SCREEN_ONCE:-0}" = 1 ] && break
    sleep "$interval"
done
