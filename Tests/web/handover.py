#!/usr/bin/env python3
"""The stock lockscreend handing a start with `[http]` to lockscreend-web, while another
program makes and ends threads as fast as it can: every start must come up serving HTTP
from the same process, none may abort.

An `execv` from under the fonts' warm-up threads once left the new program unable to make
threads (GLib: "Error creating thread: Resource temporarily unavailable") in 4 to 5 of 40
starts beside the fuzzer, whose fuzzed font sizes make Pango start some 1,700 threads a
second (docs/PERFORMANCE.md). The fuzzer is that program here too.

Usage: Tests/web/handover.py --binary .build/release/lockscreend [--starts 30]
"""
import argparse
import os
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, eventually, finish, free_port, start_daemon, web_config  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/lockscreend")
    parser.add_argument("--starts", type=int, default=30)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    fuzzer = os.path.join(os.path.dirname(binary), "lockscreend-fuzz")
    web = os.path.realpath(os.path.join(os.path.dirname(binary), "lockscreend-web"))
    work = tempfile.mkdtemp(prefix="lockscreend-handover-")
    churn = subprocess.Popen([fuzzer, "timeline", "100000000", "1"], env={**os.environ, "FUZZ_DIR": work},
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    served, aborted, other = 0, [], []
    try:
        for start in range(args.starts):
            folder = os.path.join(work, str(start))
            os.makedirs(folder)
            config = web_config(folder, free_port(), "")
            log_path = os.path.join(folder, "log")
            with open(log_path, "w") as log:
                daemon = start_daemon(binary, config, folder, extra=["--log-level", "info"], log=log)
            text = lambda: open(log_path).read()
            came = eventually(lambda: "HTTP on" in text() or daemon.poll() is not None, limit=60)
            if came is not None and daemon.poll() is None and "HTTP on" in text():
                exe = os.path.realpath(f"/proc/{daemon.pid}/exe")
                if exe == web:
                    served += 1
                else:
                    other.append(f"start {start}: runs {exe}")
            elif "Error creating thread" in text():
                aborted.append(start)
            else:
                other.append(f"start {start}: {text()[-300:]}")
            daemon.send_signal(signal.SIGTERM)
            daemon.wait(timeout=60)
    finally:
        churn.kill()
        churn.wait()
    check(f"{args.starts} handovers to lockscreend-web beside a program making threads: each serves HTTP from the same process",
          served == args.starts, f"{served} served; aborted making a thread: {aborted}; {other}")
    return finish(work, "handover")


if __name__ == "__main__":
    raise SystemExit(main())
