// The tournament on the board's site: the bracket with the tables and the queue (/bracket), and
// "where and when do I play" (/player?name=...), live over /events (or from /tournament.json every two
// seconds when the server has no stream left for the page). Read-only. Every word comes with the data (from the
// app's catalogue); names are untrusted and only ever go in with textContent, never as markup.
"use strict";

// Parsed, so this browser reads the page's JavaScript: the served "needs a newer browser" goes.
const needs = document.getElementById("needs");
if (needs) needs.remove();

let data = null;
let arrived = false;  // the first state (a tournament, or none) came: until then the page is loading
let seen = null;  // the last state drawn, as it came (the stream and the JSON send the same text)
let streaming = false;  // the live stream is open; without it (the server's streams are all taken,
// or a network drops them) the page reads /tournament.json now and every POLL_MS
// A mirror of the event online (`/e/EVENT/...`, behind a cache) says where its files are and how
// often to read the tournament: it has no live stream, and every page reads through the cache.
const BASE = document.body.dataset.base || "/";
const MIRRORED = Boolean(document.body.dataset.base);
const POLL_MS = MIRRORED ? Number(document.body.dataset.poll) || 5000 : 2000;
const query = new URLSearchParams(location.search);
// the page's language: ?lang=, else the one the hall's laptop served it in (the phone's first it
// has), else the phone's (a mirror's page is one for every phone)
const servedLang = MIRRORED ? "" : document.documentElement.lang;
const wanted = (query.get("lang") || servedLang || navigator.language || "en").slice(0, 2).toLowerCase();
let before = null;  // the site's words (/words.json) for the page before a tournament is there

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function lang() {
  return data && data.words[wanted] ? wanted : "en";
}

function word(key, values) {
  let text = (data.words[lang()] || {})[key] || key;
  for (const [name, value] of Object.entries(values || {})) text = text.split(`{${name}}`).join(String(value));
  return text;
}

function roundName(id) {
  return (data.names[lang()] || {})[id] || id;
}

function sourceText(source) {
  // spec §4 from_a/from_b: "seed 3", "winner W1-2", "loser W2-1", "group 2 #1"
  const [kind, rest] = [source.split(" ")[0], source.split(" ").slice(1).join(" ")];
  if (kind === "seed") return word("seed", { n: rest });
  if (kind === "winner") return word("winner_of", { id: rest });
  if (kind === "loser") return word("loser_of", { id: rest });
  if (kind === "group") {
    const [g, k] = rest.split(" #");
    return word("group_rank", { g, k });
  }
  if (kind === "best") {  // "best 3rd #1": a qualifying pools' place decided across pools
    const [rank, k] = rest.split(" #");
    const digits = rank.replace(/\D+$/, "");
    return digits === "3" ? word("best_third", { k }) : word("best_of", { rank: digits, k });
  }
  return source;
}

function matchLabel(m) {
  const parts = [m.id, roundName(m.id)];
  if (m.table !== null) parts.push(word("table", { n: m.table }));
  parts.push(word("race", { n: m.race }));
  if (m.status === "bye" || m.status === "forfeit") parts.push(word(`status_${m.status}`));
  return parts.join(" · ");
}

function players(m) {
  return `${m.a || sourceText(m.from_a)} – ${m.b || sourceText(m.from_b)}`;
}

// --- the bracket page ------------------------------------------------------------------------

function renderNow(show) {
  const playing = new Map(show.matches.filter((m) => m.status === "playing").map((m) => [m.table, m]));
  const tables = document.getElementById("tables");
  tables.replaceChildren(...show.tables.map((number) => {
    const m = playing.get(number);
    const card = el("div", "tablecard" + (m ? "" : " free"));
    card.dataset.table = number;
    card.appendChild(el("div", "number", word("table_title", { n: number })));
    if (m) {
      card.dataset.match = m.id;
      card.appendChild(el("div", "round", `${m.id} · ${roundName(m.id)}`));
      card.appendChild(el("div", "players", players(m)));
    } else {
      card.appendChild(el("div", "players", word("free")));
    }
    return card;
  }));
  const byId = new Map(show.matches.map((m) => [m.id, m]));
  document.getElementById("queue").replaceChildren(...show.queue.map((id) => {
    const item = el("li");
    item.dataset.match = id;
    item.appendChild(el("span", "queue-round", `${id} · ${roundName(id)} `));
    item.appendChild(el("span", "players", players(byId.get(id))));
    return item;
  }));
}

