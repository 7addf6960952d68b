"""kill -9 at seeded random moments, and what must hold after: the data directory reopens, no
SQLite file is corrupt, nothing reported as stored is lost, a download ends byte-identical."""

import glob
import hashlib
import json
import os
import re
import sqlite3
import subprocess
import threading
import urllib.request

from app import Cell, App, Failure, check_databases, free_port, reopen, stray_files, wait_until
from peers import LineServer, reset

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


def issue_listing(app):
    """`newsstand list`'s line for issue `test`, or None."""
    mark = app.mark()
    app.send("newsstand list", "status")
    app.wait_for(r'^\{"activities"', after=mark)
    for line in app.since(mark):
        if line.startswith("test "):
            return line
    return None


def stored_issue(data):
    return os.path.join(data, "newsstand", "Issues", "test", "the-backgrounder-2013.pdf")


def wait_until_handed_over(app):
    """Waits until the app took the finished issue (see `App.wait_for_issue_file`)."""
    app.wait_for_issue_file("test", "the-backgrounder-2013.pdf")


class DownloadKill(Cell):
    name = "kill -9 during a download"
    invariant = ("the data directory reopens, newsstand.sqlite passes integrity_check, the download resumes "
                 "and ends byte-identical to the server's file")

    def __init__(self, binary):
        super().__init__(binary)
        self.reference = None

    def run(self, data, rng):
        port = free_port()
        app = App(self.binary, data, "--content-port", str(port), "--content-rate", "40MB/s")
        try:
            app.wait_for(r"Content server: ")
            if self.reference is None:
                self.reference = sha256_of_url(f"http://127.0.0.1:{port}{ISSUE_PATH}")
            app.send("newsstand download")
            wait_until(lambda: os.path.isdir(os.path.join(data, "newsstand")), 10, "the library")
            threading.Event().wait(rng.uniform(0, 1.2))
        finally:
            app.kill()
        check_databases(data)
        resumed = App(self.binary, data, "--content-port", str(port), "--content-rate", "unlimited")
        try:
            resumed.wait_for(r"Content server: ")
            listing = issue_listing(resumed)
            if listing is None or "downloading" not in listing and "available" not in listing:
                # Killed before the issue was stored: nothing was reported, so start it now.
                resumed.send("newsstand download")
            resumed.wait_for(r"Newsstand: downloaded the-backgrounder-2013\.pdf", timeout=120)
            wait_until_handed_over(resumed)
            resumed.quit()
        finally:
            resumed.kill()
        check_databases(data)
        stored = stored_issue(data)
        if sha256_of_file(stored) != self.reference:
            raise Failure(f"{stored} differs from the server's file")


class TrackKill(Cell):
    name = "kill -9 during track inserts"
    invariant = ("track.sqlite passes integrity_check and holds at least every fix `status` reported stored; "
                 "the data directory reopens")


    def run(self, data, rng):
        app = App(self.binary, data, "--location-authorization", "always")
        reported = 0
        try:
            app.send("location on", "location route freeway-drive 200", "home")
            for _ in range(rng.randint(1, 4)):
                threading.Event().wait(rng.uniform(0.05, 0.5))
                reported = max(reported, app.status()["screens"]["location"]["storedCount"])
            threading.Event().wait(rng.uniform(0, 0.3))
        finally:
            app.kill()
        check_databases(data)
        track = os.path.join(data, "location", "track.sqlite")
        if reported > 0:
            with sqlite3.connect(track) as connection:
                count = connection.execute("SELECT COUNT(*) FROM fix").fetchone()[0]
            if count < reported:
                raise Failure(f"status reported {reported} stored fixes; track.sqlite holds {count}")
        status, _ = reopen(self.binary, data)
        if status["screens"]["location"]["storedCount"] < reported:
            raise Failure("the reopened app counts fewer fixes than were reported stored")


class TaskRequestKill(Cell):
    name = "kill -9 during BG-task request saves"
    invariant = ("background-task-requests.json is absent or a whole list the app reads back; no temporary "
                 "file is left behind; the data directory reopens")


    def run(self, data, rng):
        app = App(self.binary, data, "--ios", "13")
        try:
            app.wait_for(r"State: inactive → active")
            for _ in range(rng.randint(1, 20)):
                app.send("home", "open")
            threading.Event().wait(rng.uniform(0, 0.3))
        finally:
            app.kill()
        path = os.path.join(data, "system", "background-task-requests.json")
        if os.path.exists(path):
            with open(path) as file:
                try:
                    contents = json.load(file)
                except ValueError as error:
                    raise Failure(f"{path} is not whole JSON after the kill: {error}") from None
            if contents.get("version") != 1:
                raise Failure(f"{path} has no version 1: {contents}")
        _, output = reopen(self.binary, data, "--ios", "13")
        if any("set aside" in line or "cannot read" in line.lower() for line in output):
            raise Failure(f"the reopened app could not read its requests: {output[:8]}")
        strays = stray_files(os.path.join(data, "system"))
        if strays:
            raise Failure(f"temporary files left behind: {strays}")


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
    invariant = "the data directory reopens and the reopened app connects again"


    def run(self, data, rng):
        peer = LineServer(reset)
        try:
            app = App(self.binary, data, "--ios", "9", "--voip-backoff-cap", "1")
            try:
                app.send(f"voip connect 127.0.0.1 {peer.port}")
                wait_until(lambda: peer.accepted >= 1, 20, "the app to connect")
                threading.Event().wait(rng.uniform(0, 1.5))
            finally:
                app.kill()
            before = peer.accepted
            again = App(self.binary, data, "--ios", "9", "--voip-backoff-cap", "1")
            try:
                again.send(f"voip connect 127.0.0.1 {peer.port}")
                wait_until(lambda: peer.accepted > before, 20, "the reopened app to connect")
                again.quit()
            finally:
                again.kill()
        finally:
            peer.close()
