"""kill -9 at seeded random moments, and what must hold after: the data directory reopens, no
SQLite file is corrupt, nothing reported as stored is lost, a download ends byte-identical."""

import datetime
import glob
import hashlib
import json
import os
import re
import sqlite3
import subprocess
import threading
import urllib.request

from app import Cell, App, Failure, check_databases, message, reopen, stray_files, wait_until
from peers import LineServer, PausingIssueServer, reset

ISSUE_PATH = "/issues/the-backgrounder-2013.pdf"


def sha256_of_url(url):
    digest = hashlib.sha256()
    with urllib.request.urlopen(url, timeout=60) as response:
        while chunk := response.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def sha256_of_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while chunk := file.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def stored_issue(data, filename="the-backgrounder-2013.pdf"):
    return os.path.join(data, "newsstand", "Issues", "test", filename)


def wait_until_handed_over(app, filename="the-backgrounder-2013.pdf"):
    """Waits until the app took the finished issue (see `App.wait_for_issue_file`)."""
    app.wait_for_issue_file("test", filename)


class DownloadKill(Cell):
    name = "kill -9 during a download"
    invariant = ("killed while the server holds the download mid-body: the data directory reopens, "
                 "newsstand.sqlite passes integrity_check, the reopened app resumes by itself with a Range "
                 "from at least the bytes it reported written to at most the bytes the server sent, and the "
                 "issue ends byte-identical to the server's file")

    def run(self, data, rng):
        size = PausingIssueServer.SIZE
        server = PausingIssueServer(pause_at=rng.randrange(1 << 20, size - (1 << 20)))
        try:
            app = App(self.binary, data, "--content-port", "0")
            try:
                app.send(f"newsstand download {server.url}")
                # In flight: the server sent `pause_at` bytes and holds the rest back.
                wait_until(server.paused.is_set, 60, "the server to send the first part")
                # The app's own word that bytes are on disk: the progress it shows.
                written = app.wait_for_status(lambda status: self._written(status), 60, "the app to report bytes written")
                threading.Event().wait(rng.uniform(0, 0.3))
            finally:
                app.kill()
                server.release()
            check_databases(data)
            resumed = App(self.binary, data, "--content-port", "0")
            try:
                # No `newsstand download` here: the system takes the download up again itself.
                line = resumed.wait_for(r"Newsstand: resuming .* for issue test at byte (\d+)", timeout=60)
                resumed.wait_for(r"Newsstand: downloaded issue\.pdf", timeout=120)
                wait_until_handed_over(resumed, "issue.pdf")
                resumed.quit()
            finally:
                resumed.kill()
        finally:
            server.close()
        check_databases(data)
        if len(server.requests) != 2:
            raise Failure(f"the server saw {len(server.requests)} requests (range start, status): {server.requests}; "
                          "one first download and one resume were expected")
        offset, status = server.requests[1]
        if status != 206 or offset is None:
            raise Failure(f"the second request asked for {offset!r} (status {status}): not a resume")
        if not written <= offset <= server.pause_at:
            raise Failure(f"the resume asked from byte {offset}; the app had reported {written} bytes written and the "
                          f"server had sent {server.pause_at}")
        if int(re.search(r"at byte (\d+)", line).group(1)) != offset:
            raise Failure(f"the console's resume line ({message(line)}) differs from the Range the server saw ({offset})")
        stored = stored_issue(data, "issue.pdf")
        if sha256_of_file(stored) != hashlib.sha256(PausingIssueServer.body).hexdigest():
            raise Failure(f"{stored} differs from the server's file")
        return f"killed at {written} bytes reported ({server.pause_at} sent), resumed at byte {offset}"

    @staticmethod
    def _written(status):
        issue = next((entry for entry in status["screens"]["newsstand"]["issues"] if entry["name"] == "test"), None)
        return issue["bytesWritten"] if issue and issue["bytesWritten"] > 0 else None


