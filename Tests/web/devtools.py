"""A headless Chromium driven over the DevTools protocol through a pipe
(--remote-debugging-pipe: JSON messages ending in NUL on file descriptors 3 and 4), so
the browser test needs nothing beyond Debian's chromium and Python's standard library.

    with Browser(width=390, height=844) as browser:
        page = browser.open("http://127.0.0.1:8080/")
        page.evaluate("document.title")
        png = page.screenshot()
"""
import base64
import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import time


class DevToolsError(Exception):
    pass


class Browser:
    def __init__(self, width=1280, height=900, binary=None):
        self.binary = binary or shutil.which("chromium") or shutil.which("chromium-browser")
        if not self.binary:
            raise DevToolsError("no chromium: run scripts/setup --tests")
        self.width, self.height = width, height
        self.next_id = 0
        self.buffer = b""
        self.events = []

    def __enter__(self):
        self.profile = tempfile.mkdtemp(prefix="lockscreend-chromium-")
        # The browser reads commands on its fd 3 and writes answers on its fd 4.
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        # Above 4, so that putting them on 3 and 4 cannot close one another.
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (to_browser_r, from_browser_w)]
        os.close(to_browser_r)
        os.close(from_browser_w)
        to_browser_r, from_browser_w = high
        command = [self.binary, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--no-first-run",
                   "--no-default-browser-check", "--disable-extensions", "--disable-background-networking", "--hide-scrollbars",
                   f"--user-data-dir={self.profile}", f"--window-size={self.width},{self.height}", "about:blank"]
        # bash (dash takes no descriptor above 9) puts the pipe's ends on 3 and 4 and becomes the browser.
        self.process = subprocess.Popen(
            ["bash", "-c", f'exec "$@" 3<&{to_browser_r} 4>&{from_browser_w} {to_browser_r}<&- {from_browser_w}>&-', "bash"] + command,
            pass_fds=(to_browser_r, from_browser_w), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(to_browser_r)
        os.close(from_browser_w)
        return self

    def __exit__(self, *exc):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise DevToolsError("the browser did not answer in time")
            import select
            ready, _, _ = select.select([self.from_browser], [], [], max(0, deadline - time.time()))
            if ready:
                chunk = os.read(self.from_browser, 1 << 20)
                if not chunk:
                    raise DevToolsError("the browser closed its pipe")
                self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None, timeout=20):
        """Sends one command and returns its result (events met on the way are kept)."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise DevToolsError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def open(self, url):
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session)
        page.send("Page.enable")
        page.send("Runtime.enable")
        page.send("Emulation.setDeviceMetricsOverride", {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": self.width < 600})
        page.navigate(url)
        return page


class Page:
    def __init__(self, browser, session):
        self.browser, self.session = browser, session

    def send(self, method, params=None):
        return self.browser.send(method, params, session=self.session)

    def navigate(self, url, timeout=15):
        self.send("Page.navigate", {"url": url})
        self.wait_for("document.readyState === 'complete'", timeout)

    def evaluate(self, expression):
        """The value of a JavaScript expression (promises awaited)."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise DevToolsError(f"{expression[:80]}: {result['exceptionDetails'].get('exception', {}).get('description', result['exceptionDetails'])}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=5):
        """Seconds until the expression is true; raises when it is not within timeout."""
        start = time.time()
        while time.time() - start < timeout:
            if self.evaluate(expression):
                return time.time() - start
            time.sleep(0.05)
        raise DevToolsError(f"not true within {timeout} s: {expression}")

    def screenshot(self):
        """The page as PNG bytes, the whole of it."""
        height = int(self.evaluate("document.documentElement.scrollHeight"))
        clip = {"x": 0, "y": 0, "width": self.browser.width, "height": height, "scale": 1}
        return base64.b64decode(self.send("Page.captureScreenshot", {"format": "png", "clip": clip, "captureBeyondViewport": True})["data"])