function renderBracket(show, plan) {
  const box = document.getElementById("bracket");
  const [w, h] = plan.box;
  box.style.width = `${plan.width}px`;
  box.style.height = `${plan.height}px`;
  const svgNS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("width", plan.width);
  svg.setAttribute("height", plan.height);
  for (const [from, to] of plan.lines) {
    const [x1, y1] = plan.boxes[from];
    const [x2, y2] = plan.boxes[to];
    const sx = x1 + w, sy = y1 + h / 2, ex = x2, ey = y2 + h / 2;
    const bend = sx + Math.max(12, (ex - sx) / 2);
    const path = document.createElementNS(svgNS, "path");
    path.setAttribute("d", `M${sx} ${sy} H${bend} V${ey} H${ex}`);
    svg.appendChild(path);
  }
  const children = [svg];
  for (const band of plan.bands) {
    let title = band.key.startsWith("G")
      ? word("group", { g: band.key.replace(/\D/g, "") }) + (/[WL]$/.test(band.key) ? ` · ${word(band.key.slice(-1))}` : "")
      : word(band.key);
    if (band.stage === 2 && (band.key === "W" || band.key === "L")) title += ` · ${word("knockout")}`;
    const node = el("div", "band", title);
    node.style.left = "0px";
    node.style.top = `${band.top - 56}px`;
    children.push(node);
  }
  for (const [x, y, id] of plan.heads) {
    const node = el("div", "head", roundName(id));
    node.style.left = `${x}px`;
    node.style.top = `${y}px`;
    children.push(node);
  }
  const mine = query.get("match");
  for (const m of show.matches) {
    const [x, y] = plan.boxes[m.id];
    const node = el("div", "match" + (m.id === mine ? " mine" : ""));
    node.id = `match-${m.id}`;
    node.dataset.id = m.id;
    node.dataset.status = m.status;
    node.style.left = `${x}px`;
    node.style.top = `${y}px`;
    node.style.width = `${w}px`;
    node.style.height = `${h}px`;
    node.appendChild(el("div", "label", matchLabel(m)));
    ["a", "b"].forEach((seat, i) => {
      const name = m[seat];
      const row = el("div", "seat" + (name ? "" : " from") + (name && name === m.winner && m.status !== "bye" ? " won" : ""));
      row.appendChild(el("span", "who", name || (m.status === "bye" ? "—" : sourceText(m[`from_${seat}`]))));
      const live = m.status === "playing" && data.live ? data.live[m.id] : null;
      if (m.score) row.appendChild(el("span", "racks", m.score[i]));
      else if (live) row.appendChild(el("span", "racks live", live[i]));  // the desk's racks so far
      node.appendChild(row);
    });
    children.push(node);
  }
  box.replaceChildren(...children);
  fitBracket();
}

// A screen this wide is a venue TV or a monitor: nobody scrolls it, so the whole page is on the
// screen, the bracket narrowed to the room left under the tables down to MIN_SCALE (below that the
// names are unreadable; up to MAX_SCALE), and a bracket still taller than its room is paged through on its own
// (one screen every PAGE_MS, then back to the top). Narrower (a phone, a tablet): the bracket at its
// own size, scrolled in its own box.
const TV_WIDTH = 1200;
const MIN_SCALE = 2 / 3;
const MAX_SCALE = 1.5;  // a small bracket on a big screen is drawn larger, to be read from across the hall
const PAGE_MS = 12000;
let paging = null;

