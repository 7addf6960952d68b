"""The disk full: the data directory is a small tmpfs, filled up while each feature writes. What
must hold: a clear error, no corrupt file, and recovery once space returns."""

import json
import os
import re
import subprocess
import tempfile
import threading
import time

from app import Cell, App, Failure, check_databases, message, wait_until
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
        app = App(self.binary, data, "--content-port", "auto", "--content-rate", "10MB/s")
        try:
            # The server picks its port and names it (a port chosen here could be taken by then).
            server = re.search(r"Content server: (http://127\.0\.0\.1:\d+)/", app.wait_for(r"Content server: http://"))
            reference = sha256_of_url(f"{server.group(1)}{ISSUE_PATH}")
            app.send("newsstand download")
            # The 40 MB issue fits the 64 MB disk, so the download starts; then the disk fills.
            wait_until(lambda: any("downloading" in line for line in self._list(app)), 20, "the download to start")
            threading.Event().wait(rng.uniform(0.2, 1.0))
            self.fill(data)
            # Fails, not "retrying": a full disk is no network blip.
            line = app.wait_for(r"Newsstand: the download of .* failed: (the file cannot be written: .*No space left on "
                                r"device|not enough disk space)", timeout=60)
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
    invariant = ("the Location screen's `storeProblem` is exactly \"cannot write to DATA/location/track.sqlite: "
                 "database or disk is full\", track.sqlite passes integrity_check, and fixes are stored again once "
                 "space returns")

    def run(self, data, rng):
        self.mount(data)
        app = App(self.binary, data, "--location-authorization", "always")
        try:
            app.send("location on", "location route freeway-drive 100")
            wait_until(lambda: app.status()["screens"]["location"]["storedCount"] > 0, 20, "a stored fix")
            self.fill(data)
            problem = wait_until(lambda: app.status()["screens"]["location"]["storeProblem"], 30, "the store's problem")
            # SQLite's own words for SQLITE_FULL, after the file's path.
            expected = f"cannot write to {os.path.join(data, 'location', 'track.sqlite')}: database or disk is full"
            if problem != expected:
                raise Failure(f"the store's problem on a full disk is {problem!r}, not {expected!r}")
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
        path = os.path.join(data, "system", "background-task-requests.json")
        # The old file: a launch that saves and quits (`quit` returns once every save is on disk).
        first = App(self.binary, data, "--ios", "13")
        try:
            first.wait_for(r"State: inactive → active")
            first.send("home", "open")
            first.wait_for(r"State: inactive → active", after=first.mark())
            first.quit()
        finally:
            first.kill()
        with open(path) as file:
            saved = json.load(file)
        app = App(self.binary, data, "--ios", "13")
        try:
            app.wait_for(r"State: inactive → active")
            self.fill(data)
            mark = app.mark()
            app.send("home")
            line = app.wait_for(r"BGTaskScheduler: cannot save the pending requests: .*background-task-requests\.json",
                                timeout=20, after=mark)
            with open(path) as file:
                if json.load(file) != saved:
                    raise Failure("the saved requests changed although the save failed")
            self.free(data)
            freed = time.time_ns()
            mark = app.mark()
            app.send("open")
            app.wait_for(r"State: inactive → active", after=mark)
            app.send("home")
            app.quit()  # returns once the save is on disk
            failed = [entry for entry in app.since(mark) if "cannot save the pending requests" in entry]
        finally:
            app.kill()
        if failed:
            raise Failure(f"the save after space returned failed: {message(failed[0])}")
        if os.stat(path).st_mtime_ns < freed:
            raise Failure(f"{path} was not saved again after space returned")
        with open(path) as file:
            contents = json.load(file)
        if contents.get("version") != 1 or not contents.get("requests"):
            raise Failure(f"the save after space returned is not a list of requests: {contents}")
        return message(line)


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
                 "same, and the next connect after space returns saves it: the app relaunched for VoIP connects "
                 "to it by itself")

    def run(self, data, rng):
        from peers import LineServer

        self.mount(data)
        peer = LineServer(lambda connection: connection.recv(1024))
        app = App(self.binary, data, "--ios", "9")
        try:
            app.wait_for(r"State: inactive → active")
            self.fill(data)
            app.send(f"voip connect 127.0.0.1 {peer.port}")
            line = app.wait_for(r"VoIP: could not save the endpoint in .*voip-endpoint\.json")
            wait_until(lambda: app.status()["screens"]["voip"]["connection"]["connections"] >= 1, 20, "the connection")
            self.free(data)
            mark = app.mark()
            app.send("voip disconnect", f"voip connect 127.0.0.1 {peer.port}")
            wait_until(lambda: app.status()["screens"]["voip"]["connection"]["connections"] >= 2, 20,
                       "the second connection")
            app.quit()
            unsaved = [entry for entry in app.since(mark) if "could not save the endpoint" in entry]
        finally:
            app.kill()
        try:
            if unsaved:
                raise Failure(f"the connect after space returned did not save: {message(unsaved[0])}")
            # Saved: the app relaunched for VoIP reads it back and connects by itself.
            again = App(self.binary, data, "--ios", "9", "--launch-reason", "voip")
            try:
                connection = again.wait_for_status(
                    lambda status: (c := status["screens"]["voip"]["connection"])["connections"] >= 1 and c,
                    20, "the relaunched app to connect to the saved endpoint")
                if connection["endpoint"] != f"127.0.0.1:{peer.port}":
                    raise Failure(f"the relaunched app connected to {connection['endpoint']}, not the saved endpoint")
                again.quit()
            finally:
                again.kill()
        finally:
            peer.close()
        return message(line)
