"""Move round trip of ``tanktable serve``: from the POST of a human move to the
other seat receiving the updated state on its push stream (Server-Sent Events).

A real server (uvicorn) on 127.0.0.1, two human seats, moves chosen at random
from what the mover is sent; no computer thinking is in the figures. First one
table per ruleset alone, then ``--tables`` tables at once (the rulesets in
turn), each played by its own scripted clients: every move must be answered,
and every game's record must hold exactly the moves its clients made (no lost
move).

A club night (``--club TABLES``): Tank Chess tables each making a move every
``--pace`` seconds for ``--seconds``, both seats of every table listening on
their push streams and the seat to move asking for its notes as the page
does, against a server in a process of its own (``--workers`` notes
processes), the clients in this one. A table whose game ends starts a new one.

Then the Battle of Tanks drive check: the ``preview`` a page asks when a dragged
path rests (issue 29.1, goal p95 <= 50 ms).

The server listens as ``tanktable serve`` does, with ``TCP_NODELAY`` (the
clients, httpx's, connect with it as a browser does): with Nagle's algorithm
on either side a small answer or a POST's body waits ~40 ms for a delayed ACK
(issue 61.6). The clients read the push streams as the page does, hearing the
server's idle ``ping`` events as pings, not as states.

Run: ``.venv/bin/python bench/web.py [MOVES] [--tables 20] [--drive-checks 200]`` or
``.venv/bin/python bench/web.py --club 40 --pace 4 --seconds 40``; figures go
to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import queue
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import uvicorn
import yaml

from cli.serve.app import create_app
from cli.serve.store import GameStore

KEY = "bench"


def listening(backlog: int) -> socket.socket:
    """A socket on a free port of 127.0.0.1 opened as ``tanktable serve`` opens its own
    (TCP by name, ``TCP_NODELAY``); for a server from before that (measured as the
    peer), as it opened it."""
    try:
        from cli.serve.run import listening_socket
    except ImportError:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(backlog)
        return sock
    sock = listening_socket("127.0.0.1", 0)
    sock.listen(backlog)
    return sock


def states_of(lines: Iterable[str]) -> Iterator[tuple[float, dict[str, Any]]]:
    """The states a push stream (Server-Sent Events) brings, each with when it came;
    every other event (the server's ``ping`` on an idle stream) is skipped."""
    event = "message"
    data: list[str] = []
    for line in lines:
        if line == "":
            if data and event == "message":
                yield time.perf_counter(), json.loads("\n".join(data))
            event, data = "message", []
        elif line.startswith("event:"):
            event = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].removeprefix(" "))


def listen(client: httpx.Client, url: str, out: queue.Queue[tuple[float, dict[str, Any]]]) -> None:
    with client.stream("GET", url, timeout=None) as r:
        for got in states_of(r.iter_lines()):
            out.put(got)


NOTES: dict[str, list[float]] = {}
"""By ruleset: from a move's POST to the other seat holding the notes it asked for."""
GAMES = Path(tempfile.mkdtemp())
"""The server's games directory: where each table's record is read back."""


def run(ruleset: str, players: tuple[str, str], moves: int, base: str, options: list[str],
        seed: int = 1) -> list[float]:
    """Round trips (ms) of up to ``moves`` random moves at one new table; raises on a
    refused move or when the game's record does not hold exactly the moves made."""
    client = httpx.Client(base_url=base, timeout=60, headers={"origin": base})  # as the page does
    game = client.post("/api/games", headers={"x-host-key": KEY}, json={
        "ruleset": ruleset, "seed": seed, "seats": {p: "human" for p in players}, "options": options}).json()
    api = {p: "/api" + game["links"][p][game["links"][p].index("/t/"):] for p in players}
    streams: dict[str, queue.Queue[tuple[float, dict[str, Any]]]] = {p: queue.Queue() for p in players}
    for p in players:
        threading.Thread(target=listen, args=(httpx.Client(base_url=base), f"{api[p]}/stream", streams[p]),
                         daemon=True).start()
    rng = random.Random(seed)
    times: list[float] = []
    states = {p: streams[p].get()[1] for p in players}
    for _ in range(moves):
        mover = next(p for p in players if states[p]["your_turn"])
        other = next(p for p in players if p != mover)
        choice = rng.choice(states[mover]["actions"])["text"]
        start = time.perf_counter()
        answer = client.post(f"{api[mover]}/act", json={"move": choice})
        assert answer.status_code == 200, answer.text
        states[mover] = answer.json()
        version = states[mover]["version"]
        while True:
            at, state = streams[other].get(timeout=30)
            if state["version"] >= version:
                break
        times.append((at - start) * 1000)
        states[other] = state
        if state.get("notes") == "later":  # the page asks for the notes after the board
            r = client.get(f"{api[other]}/notes", params={"version": state["version"]})
            assert r.status_code == 200, r.text
            NOTES.setdefault(ruleset, []).append((time.perf_counter() - start) * 1000)
        while not streams[mover].empty():
            streams[mover].get()
        if state["outcome"] is not None:
            break
    # the record as saved (a hidden-information game's is not offered before its end)
    record = yaml.safe_load((GAMES / f"{game['id']}.yaml").read_text(encoding="utf-8"))
    kept = len(record.get("moves") or [])
    assert kept == len(times), f"{ruleset} table {seed}: {len(times)} moves made, the record holds {kept}"
    return times


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


