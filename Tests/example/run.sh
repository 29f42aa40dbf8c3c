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

# The three packages build in the project's own scratch path (.build): lockscreend's
# modules and swift-nio, as the debug build compiled them, are reused, not compiled again
# (a package depending on lockscreend by path compiles them with the same flags); only the
# examples' own targets are compiled. EXAMPLES_SCRATCH=DIR builds them apart instead.
scratch="${EXAMPLES_SCRATCH:-$root/.build}"
built="$scratch/debug"
# The examples' own sources are compiled again at every run: after a change to the widget
# API's protocols, an incremental build in this shared scratch path kept their old objects
# and linked a stale witness table (energymonitord crashed on it). A fresh clone compiles
# them anyway; this costs an incremental run their few seconds.
find "$root/Examples" -name '*.swift' -path '*/Sources/*' -exec touch {} +
# The stock daemon, as scripts/test's release build made it.
stock="${LOCKSCREEND:-$root/.build/release/lockscreend}"

cd "$example"
check "the example package builds against the public API" swift build --build-tests --scratch-path "$scratch"
check "the example's tests pass" swift test --skip-build --scratch-path "$scratch"
daemon="$built/tubestatusd"

check "tubestatusd places the TubeStatus kind the stock daemon does not know" \
  bash -c "'$daemon' check --config tubestatus.toml && ! '$stock' check --config tubestatus.toml 2>/dev/null"

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
fixed="--system-root $root/Tests/Fixtures"
"$daemon" snapshot --config "$work/live.toml" $fixed --at $at --out "$work/live.png" --log-level error
check "tubestatusd snapshot draws the lock screen with the fetched statuses" test -s "$work/live.png"
"$daemon" snapshot --config "$work/down.toml" $fixed --at $at --out "$work/down.png" --log-level error
check "with the API down the widget is drawn differently (placeholder), so the fetch reached the picture" \
  bash -c "[ -s '$work/live.png' ] && [ -s '$work/down.png' ] && ! cmp -s '$work/live.png' '$work/down.png'"
"$daemon" --headless "$work/frames" --png --config "$work/live.toml" $fixed --at $at --once --no-socket --state-dir "$work/state" --log-level error
check "tubestatusd runs the stock daemon: one headless frame" test -s "$work/frames/000001.raw"
# Both PNGs are written by the same encoder from the frame: equal files, equal pixels.
check "the live and snapshot pictures agree" cmp "$work/frames/000001.png" "$work/live.png"

# A user installs the custom daemon as the service's binary.
DESTDIR="$work/pkg" "$root/deploy/install.sh" --no-build --daemon "$daemon" >"$work/install.log" 2>&1
check "install.sh --daemon installs tubestatusd as the service's lockscreend" \
  bash -c "cmp -s '$daemon' '$work/pkg/usr/local/bin/lockscreend' && '$work/pkg/usr/local/bin/lockscreend' check --config tubestatus.toml >/dev/null"

# Examples/GameStats: widgets as Apple's documentation writes them, only the imports
# changed, with `@main` on the bundle and `#Preview`s, and one SiriKit-configured widget.
games="$root/Examples/GameStats"
cd "$games"
check "GameStats (Apple-style source) builds, in Swift 6 mode and again in Swift 5 mode" swift build --scratch-path "$scratch"
gamestatsd="$built/gamestatsd"
check "@main on the WidgetBundle is the stock command line with the bundle's kinds" \
  bash -c "'$gamestatsd' --help | grep -q snapshot && '$gamestatsd' check --config gamestats.toml"
check "gamestatsd preview --all draws each of the package's six #Previews to a PNG, the Live Activity's among them" \
  bash -c "'$gamestatsd' preview --all --out '$work/previews' > '$work/previews.txt' && [ \$(wc -l < '$work/previews.txt') -eq 6 ] && while read -r f; do test -s \"\$f\" || exit 1; done < '$work/previews.txt'"
check "Color(\"PitchGreen\") of the package's asset catalog tints the match's Live Activity, as iOS resolves it" \
  bash -c "[ \"\$(python3 '$root/Tests/example/pixel.py' '$work/previews/02-Match.png' 100 100)\" = '25 64 38' ]"
sed 's/league = "gold"/league = "golf"/' gamestats.toml > "$work/golf.toml"
check "a value the DynamicOptionsProvider does not list is refused, with did you mean" \
  bash -c "! '$gamestatsd' check --config '$work/golf.toml' 2> '$work/golf.txt' && grep -q 'widgets.team.league: .*(did you mean \"gold\"?)' '$work/golf.txt'"
sed 's/player = "grace"/player = "nobody"/' gamestats.toml > "$work/nobody.toml"
check "an entity the query does not suggest is refused" \
  bash -c "! '$gamestatsd' check --config '$work/nobody.toml' 2> '$work/nobody.txt' && grep -q 'widgets.team.player: expected one of ada, grace, linus' '$work/nobody.txt'"
# The challenge is configured the SiriKit way: its ChallengeIntent class generated from
# Challenge.intentdefinition by IntentClassGeneration, its goal set from the file.
sed 's/^goal = 5$/goal = "many"/' gamestats.toml > "$work/many.toml"
check "a SiriKit intent's Integer parameter refuses a word, with file, line and key" \
  bash -c "! '$gamestatsd' check --config '$work/many.toml' 2> '$work/many.txt' && grep -q 'many.toml:[0-9]*: widgets.challenge.goal: expected an integer' '$work/many.txt'"
