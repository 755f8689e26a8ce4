"""The event online (issue 40), all of it on one machine, for real:

- the venue's event: a 64-player double elimination (races to 5) on 32 phone tables, served by a
  real `tournament serve` and scored by simulated phones (`bench/phones.py`'s, two per table, each
  table from an address of its own) at `--speed` times a real table's pace;
- `referee-app mirror push` on the organizer's database, to a second PostgreSQL cluster standing
  for the cloud's, through `Gate`, a loopback TCP relay standing for the venue's internet link
  (the bytes it carries up are the uplink);
- two `mirror serve` processes and Debian's nginx on `deploy/mirror/nginx.conf` in front;
- `--viewers` (at least 10,000) simulated viewers in two processes of their own, each a keep-alive
  connection from an address of its own (127.2.x.y), polling `/e/EVENT/live.json` every 5 s (random
  phase) and `/e/EVENT/tournament.json` when its `seq` moved on, each with its validator, as the
  public page does; bounded: they stop by themselves after `--timeout` at the latest;
- `--cut-s` seconds (300) after `--cut-at-s` (200), the venue's link is cut (the relay closes every
  connection and refuses new ones), then restored.

Measured:
- `public_p95_s`: a rack tapped at a table (the phone's send time) to a viewer's poll showing it
  (its match with as many racks, or over), for every rack and every 20th viewer; racks tapped
  while the link is down are left out of it (they cannot reach anyone until it is back: they
  count in `lost` if they never do, and their delay is printed on stderr);
- `lost`: racks acknowledged at the venue that no sampled viewer ever saw;
- `uplink_kBps`: the bytes the venue sent through its link (TLS, PostgreSQL's protocol and all)
  per second of the run;
- `catch_up_s`: from the link restored to the public page (through nginx, as a viewer) showing
  the tournament as the venue held it at that moment;
- `secrets`: the phone tables' keys and the logins' passwords found in the cloud's database
  (every row, the documents decompressed) and in every page the viewers and the bench were served.

Usage: `mirror.py [--viewers 10000] [--speed 50] [--cut-s 300] [--cut-at-s 200]` (smaller numbers for a
quick look). Last line: `viewers N lost 0 public_p95_s X uplink_kBps Y catch_up_s Z secrets 0`
(targets: public_p95_s <= 10, uplink_kBps <= 50, catch_up_s <= 30, lost 0, secrets 0).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from contextlib import closing
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[0] = str(ROOT)  # the project root, not bench/

import itertools

from bench.phones import ended, organizer_db, started
from referee_app.event.session import read_on
from referee_app.log.store import Store
from tests.mirror.stack import Cloud, Gate, MirrorProcess, Nginx, run_cli

EVENT = "bench-open"
POLL_S = 5.0
SAMPLE_EVERY = 20
VIEWER_PROCESSES = 2

VIEWERS = r"""
import asyncio, gzip, json, random, sys, time
config = json.load(open(sys.argv[1]))
port, first, count, deadline = config["port"], config["first"], config["viewers"], time.time() + config["timeout"]
base = config["base"].encode()
secrets = [s.encode() for s in config["secrets"]]
lives, wholes, timelines, found = {}, {}, {}, set()
stats = {"polls": 0, "ok": 0, "not_modified": 0, "errors": 0, "statuses": {}, "late": 0.0, "bytes": 0}
stop = asyncio.Event()

def scan(plain):
    for s in secrets:
        if s in plain:
            found.add(s.decode())

def live_of(plain):
    page = json.loads(plain)
    return {m: sum(r) for m, r in page.get("live", {}).items()}, page.get("seq", 0)

def done_of(plain):
    page = json.loads(plain)
    matches = page.get("show", {}).get("matches", [])
    return {m["id"]: sum(m["score"]) for m in matches if m.get("score") and m.get("status") == "done"}

