"""Debian's Mosquitto for the end-to-end scripts (Tests/mqtt, Tests/homeassistant): a
broker on loopback with users, an ACL and TLS certificates made for the run."""
import getpass
import os
import signal
import socket
import subprocess
import threading
import time

from checks import PATIENCE, eventually, free_port


def run(*args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw)


class Broker:
    """Mosquitto with a password file, a plain and a TLS listener on loopback, retained
    messages kept on disk across a restart."""

    def __init__(self, work):
        self.work = work
        self.port, self.tls_port = free_port(), free_port()
        self.passwords = os.path.join(work, "passwords")
        run("mosquitto_passwd", "-c", "-b", self.passwords, "display", "s3cret")
        # The house: Home Assistant and this harness publish anything; a sensor only its
        # readings (docs/HOME-ASSISTANT.md's acl_file, as a user would set it).
        run("mosquitto_passwd", "-b", self.passwords, "house", "h0use")
        run("mosquitto_passwd", "-b", self.passwords, "sensor", "s3nsor")
        os.chmod(self.passwords, 0o600)
        self.acl = os.path.join(work, "acl")
        with open(self.acl, "w") as f:
            f.write("""# The displays: read what they show, answer on their own prefix, announce to HA.
user display
topic read home/#
topic read house/#
topic readwrite lockscreend/#
topic readwrite homeassistant/#
topic write home/+/set

# Home Assistant (and the harness standing in for the rest of the house).
user house
topic readwrite #

# A sensor: its readings, nothing else; it cannot steer a display.
user sensor
topic write home/#
""")
        # A CA and a server certificate for localhost, made for this run.
        ca_key, self.ca = os.path.join(work, "ca.key"), os.path.join(work, "ca.crt")
        key, csr, crt = (os.path.join(work, n) for n in ("server.key", "server.csr", "server.crt"))
        run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=lockscreend test CA",
            "-keyout", ca_key, "-out", self.ca)
        run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", key, "-out", csr)
        ext = os.path.join(work, "san.ext")
        with open(ext, "w") as f:
            f.write("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
        run("openssl", "x509", "-req", "-in", csr, "-CA", self.ca, "-CAkey", ca_key, "-CAcreateserial", "-days", "2",
            "-extfile", ext, "-out", crt)
        self.conf = os.path.join(work, "mosquitto.conf")
        with open(self.conf, "w") as f:
            # Started by root, mosquitto would drop to its own user, who cannot read this
            # run's private directory: it stays the user running the test.
            f.write(f"""user {getpass.getuser()}
per_listener_settings false
allow_anonymous false
password_file {self.passwords}
acl_file {self.acl}
max_packet_size 1100000
persistence true
persistence_location {work}/
autosave_interval 1
log_dest file {work}/mosquitto.log
listener {self.port} 127.0.0.1
listener {self.tls_port} 127.0.0.1
cafile {self.ca}
certfile {crt}
keyfile {key}
""")
        self.process = None

    def start(self):
        self.process = subprocess.Popen(["mosquitto", "-c", self.conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not start")

    def stop(self):
        if self.process:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(10)
            self.process = None

    def publish(self, topic, payload, retain=False):
        args = ["mosquitto_pub", "-h", "127.0.0.1", "-p", str(self.port), "-u", "house", "-P", "h0use", "-q", "1", "-t", topic]
        # An empty payload (-n) clears a retained message.
        args += ["-n"] if payload in (b"", "") else ["-s"] if isinstance(payload, bytes) else ["-m", payload]
        if retain:
            args.append("-r")
        subprocess.run(args, input=payload if isinstance(payload, bytes) else None, check=True)

    def collect(self, topic, seconds):
        """The retained messages (and any others) on `topic` within `seconds` of the
        broker's SUBACK: the window opens once the subscription holds, however long a
        busy machine takes to start mosquitto_sub and connect."""
        with self.subscribe(topic) as subscription:
            time.sleep(seconds)
        return subscription.messages

    def subscribe(self, topic):
        """A Subscription to `topic`, subscribed when this returns."""
        return Subscription(self.port, topic)


class Subscription:
    """mosquitto_sub on `topic` in the background: subscribed (the broker's SUBACK read)
    before the constructor returns, so a message published after it is heard; the
    messages as (topic, payload) in `messages`. A context manager that stops it."""

    def __init__(self, port, topic):
        self.messages, self._lock = [], threading.Lock()
        self._subscribed = threading.Event()
        # Line-buffered (stdbuf): into a pipe mosquitto_sub would hold its lines back.
        self.process = subprocess.Popen(["stdbuf", "-oL", "mosquitto_sub", "-h", "127.0.0.1", "-p", str(port), "-u", "house", "-P", "h0use",
                                         "-t", topic, "-v", "-d"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._subscribed.wait(PATIENCE):
            self.stop()
            raise RuntimeError(f"mosquitto_sub did not subscribe to {topic} within {PATIENCE} s")

    def _read(self):
        for line in self.process.stdout:
            line = line.rstrip("\n")
            # With -d, mosquitto_sub's own debug lines come between the messages.
            if line.startswith("Client ") or line.startswith("Subscribed (mid:"):
                if line.endswith("received SUBACK"):
                    self._subscribed.set()
                continue
            name, _, payload = line.partition(" ")
            with self._lock:
                self.messages.append((name, payload))

    def heard(self):
        """The messages so far."""
        with self._lock:
            return list(self.messages)

    def wait(self, predicate, seconds=None):
        """Seconds until predicate(messages so far) held, or None after `seconds`
        (PATIENCE when not given): a guard against never, not a judgement of how soon."""
        return eventually(lambda: predicate(self.heard()), step=0.02, limit=seconds)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        self._reader.join(10)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()