function fitBracket() {
  const box = document.getElementById("bracket");
  const wrap = document.getElementById("bracket-wrap");
  if (!box || !wrap || !data || !data.layout) return;
  const tv = window.innerWidth >= TV_WIDTH;
  document.body.classList.toggle("tv", tv);
  let scale = 1;
  if (tv) {
    const room = [wrap.clientWidth - 32, wrap.clientHeight - 32];  // the wrap's padding
    scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, room[0] / data.layout.width, room[1] / data.layout.height));
  }
  box.style.zoom = String(scale);
  const pages = tv && data.layout.height * scale > wrap.clientHeight;
  if (pages && paging === null) paging = setInterval(turnPage, PAGE_MS);
  if (!pages && paging !== null) {
    clearInterval(paging);
    paging = null;
    wrap.scrollTop = 0;
  }
}

function turnPage() {
  const wrap = document.getElementById("bracket-wrap");
  const last = wrap.scrollTop + wrap.clientHeight >= wrap.scrollHeight - 2;
  wrap.scrollTop = last ? 0 : wrap.scrollTop + wrap.clientHeight * 0.9;
}

window.addEventListener("resize", fitBracket);

// --- the player's page -------------------------------------------------------------------------

function fold(text) {
  // A name is found however it is typed on a phone: "eva" finds "Éva Martin", "strauss" finds
  // "Strauß". Both sides are folded the same way: compatibility decomposition (NFKD), the
  // combining marks dropped, the case folded (upper then lower, so "ß" becomes "ss"), spaces joined.
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toUpperCase().toLowerCase().replace(/\s+/g, " ").trim();
}

function nextFor(name, show) {
  const theirs = show.matches.filter((m) => m.a === name || m.b === name);
  return theirs.find((m) => m.status === "playing")
    || theirs.find((m) => m.status === "ready")
    || theirs.find((m) => m.status === "waiting");
}

function playerCard(name, show) {
  const card = el("section", "player");
  card.dataset.player = name;
  card.appendChild(el("div", "who", name));
  const next = nextFor(name, show);
  const place = data.places[name];
  if (next) {
    let when;
    const calledHere = CallKit.called(show, data.live).find((m) => m.id === next.id);
    if (calledHere) when = word("c_go", { n: next.table });
    else if (next.status === "playing") when = word("playing_now", { n: next.table });
    else if (next.status === "ready") {
      const ahead = show.queue.indexOf(next.id);
      when = next.table !== null ? word("next_table", { n: next.table }) : word("next_queue", { n: Math.max(0, ahead) });
    } else when = word("next_waiting");
    card.appendChild(el("div", "when", when));
    const other = next.a === name ? (next.b || sourceText(next.from_b)) : (next.a || sourceText(next.from_a));
    card.appendChild(el("div", "what", `${next.id} · ${roundName(next.id)} · ${word("against", { name: other })} · ${word("race", { n: next.race })}`));
    if (calledHere) {
      card.classList.add("called");
      card.appendChild(CallKit.card(calledHere, word, lang(), show.late_start));
    }
    card.dataset.match = next.id;
    const link = el("a", "see", word("bracket"));
    link.href = `${BASE}bracket?match=${encodeURIComponent(next.id)}`;
    card.appendChild(link);
  } else if (place === 1) {
    card.appendChild(el("div", "when", word("champion")));
  } else if (place !== undefined) {
    card.appendChild(el("div", "when", word("out", { n: place })));
  }
  return card;
}

function renderPlayer(show) {
  const text = query.get("name") || "";
  const input = document.getElementById("who");
  if (document.activeElement !== input) input.value = text;
  const answer = document.getElementById("answer");
  const wantedName = fold(text);
  if (!wantedName) {
    answer.replaceChildren();
    return;
  }
  if (!show.matches.length) {
    answer.replaceChildren(el("p", "message", word("not_drawn")));
    return;
  }
  const names = show.entries.map((e) => e.name);
  const exact = names.filter((n) => fold(n) === wantedName);
  const found = exact.length ? exact : names.filter((n) => fold(n).includes(wantedName));
  answer.replaceChildren(...(found.length
    ? found.slice(0, 20).map((n) => playerCard(n, show))
    : [el("p", "message", word("no_player", { text }))]));
}

// --- the calls (both pages) ---------------------------------------------------------------------
// Each match called to a table whose players are not all there (`call.js`): at the top of both pages,
// with the minutes since the call and the calls made again; a new call rings the chime (the bracket's
// TV is given sound with its "Sound on" button). The minutes move on every 15 seconds.