async def get(reader, writer, path, etag):
    writer.write(b"GET " + base + path + b" HTTP/1.1\r\nHost: live\r\nAccept-Encoding: gzip\r\n"
                 + (b"If-None-Match: " + etag + b"\r\n" if etag else b"") + b"\r\n")
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        if b":" in line:
            k, v = line.split(b":", 1)
            headers[k.strip().lower()] = v.strip()
    body = await asyncio.wait_for(reader.readexactly(int(headers.get(b"content-length", b"0"))), 30)
    stats["polls"] += 1
    stats["bytes"] += len(head) + len(body)
    stats["statuses"][status] = stats["statuses"].get(status, 0) + 1
    stats["ok" if status == 200 else "not_modified" if status == 304 else "errors"] += 1
    etag = headers.get(b"etag", b"")
    new = status == 200 and etag not in lives and etag not in wholes  # a body already read is not read again
    plain = gzip.decompress(body) if new and headers.get(b"content-encoding") == b"gzip" else body
    return status, etag, plain, headers.get(b"connection", b"").lower() == b"close"

async def viewer(n):
    source = f"127.2.{2 + n // 250}.{1 + n % 250}"
    live_etag = whole_etag = b""
    seq = -1
    await asyncio.sleep(random.uniform(0, config["poll_s"]))
    reader = writer = None
    sampled = n % config["sample"] == 0
    while not stop.is_set() and time.time() < deadline:
        started = time.time()
        try:
            if writer is None:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
            status, etag, plain, close = await get(reader, writer, b"live.json", live_etag)
            if status == 200:
                live_etag = etag
                if etag not in lives:
                    lives[etag] = live_of(plain)
                    scan(plain)
            if live_etag in lives and lives[live_etag][1] != seq:
                if close:
                    writer.close()
                    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
                status, etag, plain, close = await get(reader, writer, b"tournament.json", whole_etag)
                if status == 200:
                    whole_etag = etag
                    if etag not in wholes:
                        wholes[etag] = done_of(plain)
                        scan(plain)
                seq = lives[live_etag][1]
            if sampled:
                timelines.setdefault(n, []).append((time.time(), live_etag.decode(), whole_etag.decode()))
            if close:
                writer.close()
                reader = writer = None
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, asyncio.LimitOverrunError, ValueError):
            stats["errors"] += 1
            if writer is not None:
                writer.close()
            reader = writer = None
        took = time.time() - started
        stats["late"] = max(stats["late"], took - config["poll_s"])
        await asyncio.sleep(max(0.0, config["poll_s"] - took))

async def main():
    loop = asyncio.get_running_loop()
    loop.add_reader(sys.stdin.fileno(), stop.set)
    tasks = [asyncio.create_task(viewer(n)) for n in range(first, first + count)]
    print("ready", flush=True)
    await asyncio.wait(tasks)

asyncio.run(main())
out = {"stats": stats, "lives": {k.decode(): v[0] for k, v in lives.items()},
       "wholes": {k.decode(): v for k, v in wholes.items()},
       "timelines": {str(n): t for n, t in timelines.items()}, "found": sorted(found)}
with open(config["out"], "w") as f:
    json.dump(out, f)