class TrackKill(Cell):
    name = "kill -9 during track inserts"
    invariant = ("track.sqlite passes integrity_check and holds at least every fix `status` reported stored; "
                 "the data directory reopens")


    def run(self, data, rng):
        app = App(self.binary, data, "--location-authorization", "always")
        reported = 0
        try:
            app.send("location on", "location route freeway-drive 200", "home")
            # A run counts only once the app reported a fix stored: before that there is nothing to keep.
            reported = app.wait_for_status(lambda status: status["screens"]["location"]["storedCount"], 30,
                                           "a fix reported stored")
            for _ in range(rng.randint(1, 4)):
                threading.Event().wait(rng.uniform(0.05, 0.5))
                reported = max(reported, app.status()["screens"]["location"]["storedCount"])
            threading.Event().wait(rng.uniform(0, 0.3))
        finally:
            app.kill()
        check_databases(data)
        track = os.path.join(data, "location", "track.sqlite")
        with sqlite3.connect(track) as connection:
            count = connection.execute("SELECT COUNT(*) FROM fix").fetchone()[0]
        if count < reported:
            raise Failure(f"status reported {reported} stored fixes; track.sqlite holds {count}")
        status, _ = reopen(self.binary, data)
        if status["screens"]["location"]["storedCount"] < reported:
            raise Failure("the reopened app counts fewer fixes than were reported stored")


class TaskRequestKill(Cell):
    name = "kill -9 during BG-task request saves"
    invariant = ("after a first launch saved requests and quit, a second launch killed amid saves leaves "
                 "background-task-requests.json a whole list, and the reopened app's `bgtask list` shows exactly "
                 "its requests (kind, identifier, date, conditions); no temporary file is left behind")

    def run(self, data, rng):
        path = os.path.join(data, "system", "background-task-requests.json")
        # A save first, so that a kill before the second launch's first save cannot pass on an
        # absent file: `quit` returns once every save asked for is on disk (Device.shutdown).
        first = App(self.binary, data, "--ios", "13")
        try:
            first.wait_for(r"State: inactive → active")
            first.send("home", "open")
            first.wait_for(r"State: inactive → active", after=first.mark())
            first.quit()
        finally:
            first.kill()
        if not os.path.exists(path):
            raise Failure(f"the first launch saved no requests: {path} is absent after `quit`")
        app = App(self.binary, data, "--ios", "13")
        try:
            app.wait_for(r"State: inactive → active")
            for _ in range(rng.randint(1, 20)):
                app.send("home", "open")
            threading.Event().wait(rng.uniform(0, 0.3))
        finally:
            app.kill()
        if not os.path.exists(path):
            raise Failure(f"{path} is gone after the kill")
        with open(path) as file:
            try:
                contents = json.load(file)
            except ValueError as error:
                raise Failure(f"{path} is not whole JSON after the kill: {error}") from None
        if contents.get("version") != 1 or not isinstance(contents.get("requests"), list):
            raise Failure(f"{path} is not a version 1 list of requests: {contents}")
        listed, output = self._listed(data)
        stored = [self._comparable(request) for request in contents["requests"]]
        if not self._same(listed, stored):
            raise Failure(f"the reopened app's `bgtask list` shows {listed}, not the {len(stored)} requests stored in "
                          f"{path}: {stored}; its console: {[message(line) for line in output[-6:]]}")
        strays = stray_files(os.path.join(data, "system"))
        if strays:
            raise Failure(f"temporary files left behind: {strays}")
        return f"{len(contents['requests'])} requests read back"

    def _listed(self, data):
        """The pending requests `bgtask list` shows on a reopened app that has not left the screen
        (the Fetch tab submits its request only when the app leaves it), comparable with the
        stored ones; and the console."""
        app = App(self.binary, data, "--ios", "13")
        try:
            app.wait_for(r"State: inactive → active")
            mark = app.mark()
            app.send("bgtask list")
            listing = json.loads(app.wait_for(r'^\{"pending"', after=mark))
            app.quit()
        finally:
            app.kill()
        return [self._comparable(request) for request in listing["pending"]], app.output()

    @staticmethod
    def _comparable(request):
        """A request as a tuple: kind, identifier, conditions, and its date in seconds since 1970
        (the file keeps them with their fraction, `bgtask list` writes ISO 8601 without one)."""
        date = request.get("earliestBeginDate")
        if isinstance(date, str):
            date = datetime.datetime.fromisoformat(date.replace("Z", "+00:00")).timestamp()
        return (request["kind"], request["identifier"], request.get("requiresNetworkConnectivity", False),
                request.get("requiresExternalPower", False), date)

    @staticmethod
    def _same(listed, stored):
        """Whether the two lists hold the same requests, in any order, their dates within the
        second an ISO 8601 date without a fraction leaves."""
        if len(listed) != len(stored):
            return False
        key = lambda request: request[:4]
        for shown, kept in zip(sorted(listed, key=key), sorted(stored, key=key)):
            if shown[:4] != kept[:4] or (shown[4] is None) != (kept[4] is None):
                return False
            if shown[4] is not None and abs(shown[4] - kept[4]) >= 1:
                return False
        return True