RULESETS: tuple[tuple[str, tuple[str, str], list[str]], ...] = (
    ("tank-chess", ("white", "black"), []),
    ("duel-of-the-giants", ("german", "soviet"), []),
    ("battle-of-tanks", ("a", "b"), []))


def at_once(tables: int, moves: int, base: str) -> None:
    """``tables`` tables played at the same time, one thread of clients each."""
    results: dict[int, list[float]] = {}
    errors: list[str] = []

    def play(i: int) -> None:
        ruleset, players, options = RULESETS[i % len(RULESETS)]
        try:
            results[i] = run(ruleset, players, moves, base, options, seed=100 + i)
        except Exception as exc:  # noqa: BLE001 - counted and shown
            errors.append(f"table {i} ({ruleset}): {type(exc).__name__}: {exc}")

    started = time.perf_counter()
    threads = [threading.Thread(target=play, args=(i,)) for i in range(tables)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    every = [ms for times in results.values() for ms in times]
    lost = sum(1 for e in errors if "the record holds" in e)
    print(f"{tables} tables at once: {len(every)} moves in {elapsed:.1f} s, errors {len(errors)}, "
          f"records with a lost move {lost} of {tables}; round trip median "
          f"{statistics.median(every):.1f} ms, p95 {p95(every):.1f} ms")
    for ruleset, _players, _options in RULESETS:
        mine = [ms for i, times in results.items() for ms in times if RULESETS[i % len(RULESETS)][0] == ruleset]
        if mine:
            print(f"  {ruleset:20} moves {len(mine):5}  median {statistics.median(mine):6.1f} ms  "
                  f"p95 {p95(mine):6.1f} ms")
    for line in errors[:10]:
        print("  " + line)


def drive_checks(base: str, checks: int, seed: int = 7) -> tuple[list[float], list[float]]:
    """Round trips (ms) of the browser's drive check (issue 29.1): the ``preview PATH``
    question a Battle of Tanks page asks when a dragged path rests (``ask`` with
    ``brief``), for ``checks`` random paths of the tank due to drive; and, as the
    peer measured in the same run, the ruler's ``measure`` between the tank and the
    same point, asked the same way."""
    client = httpx.Client(base_url=base, timeout=60, headers={"origin": base})
    game = client.post("/api/games", headers={"x-host-key": KEY}, json={
        "ruleset": "battle-of-tanks", "seed": seed, "seats": {"a": "human", "b": "human"}}).json()
    api = {p: "/api" + game["links"][p][game["links"][p].index("/t/"):] for p in ("a", "b")}
    rng = random.Random(seed)
    for _ in range(100):
        states = {p: client.get(f"{api[p]}/state").json() for p in api}
        mover = next(p for p in api if states[p]["your_turn"])
        if "drive" in states[mover]:
            break
        texts = [a["text"] for a in states[mover]["actions"]]
        moves = [t for t in texts if t.endswith(" move")]
        client.post(f"{api[mover]}/act", json={"move": moves[0] if moves else rng.choice(texts)})
    drive = states[mover]["drive"]
    times: list[float] = []
    peer: list[float] = []
    for _ in range(checks):
        angle, dist = rng.uniform(0, 2 * math.pi), rng.uniform(0, 1.2) * drive["allowance"]
        x, y = drive["x"] + dist * math.cos(angle), drive["y"] + dist * math.sin(angle)
        for command, out in ((f"preview to {x:.1f},{y:.1f}", times), (f"measure {drive['mover']} {x:.1f},{y:.1f}", peer)):
            start = time.perf_counter()
            answer = client.post(f"{api[mover]}/ask", json={"command": command, "brief": True})
            out.append((time.perf_counter() - start) * 1000)
            assert answer.status_code == 200 and " cm" in answer.json()["answer"], answer.text
    return times, peer


# ------------------------------------------------------------------ club night
def serve_alone(folder: str, workers: int) -> None:
    """The server of a club night, in this process: prints its port, serves until killed."""
    store = GameStore(Path(folder), agent_kinds=["greedy"])
    try:
        app, server = create_app(store, host_key=KEY, workers=workers)
    except TypeError:  # a server from before the notes workers (measured as the peer)
        app, server = create_app(store, host_key=KEY)
    sock = listening(1024)
    print(sock.getsockname()[1], flush=True)

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            server.close_streams()  # as `tanktable serve` stops: the push streams end at once
            super().handle_exit(sig, frame)

    Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1,
                          timeout_keep_alive=75)).run(sockets=[sock])