function renderCalls() {
  const box = document.getElementById("called");
  if (!box || !data || !data.show) return;
  CallKit.render(box, data.show, word, lang(), data.live);
}

// --- the disputes (both pages) ------------------------------------------------------------------
// A result a player disputed on the phones is said at the top of both pages, as the board and the
// tournament window say it: "Table 5: result disputed (W1-3: Ana Lopez does not agree)", until the
// organizer settles it or the player signs.

function renderDisputes() {
  const box = document.getElementById("disputes");
  if (!box || !data) return;
  const lines = (data.disputes || []).map((d) => {
    const who = word(d.players.length === 1 ? "not_agreeing" : "not_agreeing_both", { names: d.players.join(" & ") });
    const item = el("p", "dispute", `${word("disputed", { n: d.table })} (${d.match}: ${who})`);
    item.dataset.match = d.match;
    return item;
  });
  box.replaceChildren(...lines);
  box.hidden = !lines.length;
}

function renderFresh() {
  // The online copy says how fresh it is: when the venue last sent a change, or since when it is offline.
  const said = data && data.mirror;
  let line = document.getElementById("fresh");
  if (!said) {
    if (line) line.remove();
    return;
  }
  if (!line) {
    line = el("p", "fresh");
    line.id = "fresh";
    line.setAttribute("role", "status");
    document.querySelector("header").appendChild(line);
  }
  const at = (seconds) => new Date(seconds * 1000).toLocaleTimeString(wanted, { hour: "2-digit", minute: "2-digit" });
  const offline = said.offline_since;
  line.textContent = offline ? word("mirror_offline", { time: at(offline) }) : word("mirror_updated", { time: at(said.updated) });
  line.classList.toggle("offline", Boolean(offline));
}

// --- both --------------------------------------------------------------------------------------
// --- both --------------------------------------------------------------------------------------

function renderEmpty(page) {
  // Loading (never "no tournament" before the first state has come), or no tournament: the
  // form keeps its words all the same.
  const said = (key) => (before && before[key]) || "";
  const title = document.getElementById("name");
  title.textContent = arrived ? said("t_none") : said("t_loading") || "…";
  title.classList.toggle("loading", !arrived);
  if (page === "bracket") {
    document.getElementById("to-player").textContent = said("t_find");
  } else {
    document.getElementById("to-bracket").textContent = said("t_bracket");
    document.getElementById("who-label").textContent = said("t_your_name");
    document.getElementById("go").textContent = said("t_search");
  }
}

function served(id) {
  // what came with the page (its words, the tournament as it stood): the page is drawn at once
  const node = document.getElementById(id);
  return node ? node.textContent : "";
}

function loadWords() {
  const given = served("words");
  if (given) {
    before = JSON.parse(given);
    return;
  }
  fetch(`${BASE}words.json?lang=${encodeURIComponent(wanted)}`)
    .then((response) => { CallKit.noteServerDate(response); return response.json(); })
    .then((words) => { before = words; if (!data) render(); })
    .catch(() => setTimeout(loadWords, 1000));
}

function render() {
  const page = document.body.dataset.page;
  document.body.classList.add("drawn");  // shown from the first drawing on, at its final size
  document.documentElement.lang = wanted;
  if (!data) {
    renderEmpty(page);
    return;
  }
  document.getElementById("name").classList.remove("loading");
  const show = data.show;
  document.getElementById("name").textContent = show.name;
  renderDisputes();
  renderFresh();
  if (page === "bracket") {
    document.title = `${show.name} – ${word("bracket")}`;
    // a finished tournament names its champion: on the venue's TV the end of the day is seen
    const champion = show.status === "finished" ? Object.keys(data.places || {}).find((n) => data.places[n] === 1) : null;
    const status = document.getElementById("status");
    status.textContent = champion ? `${word(`status_${show.status}`)} · ${word("champion")}: ${champion}` : word(`status_${show.status}`);
    status.classList.toggle("champion", Boolean(champion));
    document.getElementById("to-player").textContent = word("find");
    document.getElementById("tables-title").textContent = word("tables");
    document.getElementById("queue-title").textContent = word("queue");
    CallKit.soundButton(document.getElementById("sound"), word("c_sound"));
    renderCalls();
    renderNow(show);
    renderBracket(show, data.layout);
    const mine = query.get("match");
    if (mine && !window.__scrolled) {
      const node = document.getElementById(`match-${mine}`);
      if (node) node.scrollIntoView({ block: "center", inline: "center" });
      window.__scrolled = true;
    }
  } else {
    document.title = `${show.name} – ${word("find")}`;
    document.getElementById("to-bracket").textContent = word("bracket");
    document.getElementById("who-label").textContent = word("your_name");
    document.getElementById("go").textContent = word("search");
    renderCalls();
    renderPlayer(show);
  }
  document.body.dataset.ready = "1";
}