sed 's/^row = \["level", "team"\]$/row = ["level", "challenge"]/' gamestats.toml > "$work/goal5.toml"
sed 's/^goal = 5$/goal = 2/' "$work/goal5.toml" > "$work/goal2.toml"
"$gamestatsd" snapshot --config "$work/goal5.toml" --at $at --out "$work/goal5.png" --log-level error
"$gamestatsd" snapshot --config "$work/goal2.toml" --at $at --out "$work/goal2.png" --log-level error
check "the goal in the file reaches the generated intent the provider reads (2/5 and 2/2 drawn differently)" \
  bash -c "[ -s '$work/goal5.png' ] && [ -s '$work/goal2.png' ] && ! cmp -s '$work/goal5.png' '$work/goal2.png'"
sed 's/^\[layout\]$/[layout]\npage = "home"/' gamestats.toml > "$work/home.toml"
"$gamestatsd" snapshot --config gamestats.toml --at $at --out "$work/lock.png" --log-level error
"$gamestatsd" snapshot --config "$work/home.toml" --at $at --out "$work/home.png" --log-level error
check "the lock screen and the home page draw the package's widgets, differently" \
  bash -c "[ -s '$work/lock.png' ] && [ -s '$work/home.png' ] && ! cmp -s '$work/lock.png' '$work/home.png'"

# The last match from the app's Core Data store in the App Group's folder (under
# XDG_DATA_HOME): Matches.xcdatamodeld's classes written by CoreDataModelGeneration in a
# package that depends on lockscreend, filled by matchlog as the app would.
export XDG_DATA_HOME="$work/xdg-games"
sed 's/^row = \["level", "team"\]$/row = ["level", "recent"]/' gamestats.toml > "$work/recent.toml"
printf '\n[widgets.recent]\nkind = "RecentMatch"\n' >> "$work/recent.toml"
"$gamestatsd" snapshot --config "$work/recent.toml" --at $at --out "$work/recent-none.png" --log-level error
check "the widget reading an App Group's Core Data store that does not exist yet creates no store" \
  bash -c "[ -s '$work/recent-none.png' ] && [ ! -e '$work/xdg-games/group.org.example.gamestats/Matches.sqlite' ]"
"$built/matchlog" Rovers 3 1
check "matchlog (the app's side) records a match through the classes CoreDataModelGeneration wrote" \
  test -s "$work/xdg-games/group.org.example.gamestats/Matches.sqlite"
"$gamestatsd" snapshot --config "$work/recent.toml" --at $at --out "$work/recent-read.png" --log-level error
check "the last-match widget draws the match it fetched from the store (NSFetchRequest, NSSortDescriptor)" \
  bash -c "[ -s '$work/recent-read.png' ] && ! cmp -s '$work/recent-none.png' '$work/recent-read.png'"
unset XDG_DATA_HOME

# Examples/EnergyMonitor: a widget extension as an app ships it, importing WidgetKit,
# SwiftUI, Charts, AppIntents and SwiftData with nothing changed for Linux.
energy="$root/Examples/EnergyMonitor"
cd "$energy"
check "EnergyMonitor (Apple's imports unchanged, Charts) builds, in Swift 6 mode and again in Swift 5 mode" swift build --scratch-path "$scratch"
energyd="$built/energymonitord"
check "four of the bundle's kinds, the one under #available included, are placed (the meter is checked, not placed)" \
  bash -c "'$energyd' check --config energymonitor.toml | grep -q '4 widgets placed'"
check "energymonitord preview --all draws each of the three #Previews to a PNG" \
  bash -c "'$energyd' preview --all --out '$work/energy-previews' > '$work/energy-previews.txt' && [ \$(wc -l < '$work/energy-previews.txt') -eq 3 ] && while read -r f; do test -s \"\$f\" || exit 1; done < '$work/energy-previews.txt'"
"$energyd" snapshot --config energymonitor.toml --at 2026-11-22T13:04:30Z --out "$work/energy-1304.png" --log-level error
"$energyd" snapshot --config energymonitor.toml --at 2026-11-22T13:24:30Z --out "$work/energy-1324.png" --log-level error
check "the lock screen draws the chart and ring, and a later reading changes the picture" \
  bash -c "[ -s '$work/energy-1304.png' ] && [ -s '$work/energy-1324.png' ] && ! cmp -s '$work/energy-1304.png' '$work/energy-1324.png'"
"$energyd" --headless "$work/energy-frames" --config energymonitor.toml --at 2026-11-22T13:04:30Z --once --no-socket --state-dir "$work/energy-state" --log-level error
check "energymonitord runs the stock daemon: one headless frame" test -s "$work/energy-frames/000001.raw"

# The app's meter readings in a SwiftData store in the App Group's folder (under
# XDG_DATA_HOME): the widget's provider reads the latest on the main actor, as an
# extension reads `mainContext`.
export XDG_DATA_HOME="$work/xdg"
sed 's/^row = \["battery", \["solar", "usage"\]\]$/row = ["meter", ["solar", "usage"]]/' energymonitor.toml > "$work/meter.toml"
"$energyd" snapshot --config "$work/meter.toml" --at 2026-11-22T13:04:30Z --out "$work/meter-none.png" --log-level error
check "the widget reading an App Group's SwiftData store that does not exist yet creates nothing" test ! -e "$work/xdg/group.org.example.energymonitor"
"$built/energylog" 12345.6
check "energylog (the app's side) records a reading in the App Group's store" test -s "$work/xdg/group.org.example.energymonitor/default.store"
"$energyd" snapshot --config "$work/meter.toml" --at 2026-11-22T13:04:30Z --out "$work/meter-read.png" --log-level error
check "the meter widget draws the reading from the store (its @MainActor fetch runs in the daemon)" \
  bash -c "[ -s '$work/meter-none.png' ] && [ -s '$work/meter-read.png' ] && ! cmp -s '$work/meter-none.png' '$work/meter-read.png'"
unset XDG_DATA_HOME

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
