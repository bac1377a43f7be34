"""Move round trip of ``tanktable serve``: from the POST of a human move to the
other seat receiving the updated state on its push stream (Server-Sent Events).

A real server (uvicorn) on 127.0.0.1, two human seats, moves chosen at random
from what the mover is sent; no computer thinking is in the figures. First one
table per ruleset alone, then ``--tables`` tables at once (the rulesets in
turn), each played by its own scripted clients: every move must be answered,
and every game's record must hold exactly the moves its clients made (no lost
move).

Then the Battle of Tanks drive check: the ``preview`` a page asks when a dragged
path rests (issue 29.1, goal p95 <= 50 ms).

Run: ``.venv/bin/python bench/web.py [MOVES] [--tables 20] [--drive-checks 200]``;
figures go to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import math
import queue
import random
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
import yaml

from cli.serve.app import create_app
from cli.serve.store import GameStore

KEY = "bench"


def listen(client: httpx.Client, url: str, out: queue.Queue[tuple[float, dict[str, Any]]]) -> None:
    with client.stream("GET", url, timeout=None) as r:
        for line in r.iter_lines():
            if line.startswith("data: "):
                out.put((time.perf_counter(), json.loads(line[6:])))


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


RULESETS = (("tank-chess", ("white", "black"), []),
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("moves", type=int, nargs="?", default=200)
    parser.add_argument("--tables", type=int, default=20, help="tables played at once (0: none)")
    parser.add_argument("--moves-at-once", type=int, default=60, help="moves per table when at once")
    parser.add_argument("--drive-checks", type=int, default=200,
                        help="Battle of Tanks drive checks (preview of a dragged path) to time")
    args = parser.parse_args()
    app, _server = create_app(GameStore(GAMES, agent_kinds=["greedy"]), host_key=KEY)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(256)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    for ruleset, players, options in RULESETS:
        times = run(ruleset, players, args.moves, base, options)
        print(f"{ruleset:20} moves {len(times):4}  median {statistics.median(times):6.1f} ms  "
              f"p95 {p95(times):6.1f} ms", flush=True)
    checks, peer = drive_checks(base, args.drive_checks)
    print(f"{'drive check':20} asks  {len(checks):4}  median {statistics.median(checks):6.1f} ms  "
          f"p95 {p95(checks):6.1f} ms  (the ruler's measure, asked alike: median "
          f"{statistics.median(peer):.1f} ms, p95 {p95(peer):.1f} ms; ratio of p95 "
          f"{p95(checks) / p95(peer):.2f})", flush=True)
    if args.tables:
        at_once(args.tables, args.moves_at_once, base)
    server.should_exit = True


if __name__ == "__main__":
    main()