class ClubTable:
    """One table of the club night: its two seats' streams and a move every ``pace`` s."""

    def __init__(self, base: str, index: int, pace: float, until: float, times: list[float],
                 errors: list[str]):
        self.base, self.index, self.pace, self.until = base, index, pace, until
        self.times, self.errors = times, errors
        self.client = httpx.Client(base_url=base, timeout=60, headers={"origin": base})
        self.rng = random.Random(index)
        self.games = 0
        self.started = 0.0
        """When the clock started (every table open)."""
        self.notes_times: list[float] = []
        """From a state's arrival to its notes' (the page's moves list complete)."""

    def new_game(self) -> tuple[dict[str, str], dict[str, queue.Queue[tuple[float, dict[str, Any]]]]]:
        self.games += 1
        game = self.client.post("/api/games", headers={"x-host-key": KEY}, json={
            "ruleset": "tank-chess", "seed": 1000 * self.index + self.games,
            "seats": {"white": "human", "black": "human"}}).json()
        api = {p: "/api" + game["links"][p][game["links"][p].index("/t/"):] for p in ("white", "black")}
        streams: dict[str, queue.Queue[tuple[float, dict[str, Any]]]] = {p: queue.Queue() for p in api}
        for p in api:
            threading.Thread(target=self.listen, args=(api[p], streams[p]), daemon=True).start()
        return api, streams

    def listen(self, api: str, out: queue.Queue[tuple[float, dict[str, Any]]]) -> None:
        """A seat's page: its push stream, and its notes asked for as the page asks."""
        client = httpx.Client(base_url=self.base, headers={"origin": self.base})
        with contextlib.suppress(httpx.HTTPError), client.stream("GET", f"{api}/stream", timeout=None) as r:
            for at, state in states_of(r.iter_lines()):  # until the game ends or the server stops
                out.put((at, state))
                if state.get("notes") == "later":  # as the page: asked, not waited for
                    NOTES_ASKED.submit(self.notes, client, api, state["version"], at)
                if state["outcome"] is not None:
                    return

    def notes(self, client: httpx.Client, api: str, version: int, since: float) -> None:
        with contextlib.suppress(httpx.HTTPError):
            r = client.get(f"{api}/notes", params={"version": version})
            if r.status_code == 200 and self.started and since >= self.started:  # once the clock runs
                self.notes_times.append((time.perf_counter() - since) * 1000)

    def play(self, ready: threading.Semaphore, start: threading.Event) -> None:
        """Open the table, say it is ready, and play from ``start`` until :attr:`until`."""
        try:
            try:
                api, streams = self.new_game()
                states = {p: streams[p].get(timeout=60)[1] for p in api}
            finally:
                ready.release()
            start.wait()
            self._play(api, streams, states)
        except Exception as exc:  # noqa: BLE001 - counted and shown
            self.errors.append(f"table {self.index}: {type(exc).__name__}: {exc}")

    def _play(self, api: dict[str, str], streams: dict[str, queue.Queue[tuple[float, dict[str, Any]]]],
              states: dict[str, dict[str, Any]]) -> None:
        next_move = time.perf_counter() + self.rng.uniform(0, self.pace)
        while True:
            time.sleep(max(0.0, next_move - time.perf_counter()))
            if time.perf_counter() > self.until:
                return
            next_move += self.pace
            mover = next(p for p in api if states[p]["your_turn"])
            other = next(p for p in api if p != mover)
            choice = self.rng.choice(states[mover]["actions"])["text"]
            start = time.perf_counter()
            answer = self.client.post(f"{api[mover]}/act", json={"move": choice})
            assert answer.status_code == 200, answer.text
            version = answer.json()["version"]
            while True:
                at, state = streams[other].get(timeout=30)
                if state["version"] >= version:
                    break
            self.times.append((at - start) * 1000)
            states[other] = state
            while True:  # the mover's own stream brings the same version
                _at, mine = streams[mover].get(timeout=30)
                if mine["version"] >= version:
                    states[mover] = mine
                    break
            if state["outcome"] is not None:
                api, streams = self.new_game()
                states = {p: streams[p].get(timeout=30)[1] for p in api}


NOTES_ASKED = ThreadPoolExecutor(max_workers=16)
"""The club night's pages asking for notes, beside their push streams."""


def cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU time (user + system) of a process and of its child processes, in seconds (Linux)."""
    def of(p: int) -> float:
        fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def parent(p: Path) -> int:
        try:
            return int((p / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return -1

    children = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and parent(p) == pid]
    return of(pid), sum(of(c) for c in children)


def club(tables: int, pace: float, seconds: float, workers: int) -> None:
    """A club night: ``tables`` Tank Chess tables, a move every ``pace`` s each."""
    folder = tempfile.mkdtemp()
    server = subprocess.Popen([sys.executable, __file__, "--serve-alone", folder, "--workers", str(workers)],
                              stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        assert server.stdout is not None
        base = f"http://127.0.0.1:{server.stdout.readline().strip()}"
        for _ in range(100):
            try:
                httpx.get(f"{base}/", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        times: list[float] = []
        errors: list[str] = []
        players = [ClubTable(base, i, pace, 0.0, times, errors) for i in range(tables)]
        ready, start = threading.Semaphore(0), threading.Event()
        threads = [threading.Thread(target=p.play, args=(ready, start)) for p in players]
        for t in threads:
            t.start()
        for _ in players:  # every table open and both its seats listening; then the clock runs
            ready.acquire()
        now = time.perf_counter()
        for p in players:
            p.started, p.until = now, now + seconds
        start.set()
        for t in threads:
            t.join()
        ordered = sorted(times)
        print(f"club night: {tables} tank-chess tables, a move every {pace:g} s each "
              f"({tables / pace:.1f} moves/s), {workers} notes workers: {len(times)} moves, "
              f"errors {len(errors)}; POST to the other seat's update median "
              f"{statistics.median(ordered):.1f} ms, p95 {p95(ordered):.1f} ms, max {ordered[-1]:.1f} ms",
              flush=True)
        notes = sorted(ms for p in players for ms in p.notes_times)
        if notes:
            print(f"  notes after the update: median {statistics.median(notes):.1f} ms, "
                  f"p95 {p95(notes):.1f} ms", flush=True)
        own, in_workers = cpu_seconds(server.pid)
        print(f"  server CPU per move: {1000 * own / max(1, len(times)):.1f} ms in its own process, "
              f"{1000 * in_workers / max(1, len(times)):.1f} ms in its workers", flush=True)
        for line in errors[:10]:
            print("  " + line)
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("moves", type=int, nargs="?", default=200)
    parser.add_argument("--tables", type=int, default=20, help="tables played at once (0: none)")
    parser.add_argument("--moves-at-once", type=int, default=60, help="moves per table when at once")
    parser.add_argument("--drive-checks", type=int, default=200,
                        help="Battle of Tanks drive checks (preview of a dragged path) to time")
    parser.add_argument("--club", type=int, default=0, metavar="TABLES",
                        help="a club night of TABLES Tank Chess tables instead (server in its own process)")
    parser.add_argument("--pace", type=float, default=4.0, help="club night: seconds between a table's moves")
    parser.add_argument("--seconds", type=float, default=40.0, help="club night: how long it lasts")
    parser.add_argument("--workers", type=int, default=2, help="the server's notes worker processes")
    parser.add_argument("--serve-alone", metavar="FOLDER", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_alone:
        serve_alone(args.serve_alone, args.workers)
        return
    if args.club:
        club(args.club, args.pace, args.seconds, args.workers)
        return
    try:
        app, _server = create_app(GameStore(GAMES, agent_kinds=["greedy"]), host_key=KEY,
                                  workers=args.workers)
    except TypeError:  # a server from before the notes workers (measured as the peer)
        app, _server = create_app(GameStore(GAMES, agent_kinds=["greedy"]), host_key=KEY)
    sock = listening(256)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    for ruleset, players, options in RULESETS:
        times = run(ruleset, players, args.moves, base, options)
        print(f"{ruleset:20} moves {len(times):4}  median {statistics.median(times):6.1f} ms  "
              f"p95 {p95(times):6.1f} ms", flush=True)
        if NOTES.get(ruleset):
            notes = NOTES[ruleset]
            print(f"{'':20} notes after the board: {len(notes)} times, median "
                  f"{statistics.median(notes):6.1f} ms, p95 {p95(notes):6.1f} ms", flush=True)
    if args.drive_checks > 0:
        report_drive_checks(base, args.drive_checks)
    if args.tables:
        at_once(args.tables, args.moves_at_once, base)
    server.should_exit = True


def report_drive_checks(base: str, count: int) -> None:
    """Time ``count`` drive checks and print their figures beside the ruler's."""
    checks, peer = drive_checks(base, count)
    print(f"{'drive check':20} asks  {len(checks):4}  median {statistics.median(checks):6.1f} ms  "
          f"p95 {p95(checks):6.1f} ms  (the ruler's measure, asked alike: median "
          f"{statistics.median(peer):.1f} ms, p95 {p95(peer):.1f} ms; ratio of p95 "
          f"{p95(checks) / p95(peer):.2f})", flush=True)


if __name__ == "__main__":
    main()