class PairingTokenKill(Cell):
    name = "kill -9 during the pairing-token write"
    invariant = ("the next `backgrounder pair` prints a 64-digit token, the same one as before if one was "
                 "printed; no temporary file is left behind")


    def run(self, data, rng):
        os.makedirs(data, exist_ok=True)
        printed = None
        for _ in range(3):
            process = subprocess.Popen([self.binary, "pair", "--data-dir", data], stdout=subprocess.PIPE, text=True)
            try:
                out, _ = process.communicate(timeout=rng.uniform(0.0, 0.15))
                if process.returncode == 0 and out.strip():
                    printed = printed or out.strip()
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()
        result = subprocess.run([self.binary, "pair", "--data-dir", data], capture_output=True, text=True, timeout=30)
        token = result.stdout.strip()
        if result.returncode != 0 or not re.fullmatch(r"[0-9a-f]{64}", token):
            raise Failure(f"`pair` after the kills gave {result.returncode}: {token!r} {result.stderr.strip()!r}")
        if printed is not None and token != printed:
            raise Failure("the token changed after a kill")
        strays = [path for path in glob.glob(os.path.join(data, ".*")) if "pairing-token" in path]
        if strays:
            raise Failure(f"temporary files left behind: {strays}")


class VoIPReconnectKill(Cell):
    name = "kill -9 during a VoIP reconnect"
    invariant = ("the data directory reopens, and the app relaunched for VoIP (`--launch-reason voip`, as the "
                 "system relaunches a VoIP app) connects again by itself to the endpoint it saved")

    def run(self, data, rng):
        peer = LineServer(reset)
        endpoint = f"127.0.0.1:{peer.port}"
        try:
            app = App(self.binary, data, "--ios", "9", "--voip-backoff-cap", "1")
            try:
                mark = app.mark()
                app.send(f"voip connect 127.0.0.1 {peer.port}")
                # The service saves the endpoint before its first attempt: a connection means it was saved.
                wait_until(lambda: peer.accepted >= 1, 20, "the app to connect")
                threading.Event().wait(rng.uniform(0, 1.5))
                unsaved = [line for line in app.since(mark) if "could not save the endpoint" in line]
            finally:
                app.kill()
            if unsaved:
                raise Failure(f"the endpoint was not saved: {message(unsaved[0])}")
            before = peer.accepted
            again = App(self.binary, data, "--ios", "9", "--voip-backoff-cap", "1", "--launch-reason", "voip")
            try:
                # No `voip connect` here: the relaunched app reads the endpoint it saved. Its own
                # count of connections opened says it connected (a connection of the killed process
                # still in the listener's backlog would count at the peer).
                connection = again.wait_for_status(
                    lambda status: (c := status["screens"]["voip"]["connection"])["connections"] >= 1 and c,
                    20, "the relaunched app to connect to its saved endpoint")
                if connection["endpoint"] != endpoint:
                    raise Failure(f"the relaunched app's socket is to {connection['endpoint']}, not the saved {endpoint}")
                wait_until(lambda: peer.accepted > before, 20, "the peer to see the new connection")
                again.quit()
            finally:
                again.kill()
        finally:
            peer.close()
        return f"{peer.accepted - before} connections after the relaunch"
