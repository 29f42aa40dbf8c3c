"""What the end-to-end scripts (Tests/mqtt, Tests/web) share: a check that prints one
line and counts failures, a free loopback port, one HTTP call."""
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request

failures = 0

# The screen the memory figures are taken on (docs/PERFORMANCE.md): an inline text, a CPU
# gauge and a text widget at 800x480.
SCREEN = """[display]
size = "800x480"
[layout]
inline = "note"
row = ["cpu", "word"]
[widgets.note]
kind = "text"
text = "Bins out tonight"
[widgets.cpu]
kind = "system"
metric = "cpu"
family = "circular"
[widgets.word]
kind = "text"
text = "Dishes done"
family = "rectangular"
"""


def http(url, headers=None, body=None, method=None, timeout=30):
    """(status, body bytes, headers) of one HTTP request (a POST when there is a body,
    else a GET, unless `method` says); an error status is an answer, not an exception."""
    request = urllib.request.Request(url, data=body, method=method or ("POST" if body is not None else "GET"), headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return r.status, r.read(), r.headers
    except urllib.error.HTTPError as e:
        return e.code, e.read(), e.headers


# How long a wait for something that should happen goes on before it counts as never:
# only a guard against a hang. The suites run side by side with builds on two cores
# (Tests/suite.py), so a check asserts what happened and prints how soon, never fails on
# it; how fast the daemon answers is measured by `lockscreend bench` (docs/PERFORMANCE.md).
PATIENCE = float(os.environ.get("LOCKSCREEND_TEST_PATIENCE", "120"))


def eventually(probe, step=0.05, limit=None):
    """Seconds until probe() held (an OSError counting as not yet), or None after `limit`
    (PATIENCE when not given)."""
    start = time.time()
    while True:
        try:
            if probe():
                return time.time() - start
        except OSError:
            pass
        if time.time() - start >= (PATIENCE if limit is None else limit):
            return None
        time.sleep(step)


def check(name, ok, detail=""):
    global failures
    print(("✔ " if ok else "✘ ") + name + ("" if ok or not detail else f": {detail}"), flush=True)
    if not ok:
        failures += 1


def secret(path, text):
    """Writes `text` and a newline to `path`, readable by its owner alone (a password or
    token file the daemon refuses if others can read it); returns the path."""
    with open(path, "w") as f:
        f.write(text + "\n")
    os.chmod(path, 0o600)
    return path


def web_config(work, port, rest):
    """work/config.toml for a 400×240 headless daemon serving HTTP on loopback `port`
    with the token `7f3a-good-token` (in work/token), then the TOML `rest`; its path."""
    token = secret(os.path.join(work, "token"), "7f3a-good-token")
    config = os.path.join(work, "config.toml")
    with open(config, "w") as f:
        f.write(f'[display]\nsize = "400x240"\n[http]\nlisten = "127.0.0.1:{port}"\ntoken_file = "{token}"\n' + rest)
    return config


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def finish(work, what):
    """Removes the work directory when every check passed (else keeps it and says where);
    the script's exit status."""
    import shutil
    if failures:
        print(f"kept {work} for a look")
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print(f"all {what} checks passed")
    return 0


def start_daemon(binary, config, work, extra=(), log=None, env=None):
    """lockscreend on `config`, headless into work/frames, its socket and state in `work`;
    its output to `log` (an open file), else nowhere; `env` added to the environment."""
    out = log if log is not None else subprocess.DEVNULL
    return subprocess.Popen([binary, "--config", config, "--headless", os.path.join(work, "frames"), "--socket", os.path.join(work, "ctl.sock"),
                             "--state-dir", os.path.join(work, "state"), *extra], stdout=out, stderr=out,
                            env=None if env is None else {**os.environ, **env})


def rss_mb(pid):
    """The process's resident set (VmRSS) in MB."""
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0