print("done", flush=True)
"""


class Probe(threading.Thread):
    """One more viewer, polling the public page through nginx every `every_s` (not 5 s): when each
    rack was first served to anyone, apart from when a viewer happened to poll (and from how far
    behind the load generator's own viewers fall on a busy machine)."""

    def __init__(self, nginx: Nginx, every_s: float = 0.25) -> None:
        super().__init__(daemon=True)
        self.nginx, self.every_s = nginx, every_s
        self.first: dict[tuple[str, int], float] = {}
        self.stop = threading.Event()

    def run(self) -> None:
        seq = -1
        while not self.stop.wait(self.every_s):
            try:
                small = public(self.nginx, "live.json")
                seen = {m: sum(r) for m, r in small.get("live", {}).items()}
                if small.get("seq") != seq:
                    whole = public(self.nginx, "tournament.json")
                    seq = small.get("seq", -1)
                    for m in whole["show"]["matches"]:
                        if m.get("score") and m.get("status") == "done":
                            seen[m["id"]] = max(seen.get(m["id"], 0), sum(m["score"]))
            except (OSError, ValueError, KeyError):
                continue
            now = time.time()
            for match, count in seen.items():
                for k in range(1, count + 1):
                    self.first.setdefault((match, k), now)


def venue_seq(db: Path, tid: str) -> int:
    with closing(Store.open_readonly(db)) as store:
        return read_on(store, tid, None, None).state.seq


def finished(db: Path, tid: str) -> bool:
    with closing(Store.open_readonly(db)) as store:
        return read_on(store, tid, None, None).state.tournament.status.value == "finished"


def public(nginx: Nginx, document: str = "tournament.json") -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{nginx.port}/e/{EVENT}/{document}", headers={"Accept-Encoding": "gzip"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        body = response.read()
        if response.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        return dict(json.loads(body))


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[18] if len(values) >= 20 else max(values, default=0.0)


def cloud_text(cloud: Cloud) -> bytes:
    """Every row of the cloud's database as text, the documents decompressed (for the secrets' search)."""
    import psycopg

    out = []
    with psycopg.connect(cloud.admin, autocommit=True) as conn:
        for table in ("mirror_events", "mirror_docs", "mirror_received"):
            for row in conn.execute(f"SELECT * FROM {table}").fetchall():
                for value in row:
                    if isinstance(value, bytes | memoryview):
                        try:
                            out.append(gzip.decompress(bytes(value)))
                        except OSError:
                            out.append(bytes(value))
                    else:
                        out.append(str(value).encode())
    return b"\n".join(out)


def play(
    args: argparse.Namespace,
    db: Path,
    tid: str,
    gate: Gate,
    nginx: Nginx,
    began: float,
    cut_window: tuple[float, float],
) -> tuple[float | None, float | None]:
    """Until the tournament is over and the link is back: the cut, then the catch-up timed (when the
    link came back, and how long the public page took to show the venue's state of that moment)."""
    cut_at = restored_at = catch_up = None
    while True:
        now = time.time()
        if cut_at is None and now >= cut_window[0]:
            gate.cut()
            cut_at = now
            print(f"link cut at {now - began:.0f} s", file=sys.stderr, flush=True)
        if cut_at is not None and restored_at is None and now >= cut_at + args.cut_s:
            target = venue_seq(db, tid)
            gate.restore()
            restored_at = time.time()
            print(f"link restored at {restored_at - began:.0f} s (venue at seq {target})", file=sys.stderr)
            while (got := public(nginx).get("seq", 0)) < target:
                if time.time() - restored_at > 120:
                    break
                time.sleep(0.2)
            catch_up = time.time() - restored_at
            print(f"caught up in {catch_up:.1f} s (public seq {got})", file=sys.stderr, flush=True)
        if restored_at is not None and finished(db, tid):
            break
        if now - began > args.timeout:
            sys.exit(f"not finished after {args.timeout:g} s")
        time.sleep(0.5)
    return restored_at, catch_up


def seen_after(
    simulated: dict[str, Any], crowd: dict[str, Any], cut_from: float, cut_to: float
) -> tuple[list[float], list[float], int]:
    """Every rack tapped and acknowledged, to each sampled viewer's first poll showing it: the delays
    outside the cut, those of the racks tapped during it, and how many racks no viewer ever saw."""
    racks = [(str(m), int(n), float(at)) for m, n, at in simulated["racks"]]
    lives: dict[str, dict[str, int]] = crowd["lives"]
    wholes: dict[str, dict[str, int]] = crowd["wholes"]
    latencies, during_cut, lost = [], [], 0
    firsts: list[dict[tuple[str, int], float]] = []
    for timeline in crowd["timelines"].values():
        first: dict[tuple[str, int], float] = {}
        for at, live, whole in timeline:  # what the viewer's page showed after each poll
            for match, count in (lives.get(live, {}) | wholes.get(whole, {})).items():
                for k in range(1, count + 1):
                    first.setdefault((match, k), at)
        firsts.append(first)
    by_time: dict[int, list[float]] = {}
    start = min((at for _m, _n, at in racks), default=0.0)
    for match, n, at in racks:
        seen = [f[(match, n)] for f in firsts if (match, n) in f]
        if not seen:
            lost += 1
            continue
        delays = [max(0.0, s - at) for s in seen]
        by_time.setdefault(int((at - start) // 30), []).extend(delays)
        if cut_from <= at <= cut_to:
            during_cut += delays
        else:
            latencies += delays
    gaps = [y[0] - x[0] for t in crowd["timelines"].values() for x, y in itertools.pairwise(t)]
    if gaps:  # how often the sampled viewers managed to poll (5 s unless the machine held them back)
        print(f"viewers' polls every {statistics.median(gaps):.1f} s (p95 {p95(gaps):.1f} s)", file=sys.stderr)
    for bucket, delays in sorted(by_time.items()):
        print(
            f"racks tapped at {bucket * 30:4d}-{bucket * 30 + 30:4d} s: {len(delays)} sightings, median"
            f" {statistics.median(delays):.1f} s, p95 {p95(delays):.1f} s",
            file=sys.stderr,
        )
    return latencies, during_cut, lost


def gathered(crowds: list[subprocess.Popen[str]], folder: Path) -> dict[str, Any]:
    """Each viewers' process stopped (its standard input closed), and what they saw, together."""
    crowd = {"stats": {"polls": 0, "ok": 0, "not_modified": 0, "errors": 0, "statuses": {}, "bytes": 0}}
    crowd |= {"lives": {}, "wholes": {}, "timelines": {}, "found": []}
    for k, viewers in enumerate(crowds):
        assert viewers.stdin is not None and viewers.stdout is not None
        viewers.stdin.close()
        viewers.stdout.readline()
        viewers.wait(timeout=120)
        part = json.loads((folder / f"viewers-{k}.json").read_text())
        for key in ("polls", "ok", "not_modified", "errors", "bytes"):
            crowd["stats"][key] += part["stats"][key]
        crowd["stats"]["late"] = max(crowd["stats"].get("late", 0.0), part["stats"]["late"])
        for status, n in part["stats"]["statuses"].items():
            crowd["stats"]["statuses"][status] = crowd["stats"]["statuses"].get(status, 0) + n
        for key in ("lives", "wholes", "timelines"):
            crowd[key].update(part[key])
        crowd["found"] += part["found"]
    return crowd


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--tables", type=int, default=32)
    parser.add_argument("--speed", type=float, default=50.0, help="times a real table's pace")
    parser.add_argument("--viewers", type=int, default=10000)
    parser.add_argument("--cut-s", type=float, default=300.0, help="how long the venue's link is cut")
    parser.add_argument("--cut-at-s", type=float, default=200.0, help="when, after the play starts")
    parser.add_argument("--timeout", type=float, default=3600.0, help="seconds before giving up")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="mirror-bench-"))
    folder.chmod(0o755)
    db, tid, keys = organizer_db(folder, args.players, args.tables)
    load_before = os.getloadavg()
    processes: list[Any] = []
    cloud = Cloud.start()
    try:
        run_cli("mirror", "init-cloud", "--db", cloud.admin, "--reader-file", str(folder / "reader"))
        run_cli("mirror", "add-event", EVENT, "--db", cloud.admin, "--out", str(folder / "venue"))
        from psycopg.conninfo import conninfo_to_dict, make_conninfo

        venue = conninfo_to_dict((folder / "venue").read_text().strip())
        reader = conninfo_to_dict((folder / "reader").read_text().strip())
        passwords = [str(venue["password"]), str(reader["password"]), str(conninfo_to_dict(cloud.admin)["password"])]
        gate = Gate(cloud.port).start()
        processes.append(gate)
        (folder / "venue-gated").write_text(make_conninfo("", **{**venue, "port": gate.port}) + "\n")
        (folder / "venue-gated").chmod(0o600)
        mirrors = [MirrorProcess.start(f"@{folder / 'reader'}") for _ in range(2)]
        processes += mirrors
        nginx = Nginx.start([m.port for m in mirrors])
        processes.append(nginx)
        server = subprocess.Popen(
            [sys.executable, "-m", "referee_app", "tournament", "serve", tid, "--web", "0", "--db", str(db)],
            stdout=subprocess.PIPE, text=True, cwd=ROOT,
        )  # fmt: skip
        processes.append(server)
        assert server.stdout is not None
        port = int(server.stdout.readline().split(":")[2].split("/")[0])
        pusher = subprocess.Popen(
            [sys.executable, "-m", "referee_app", "mirror", "push", "--db", str(db), "--tournament", tid,
             "--event", EVENT, "--cloud", f"@{folder / 'venue-gated'}"],
            stdout=(folder / "push.out").open("w"), stderr=subprocess.STDOUT, text=True, cwd=ROOT,
        )  # fmt: skip
        processes.append(pusher)
        deadline = time.time() + 60
        while True:  # the first copy online, through the cache
            try:
                if public(nginx)["show"]["name"]:
                    break
            except OSError:
                pass
            if time.time() > deadline:
                sys.exit("the first copy never reached the public page")
            time.sleep(0.5)
        secrets = [k for k in keys.values() if k] + passwords
        crowds = []
        share = -(-args.viewers // VIEWER_PROCESSES)
        for k in range(VIEWER_PROCESSES):  # the crowd on both cores: one process a share
            config = {
                "port": nginx.port, "first": k * share, "viewers": min(share, args.viewers - k * share),
                "timeout": args.timeout, "poll_s": POLL_S, "base": f"/e/{EVENT}/",
                "secrets": secrets, "sample": SAMPLE_EVERY, "out": str(folder / f"viewers-{k}.json"),
            }  # fmt: skip
            (folder / f"viewers-{k}.config").write_text(json.dumps(config))
            crowds.append(started([sys.executable, "-c", VIEWERS, str(folder / f"viewers-{k}.config")]))
        processes += crowds
        time.sleep(POLL_S)  # every viewer has polled once: the crowd is there before the play
        rng = random.Random(5)
        phones_config = {"port": port, "speed": args.speed, "seed": rng.random(), "keys": keys}
        phones = started([sys.executable, str(ROOT / "bench" / "phones.py"), "--simulate", json.dumps(phones_config)])
        processes.append(phones)
        probe = Probe(nginx)
        probe.start()
        began = time.time()
        up_before = gate.up_bytes
        cut_window = (began + args.cut_at_s, began + args.cut_at_s + args.cut_s)
        restored_at, catch_up = play(args, db, tid, gate, nginx, began, cut_window)
        ended_at = time.time()
        seq = venue_seq(db, tid)
        settle = time.time() + 60
        while public(nginx).get("seq", 0) < seq and time.time() < settle:
            time.sleep(0.5)
        time.sleep(POLL_S + 3)  # every viewer's next poll sees the end
        up_bytes = gate.up_bytes - up_before
        took = ended_at - began
        simulated = ended(phones)
        probe.stop.set()
        crowd = gathered(crowds, folder)
        pages = b""
        for page in ("bracket", "player", "words.json?lang=en", "words.json?lang=fr", "tournament.js"):
            with urllib.request.urlopen(f"http://127.0.0.1:{nginx.port}/e/{EVENT}/{page}", timeout=10) as response:
                pages += response.read()
        in_cloud = cloud_text(cloud)
    finally:
        for part in reversed(processes):
            if isinstance(part, subprocess.Popen):
                if part.poll() is None:
                    part.send_signal(signal.SIGTERM)
                    try:
                        part.wait(timeout=20)
                    except subprocess.TimeoutExpired:
                        part.kill()
            else:
                part.stop()
        cloud.stop()
    load_after = os.getloadavg()
    latencies, during_cut, lost = seen_after(simulated, crowd, cut_window[0] - 10, restored_at or cut_window[1])
    served = [
        max(0.0, probe.first[(str(m), int(n))] - float(at))
        for m, n, at in simulated["racks"]
        if (str(m), int(n)) in probe.first and not cut_window[0] - 10 <= float(at) <= (restored_at or cut_window[1])
    ]
    print(f"a rack to the public page (a probe every 0.25 s through nginx): p95 {p95(served):.1f} s", file=sys.stderr)
    secrets_found = set(crowd["found"]) | {s for s in secrets if s.encode() in in_cloud or s.encode() in pages}
    stats = crowd["stats"]
    print(
        f"{len(simulated['racks'])} racks in {took:.0f} s, {stats['polls']} polls ({stats['ok']} 200,"
        f" {stats['not_modified']} 304,"
        f" {stats['errors']} errors, statuses {stats['statuses']}, {stats['polls'] / max(took, 1):.0f} a second, the"
        f" slowest poll {stats.get('late', 0) + POLL_S:.1f} s, {stats['bytes'] / max(took, 1) / 1e6:.1f} MB/s to the"
        f" viewers); racks during the cut: p95"
        f" {p95(during_cut):.0f} s; the venue's link carried {up_bytes / 1e6:.2f} MB up; load {load_before[0]:.1f}"
        f" -> {load_after[0]:.1f}",
        file=sys.stderr,
    )
    shutil.rmtree(folder, ignore_errors=True)
    print(
        f"viewers {args.viewers} lost {lost} public_p95_s {p95(latencies):.1f} uplink_kBps {up_bytes / took / 1000:.1f}"
        f" catch_up_s {catch_up if catch_up is not None else -1:.1f} secrets {len(secrets_found)}"
    )


if __name__ == "__main__":
    main()
