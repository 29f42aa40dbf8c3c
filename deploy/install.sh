#!/usr/bin/env bash
# Installs lockscreend as a system service, or removes it.
#
#   sudo deploy/install.sh                 build (release, Swift runtime linked in) and install under /usr/local
#   sudo deploy/install.sh --uninstall     remove it (the configuration and state stay)
#   DESTDIR=/tmp/pkg deploy/install.sh     install into a staging tree, for packagers
#
# Options: --prefix DIR (default /usr/local), --no-build (use .build/release as it is),
# --daemon FILE (install FILE as lockscreend: a custom daemon built with your own widgets,
# e.g. Examples/TubeStatus/.build/release/tubestatusd).
# Installs: PREFIX/bin/lockscreend and lockscreenctl; /etc/systemd/system/lockscreend.service;
# /etc/lockscreend/config.toml (never over an existing one); PREFIX/share/lockscreend/examples
# and clients (the Kindle and Kobo script);
# PREFIX/share/doc/lockscreend; the lockscreend user (sysusers.d) in the video group.
set -euo pipefail
start=$PWD
cd "$(dirname "$0")/.."

prefix=/usr/local
build=1
daemon=
action=install
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --daemon) daemon=$2; [ "${daemon#/}" != "$daemon" ] || daemon=$start/$daemon; shift 2 ;;
    --uninstall) action=uninstall; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
destdir=${DESTDIR:-}
bindir=$prefix/bin
unitdir=/etc/systemd/system
live=0
# Acting on this machine (not a staging tree), with systemd running it.
if [ -z "$destdir" ] && [ -d /run/systemd/system ]; then live=1; fi

if [ "$action" = uninstall ]; then
  if [ "$live" = 1 ]; then systemctl disable --now lockscreend.service 2>/dev/null || true; fi
  rm -f "$destdir$bindir/lockscreend" "$destdir$bindir/lockscreenctl" "$destdir$unitdir/lockscreend.service" \
        "$destdir$prefix/libexec/lockscreend/lockscreend-web" \
        "$destdir$prefix/lib/sysusers.d/lockscreend.conf"
  rm -rf "$destdir$prefix/share/lockscreend" "$destdir$prefix/share/doc/lockscreend"
  rmdir "$destdir$prefix/libexec/lockscreend" 2>/dev/null || true
  if [ "$live" = 1 ]; then systemctl daemon-reload; fi
  echo "install.sh: removed lockscreend; /etc/lockscreend and /var/lib/lockscreend were kept"
  exit 0
fi

if [ -n "$daemon" ] && [ ! -x "$daemon" ]; then
  echo "install.sh: --daemon $daemon is not an executable file" >&2; exit 1
fi
if [ "$build" = 1 ]; then
  # The Swift runtime and Foundation linked in: the daemon needs no Swift installed where
  # it runs, and uses about 5 MB less memory (docs/PERFORMANCE.md).
  [ -n "$daemon" ] || scripts/release-build --product lockscreend
  [ -n "$daemon" ] || scripts/release-build --product lockscreend-web
  scripts/release-build --product lockscreenctl
fi
for binary in lockscreend lockscreenctl; do
  source=".build/release/$binary"
  if [ "$binary" = lockscreend ] && [ -n "$daemon" ]; then source=$daemon; fi
  [ -x "$source" ] || { echo "install.sh: $source is missing (build it, or drop --no-build)" >&2; exit 1; }
  install -D -m 0755 "$source" "$destdir$bindir/$binary"
done
# The daemon with the HTTP face, which the stock one hands a start with [http] to; a
# daemon of one's own (--daemon) has the face itself.
if [ -z "$daemon" ]; then
  [ -x .build/release/lockscreend-web ] || { echo "install.sh: .build/release/lockscreend-web is missing (build it, or drop --no-build)" >&2; exit 1; }
  install -D -m 0755 .build/release/lockscreend-web "$destdir$prefix/libexec/lockscreend/lockscreend-web"
fi

install -d -m 0755 "$destdir$unitdir"
sed "s#@BINDIR@#$bindir#g" deploy/lockscreend.service >"$destdir$unitdir/lockscreend.service"
chmod 0644 "$destdir$unitdir/lockscreend.service"
install -D -m 0644 deploy/lockscreend.sysusers "$destdir$prefix/lib/sysusers.d/lockscreend.conf"
install -d -m 0755 "$destdir$prefix/share/lockscreend/examples" "$destdir$prefix/share/doc/lockscreend"
install -m 0644 deploy/examples/*.toml "$destdir$prefix/share/lockscreend/examples/"
install -D -m 0755 deploy/clients/e-reader-screen.sh "$destdir$prefix/share/lockscreend/clients/e-reader-screen.sh"
install -m 0644 docs/*.md "$destdir$prefix/share/doc/lockscreend/"

config="$destdir/etc/lockscreend/config.toml"
if [ -e "$config" ]; then
  echo "install.sh: keeping the existing $config"
else
  install -D -m 0640 deploy/config.toml "$config"
fi

if [ -z "$destdir" ] && [ "$(id -u)" -eq 0 ]; then
  # The service's user and group, in the video group, and the steering group lockscreend-ctl.
  if command -v systemd-sysusers >/dev/null 2>&1; then
    systemd-sysusers "$prefix/lib/sysusers.d/lockscreend.conf"
  else
    getent group lockscreend >/dev/null || groupadd --system lockscreend
    getent group lockscreend-ctl >/dev/null || groupadd --system lockscreend-ctl
    getent passwd lockscreend >/dev/null || useradd --system --gid lockscreend --groups video,input,lockscreend-ctl --home-dir /var/lib/lockscreend --no-create-home --shell /usr/sbin/nologin lockscreend
  fi
  chgrp lockscreend /etc/lockscreend/config.toml
fi
if [ "$live" = 1 ]; then
  systemctl daemon-reload
  echo "install.sh: installed; start it with: systemctl enable --now lockscreend"
else
  echo "install.sh: installed into ${destdir:-/}"
fi