function receive(text) {
  if (arrived && text === seen) return;
  seen = text;
  data = JSON.parse(text);
  arrived = true;
  render();
}

let liveSeen = null;  // a mirror's last live.json, as it came

async function pollMirror() {
  // The mirror's small live.json each time (the racks so far, how fresh the copy is, the tournament's
  // seq); the whole tournament only when its seq moved on: a rack costs a viewer a few hundred bytes.
  const response = await fetch(`${BASE}live.json`, { cache: "no-cache" });
  if (!response.ok) throw new Error(String(response.status));
  const text = await response.text();
  const small = JSON.parse(text);
  if (!data || small.seq !== data.seq) {
    const whole = await fetch(`${BASE}tournament.json`, { cache: "no-cache" });
    if (!whole.ok) throw new Error(String(whole.status));
    receive(await whole.text());
  }
  if (text === liveSeen || !data) return;
  liveSeen = text;
  data.live = small.live;
  data.mirror = small.mirror;
  render();  // as the hall's live event: the first rack of a called match ends its call
}

async function poll() {
  if (streaming) return;
  try {
    if (MIRRORED) {
      await pollMirror();
      document.body.classList.remove("stale");
      return;
    }
    // unchanged: a 304 (a validator, here and on the mirror: a few bytes)
    const response = await fetch(`${BASE}tournament.json`, { cache: "no-cache" });
    if (!response.ok) throw new Error(String(response.status));
    CallKit.noteServerDate(response);  // the minutes since a call, by the laptop's clock
    const text = await response.text();
    if (streaming) return;
    receive(text);
    document.body.classList.remove("stale");
  } catch (_error) {
    if (!streaming) document.body.classList.add("stale");
  }
}

function connect() {
  if (MIRRORED) return;  // a mirror has no stream: the page reads the tournament every POLL_MS
  const source = new EventSource("/events");
  source.addEventListener("tournament", (message) => {
    streaming = true;
    receive(message.data);
  });
  source.addEventListener("live", (message) => {
    // a rack scored at a table: only the racks so far of the matches being played, not the whole tournament
    if (!data) return;
    data.live = JSON.parse(message.data);
    render();  // the first rack of a called match: its call is over
  });
  source.onopen = () => {
    streaming = true;
    document.body.classList.remove("stale");
  };
  source.onerror = () => {
    streaming = false;
    poll();
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, 1000); // refused (503): try again
  };
}

function keepLanguage() {
  // A page opened in a language (?lang=fr) keeps it: the search and the links between the pages carry it.
  const chosen = query.get("lang");
  if (!chosen) return;
  const form = document.getElementById("find");
  if (form) {
    const kept = document.createElement("input");
    kept.type = "hidden";
    kept.name = "lang";
    kept.value = chosen;
    form.appendChild(kept);
  }
  for (const id of ["to-bracket", "to-player"]) {
    const link = document.getElementById(id);
    if (link) link.search = `?lang=${encodeURIComponent(chosen)}`;
  }
}

keepLanguage();
loadWords();
if (served("first")) receive(served("first"));
render();
connect();
setInterval(poll, POLL_MS);
setInterval(() => { if (data && data.show) render(); }, 15000);  // the minutes since each call move on
