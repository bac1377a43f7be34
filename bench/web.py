"""Move round trip of ``tanktable serve``: from the POST of a human move to the
other seat receiving the updated state on its push stream (Server-Sent Events).

A real server (uvicorn) on 127.0.0.1, two human seats, moves chosen at random
from what the mover is sent; no computer thinking is in the figures.
Run: ``.venv/bin/python bench/web.py [MOVES]``; figures go to bench/RESULTS.md.
"""

from __future__ import annotations

import json
import queue
import random
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from cli.serve.app import create_app
from cli.serve.store import GameStore

KEY = "bench"


def listen(client: httpx.Client, url: str, out: queue.Queue[tuple[float, dict[str, Any]]]) -> None:
    with client.stream("GET", url, timeout=None) as r:
        for line in r.iter_lines():
            if line.startswith("data: "):
                out.put((time.perf_counter(), json.loads(line[6:])))


def run(ruleset: str, players: tuple[str, str], moves: int, base: str, options: list[str]) -> list[float]:
    client = httpx.Client(base_url=base, timeout=30)
    game = client.post("/api/games", headers={"x-host-key": KEY}, json={
        "ruleset": ruleset, "seed": 1, "seats": {p: "human" for p in players}, "options": options}).json()
    api = {p: "/api" + game["links"][p][game["links"][p].index("/t/"):] for p in players}
    streams: dict[str, queue.Queue[tuple[float, dict[str, Any]]]] = {p: queue.Queue() for p in players}
    for p in players:
        threading.Thread(target=listen, args=(httpx.Client(base_url=base), f"{api[p]}/stream", streams[p]),
                         daemon=True).start()
    rng = random.Random(1)
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
    return times


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    app, _server = create_app(GameStore(Path(tempfile.mkdtemp()), agent_kinds=["greedy"]), host_key=KEY)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    for ruleset, players, options in (("tank-chess", ("white", "black"), []),
                                      ("duel-of-the-giants", ("german", "soviet"), []),
                                      ("battle-of-tanks", ("a", "b"), [])):
        times = sorted(run(ruleset, players, moves, base, options))
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{ruleset:20} moves {len(times):4}  median {statistics.median(times):6.1f} ms  "
              f"p95 {p95:6.1f} ms")
    server.should_exit = True


if __name__ == "__main__":
    main()
