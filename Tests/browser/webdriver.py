"""A small W3C WebDriver client over HTTP, for Debian's chromium and chromium-driver.

Only the standard library: the browser tests need no package from PyPI.
"""

import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class WebDriverError(Exception):
    pass


class Browser:
    """A headless Chromium driven by chromedriver; close() ends both. They keep their temporary
    files (Chromium's profile and scoped directories) in a directory of the browser's own, which
    close() removes: nothing is left in TMPDIR."""

    def __init__(self, width=1400, height=1000, chromium="/usr/bin/chromium", driver="/usr/bin/chromedriver"):
        self.port = free_port()
        self.tmp = tempfile.mkdtemp(prefix="browser-")
        # Chromium's own messages go to a log of the browser's, quoted if it cannot start.
        self.log = os.path.join(self.tmp, "chromium.log")
        with open(self.log, "wb") as log:
            self.driver = subprocess.Popen(
                [driver, f"--port={self.port}", "--enable-chrome-logs"], stdout=log, stderr=subprocess.STDOUT,
                env=dict(os.environ, TMPDIR=self.tmp), start_new_session=True)
        self.base = f"http://127.0.0.1:{self.port}"
        wait_until(lambda: self._ready(), timeout=20, what="chromedriver to listen")
        options = {
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", f"--window-size={width},{height}", "--force-device-scale-factor=1"],
        }
        capabilities = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": options, "unhandledPromptBehavior": "dismiss"}}}
        # Chromium can exit while it starts on a loaded machine (CI runs the fault matrix and the
        # walk-throughs beside the browser): "session not created: Chrome instance exited". Its
        # start is tried five times, a longer pause after each; what the tests then check is never
        # retried. If it never starts, the error quotes the end of Chromium's log.
        for attempt in range(5):
            try:
                answer = self._call("POST", "/session", capabilities)
                break
            except WebDriverError as error:
                if "session not created" not in str(error):
                    raise
                if attempt == 4:
                    with open(self.log, errors="replace") as log:
                        raise WebDriverError(f"{error}; the end of Chromium's log:\n{log.read()[-3000:]}") from None
                time.sleep(2 ** attempt)
        self.session = f"/session/{answer['sessionId']}"

    def _ready(self):
        try:
            return self._call("GET", "/status")["ready"]
        except (OSError, WebDriverError):
            return False

    def _call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            detail = json.loads(error.read() or b"{}").get("value", {})
            raise WebDriverError(f"{method} {path}: {detail.get('error')}: {detail.get('message', '')[:300]}") from None

    def call(self, method, path, body=None):
        return self._call(method, self.session + path, body)

    # navigation and windows

    def get(self, url):
        self.call("POST", "/url", {"url": url})

    def reload(self):
        self.call("POST", "/refresh", {})

    def set_window(self, width, height):
        self.call("POST", "/window/rect", {"width": width, "height": height})

    def screenshot(self, path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(base64.b64decode(self.call("GET", "/screenshot")))

    def run(self, script, *arguments):
        return self.call("POST", "/execute/sync", {"script": script, "args": list(arguments)})

    # elements

    def find(self, css):
        return self.call("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def find_all(self, css):
        return [found[ELEMENT] for found in self.call("POST", "/elements", {"using": "css selector", "value": css})]

    def click(self, css):
        self.call("POST", f"/element/{self.find(css)}/click", {})

    def text(self, css):
        return self.call("GET", f"/element/{self.find(css)}/text")

    def type(self, css, text):
        self.call("POST", f"/element/{self.find(css)}/value", {"text": text})

    def clear(self, css):
        self.call("POST", f"/element/{self.find(css)}/clear", {})

    def press(self, key):
        """Presses and releases `key` on whatever has the focus, like a person at the keyboard."""
        self.call("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]})
        self.call("DELETE", "/actions")

    def close(self):
        try:
            self._call("DELETE", self.session)
        finally:
            self._end_process_group()
            shutil.rmtree(self.tmp)

    def _end_process_group(self):
        """Ends chromedriver and every Chromium process it started (they share its process group)
        and returns once none is left: a Chromium process still writing to its profile while the
        directory is removed would leave part of it behind. A process that ignores SIGTERM for
        20 s gets SIGKILL."""
        group = self.driver.pid
        for sig, patience in ((signal.SIGTERM, 20), (signal.SIGKILL, 5)):
            try:
                os.killpg(group, sig)
            except ProcessLookupError:
                return
            if self._group_ends_within(group, patience):
                return

    def _group_ends_within(self, group, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.driver.poll()  # reaps chromedriver, which would otherwise stay in the group as a zombie
            try:
                os.killpg(group, 0)
            except ProcessLookupError:
                return True
            time.sleep(0.05)
        return False


def wait_until(condition, timeout=10.0, what="a condition"):
    """Polls `condition` until it returns something true; fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except (WebDriverError, OSError) as error:
            last_error = error
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}" + (f" ({last_error})" if last_error else ""))
