"""The disk full: the data directory is a small tmpfs, filled up while each feature writes. What
must hold: a clear error, no corrupt file, and recovery once space returns."""

import json
import os
import re
import subprocess
import tempfile
import threading

from app import Cell, App, Failure, check_databases, free_port, message, wait_until
from kills import ISSUE_PATH, sha256_of_file, sha256_of_url, stored_issue, wait_until_handed_over

SIZE = "64m"


class FullDisk(Cell):
    """A tmpfs mounted on the run's data directory, and a filler file that takes what is left."""


    def prepare(self):
        """None when a tmpfs can be mounted here; else why the cell is skipped."""
        probe = tempfile.mkdtemp(prefix="backgrounder-mount-")
        try:
            result = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", probe], capture_output=True, text=True)
            if result.returncode != 0:
                return f"cannot mount a tmpfs ({result.stderr.strip() or 'not root'})"
            subprocess.run(["umount", probe], check=True)
            return None
        finally:
            os.rmdir(probe)

    def mount(self, data):
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={SIZE}", "tmpfs", data], check=True)

    def cleanup(self, data):
        subprocess.run(["umount", "-l", data], capture_output=True)

    @staticmethod
    def fill(data):
        """Writes a filler file until the disk is full."""
        descriptor = os.open(os.path.join(data, "filler"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            for block in (b"\0" * (1 << 20), b"\0" * 512):
                try:
                    while os.write(descriptor, block) > 0:
                        pass
                except OSError:
                    pass
        finally:
            os.close(descriptor)

    @staticmethod
    def free(data):
        os.remove(os.path.join(data, "filler"))


class DownloadOnFullDisk(FullDisk):
    name = "disk full during a download"
    invariant = ("the download fails with an error naming the disk, newsstand.sqlite passes integrity_check, "
                 "and once space returns a new download ends byte-identical")

    def run(self, data, rng):
        self.mount(data)
        port = free_port()
        app = App(self.binary, data, "--content-port", str(port), "--content-rate", "10MB/s")
        try:
            app.wait_for(r"Content server: ")
            reference = sha256_of_url(f"http://127.0.0.1:{port}{ISSUE_PATH}")
            app.send("newsstand download")
            # The 40 MB issue fits the 64 MB disk, so the download starts; then the disk fills.
            wait_until(lambda: any("downloading" in line for line in self._list(app)), 20, "the download to start")
            threading.Event().wait(rng.uniform(0.2, 1.0))
            self.fill(data)
            line = app.wait_for(r"Newsstand: .*(failed|retrying).*(space|disk|No space)", timeout=60)
            check_databases(data)
            self.free(data)
            mark = app.mark()
            app.send("newsstand download")
            app.wait_for(r"Newsstand: downloaded the-backgrounder-2013\.pdf", timeout=120, after=mark)
            wait_until_handed_over(app)
            app.quit()
        finally:
            app.kill()
        check_databases(data)
        if sha256_of_file(stored_issue(data)) != reference:
            raise Failure("the download after the disk filled differs from the server's file")
        return message(line)

    @staticmethod
    def _list(app):
        mark = app.mark()
        app.send("newsstand list", "status")
        app.wait_for(r'^\{"activities"', after=mark)
        return app.since(mark)


class TrackOnFullDisk(FullDisk):
    name = "disk full during track inserts"
    invariant = ("the Location screen names the store's problem, track.sqlite passes integrity_check, and "
                 "fixes are stored again once space returns")

    def run(self, data, rng):
        self.mount(data)
        app = App(self.binary, data, "--location-authorization", "always")
        try:
            app.send("location on", "location route freeway-drive 100")
            wait_until(lambda: app.status()["screens"]["location"]["storedCount"] > 0, 20, "a stored fix")
            self.fill(data)
            problem = wait_until(lambda: app.status()["screens"]["location"]["storeProblem"], 30, "the store's problem")
            check_databases(data)
            self.free(data)
            before = app.status()["screens"]["location"]["storedCount"]
            wait_until(lambda: app.status()["screens"]["location"]["storedCount"] > before + 5, 30,
                       "fixes stored after space returned")
            app.quit()
        finally:
            app.kill()
        check_databases(data)
        return problem[:160]


class TaskRequestsOnFullDisk(FullDisk):
    name = "disk full during BG-task request saves"
    invariant = ("the save fails with a console line naming the file, the old file stays whole, and the next "
                 "save after space returns succeeds")

    def run(self, data, rng):
        self.mount(data)
        app = App(self.binary, data, "--ios", "13")
        path = os.path.join(data, "system", "background-task-requests.json")
        try:
            app.wait_for(r"State: inactive → active")
            app.send("home")
            wait_until(lambda: os.path.exists(path), 20, "the first save")
            with open(path) as file:
                saved = json.load(file)
            app.send("open")
            app.wait_for(r"State: inactive → active", after=app.mark() - 1)
            self.fill(data)
            mark = app.mark()
            app.send("home")
            line = app.wait_for(r"background-task-requests\.json", timeout=20, after=mark)
            with open(path) as file:
                if json.load(file) != saved:
                    raise Failure("the saved requests changed although the save failed")
            self.free(data)
            app.send("open", "home")
            wait_until(lambda: self._saved_differs(path, saved), 20, "a save after space returned")
            app.quit()
        finally:
            app.kill()
        return message(line)

    @staticmethod
    def _saved_differs(path, saved):
        try:
            with open(path) as file:
                return json.load(file) != saved
        except (OSError, ValueError):
            return False


class PairingTokenOnFullDisk(FullDisk):
    name = "disk full during the pairing-token write"
    invariant = ("`backgrounder pair` fails with a clear error and leaves no file; once space returns it makes "
                 "a token")

    def run(self, data, rng):
        self.mount(data)
        self.fill(data)
        result = subprocess.run([self.binary, "pair", "--data-dir", data], capture_output=True, text=True, timeout=30)
        if result.returncode == 0:
            raise Failure(f"`pair` on a full disk succeeded: {result.stdout!r}")
        message = (result.stderr + result.stdout).strip()
        if not re.search(r"space|pairing-token", message):
            raise Failure(f"`pair` on a full disk gave no clear error: {message!r}")
        leftovers = [name for name in os.listdir(data) if "pairing-token" in name]
        if leftovers:
            raise Failure(f"files left behind: {leftovers}")
        self.free(data)
        result = subprocess.run([self.binary, "pair", "--data-dir", data], capture_output=True, text=True, timeout=30)
        if result.returncode != 0 or not re.fullmatch(r"[0-9a-f]{64}", result.stdout.strip()):
            raise Failure(f"`pair` after space returned: {result.returncode} {result.stderr.strip()!r}")
        return message.splitlines()[-1][:160]


class VoIPEndpointOnFullDisk(FullDisk):
    name = "disk full during a VoIP connect"
    invariant = ("saving the endpoint fails with a console line naming the file, the connection works all the "
                 "same, and the next connect after space returns saves it")

    def run(self, data, rng):
        from peers import LineServer

        self.mount(data)
        peer = LineServer(lambda connection: connection.recv(1024))
        app = App(self.binary, data, "--ios", "9")
        try:
            app.wait_for(r"State: inactive → active")
            self.fill(data)
            app.send(f"voip connect 127.0.0.1 {peer.port}")
            line = app.wait_for(r"VoIP: could not save the endpoint")
            wait_until(lambda: peer.accepted >= 1, 20, "the connection")
            self.free(data)
            app.send("voip disconnect", f"voip connect 127.0.0.1 {peer.port}")
            wait_until(lambda: peer.accepted >= 2, 20, "the second connection")
            wait_until(lambda: self._saved(data, peer.port), 20, "the endpoint saved")
            app.quit()
        finally:
            app.kill()
            peer.close()
        return message(line)

    @staticmethod
    def _saved(data, port):
        """Whether a VoIP file in `data` names `port`."""
        for directory, _, files in os.walk(data):
            for name in files:
                if "voip" in os.path.join(directory, name).lower():
                    with open(os.path.join(directory, name), errors="replace") as file:
                        if str(port) in file.read():
                            return True
        return False
