// The event board for a venue TV and players' phones: every table, live, over /events (or, when
// the server has no stream left for it, from /state.json every two seconds).
// Read-only; text goes in with textContent only (a player's name is never markup).
"use strict";

// The words come from the catalogue (/words.json), in the page's language: ?lang=fr or ?lang=en,
// else the board window's (sent with the state), else the browser's. Fetched once per language;
// the page is drawn again when they arrive.
const asked = new URLSearchParams(location.search).get("lang");
const loaded = {};
let last = null;
let streaming = false;  // the live stream is open; without it (the server's streams are all taken,
// or a network drops them) the page reads /state.json now and every POLL_MS
const POLL_MS = 2000;

function language() {
  return (asked || (last && last.lang) || navigator.language || "en").slice(0, 2).toLowerCase();
}

function words() {
  const lang = language();
  if (!(lang in loaded)) {
    loaded[lang] = null;
    fetch(`/words.json?lang=${encodeURIComponent(lang)}`)
      .then((response) => response.json())
      .then((fetched) => { loaded[lang] = fetched; if (last) render(last); showCalls(); })
      .catch(() => { delete loaded[lang]; });
  }
  return loaded[lang];
}

function say(key, values) {
  let text = (words() || {})[key] || "";
  for (const [name, value] of Object.entries(values || {})) text = text.split(`{${name}}`).join(String(value));
  return text;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function age(seconds) {
  if (seconds < 60) return say("ago", { n: `${seconds} s` });
  if (seconds < 3600) return say("ago", { n: `${Math.floor(seconds / 60)} min` });
  return say("ago", { n: `${Math.floor(seconds / 3600)} h` });
}

function seat(match, s) {
  const row = el("div", "seat" + (match.at_table === s && match.status === "playing" ? " at-table" : "")
    + (match.winner === s ? " winner" : ""));
  row.dataset.seat = s;
  row.appendChild(el("span", "name", match.players[s]));
  row.appendChild(el("span", "score", String(match.score[s])));
  const fouls = match.fouls[s];
  const chips = el("span", "chips");
  if (fouls) chips.appendChild(el("span", "fouls" + (fouls >= 2 ? " two" : ""), say(fouls === 1 ? "foul" : "fouls", { n: fouls })));
  if (match.warning_due.includes(s)) chips.appendChild(el("span", "warn", say("warn")));
  if (chips.childElementCount) row.appendChild(chips); // under the name: the name keeps its width
  return row;
}

function card(table, serverOnline) {
  // While the server cannot be reached, the board cannot see the desks: their state is not known.
  // A phone table has no desk: its players score it on their phones, which the organizer's laptop sends on.
  const deskState = !serverOnline ? " unknown" : table.online || table.phones ? "" : " offline";
  const box = el("section", "table" + deskState + (table.damaged ? " damaged-table" : ""));
  box.dataset.table = table.table;
  const head = el("div", "head");
  head.appendChild(el("span", "number", say("table", { n: table.table })));
  // A row the board could not follow: the organizer's board says why; the room is told not to trust the
  // card (this says more than whether the desk is seen).
  if (table.damaged) head.appendChild(el("span", "damaged", say("damaged")));
  else if (!serverOnline) head.appendChild(el("span", "desk-off", say("unknown")));
  else if (table.phones) head.appendChild(el("span", "phones", say("phones")));
  else if (!table.online) head.appendChild(el("span", "desk-off", say("offline")));
  box.appendChild(head);
  // A phone table's finished match is over for the room: the tournament has moved on and the table is
  // free (or holds its next match), as /bracket says; shown as the current match, it read as still played.
  const over = table.phones && table.match && table.match.status === "finished";
  const match = over ? null : table.match;
  if (match) {
    const info = el("div", "info");
    // a tournament's round in the page's language (`rounds`, by language); one typed by hand as typed
    const round = (match.rounds && match.rounds[language()]) || match.round;
    info.textContent = [match.event, round, match.rules, say("race", { n: match.race_to }),
      match.status === "finished" ? say("done") : say("rack", { n: match.rack }), age(match.age_s)].filter(Boolean).join(" · ");
    box.appendChild(seat(match, "A"));
    box.appendChild(seat(match, "B"));
    box.appendChild(info);
  } else {
    box.appendChild(el("div", "free", say("free")));
  }
  const current = match ? match.match_id : null;
  // Under a match being played, only the latest finished one: more were drawn over each other in a TV's card.
  for (const done of table.finished.filter((f) => f.match_id !== current).slice(match ? -1 : -3)) {
    box.appendChild(el("div", "finished", say("finished", {
      a: done.players.A, score: `${done.score.A}–${done.score.B}`, b: done.players.B,
    })));
  }
  if (table.next) box.appendChild(el("div", "next", say("next", { a: table.next.players[0], b: table.next.players[1] })));
  return box;
}

function layout(count) {
  // A venue TV shows every table at once: as many columns and rows as fill the screen.
  const columns = count <= 1 ? 1 : count <= 4 ? 2 : count <= 9 ? 3 : count <= 16 ? 4 : 5;
  const main = document.getElementById("tables");
  main.style.setProperty("--columns", String(columns));
  main.style.setProperty("--rows", String(Math.max(1, Math.ceil(count / columns))));
}

function render(view) {
  if (!view.tables) return; // the board has not sent its first view yet
  last = view;
  document.documentElement.lang = language();
  if (!words()) return; // drawn once the words arrive
  const serverOnline = view.server === "online"; // "offline", or "error": the desks cannot be seen
  document.getElementById("title").textContent = say("title");
  const main = document.getElementById("tables");
  layout(view.tables.length);
  main.replaceChildren(...view.tables.map((table) => card(table, serverOnline)));
  document.body.dataset.version = String(view.version);
  // "error": the server answers but the board cannot read it (the organizer's board shows the reason).
  document.getElementById("status").textContent = serverOnline ? "" : say(view.server === "error" ? "error" : "server");
  showCalls();
}

async function poll() {
  if (streaming) return;
  try {
    const response = await fetch("/state.json", { cache: "no-store" });
    if (!response.ok) throw new Error(String(response.status));
    CallKit.noteServerDate(response);  // the minutes since a call, by the laptop's clock
    const view = await response.json();
    if (streaming) return;
    document.body.classList.remove("stale");
    render(view);
    pollDisputes();
  } catch (_error) {
    if (streaming) return;
    document.body.classList.add("stale");
    document.getElementById("status").textContent = say("reconnecting");
  }
}

// A board that follows a tournament (`board --tournament`) calls the players of each match put on a
// table (`call.js`): a band above the tables, the minutes since the call, the calls made again, a chime.
let followed = null;  // the tournament followed (its `show` and its racks so far), or null

function showCalls() {
  if (!followed || !words()) return;
  CallKit.soundButton(document.getElementById("sound"), say("c_sound"));
  CallKit.render(document.getElementById("called"), followed.show, say, language(), followed.live);
}

// A board that follows a tournament (`board --tournament`) calls the organizer to a result a player
// disputed on the phones: "Table 5: result disputed", above the tables, until it is settled.
function showDisputes(tournament) {
  const box = document.getElementById("disputes");
  const all = tournament.words || {};
  const said = all[language()] || all.en || {};
  const lines = (tournament.disputes || []).map((d) => {
    const who = (d.players.length === 1 ? said.not_agreeing : said.not_agreeing_both) || "{names}";
    const table = (said.disputed || "Table {n}: result disputed").split("{n}").join(String(d.table));
    return `${table} (${d.match}: ${who.split("{names}").join(d.players.join(" & "))})`;
  });
  box.replaceChildren(...lines.map((line) => el("p", "", line)));
  box.hidden = !lines.length;
}

function showTournament(tournament) {
  followed = tournament;
  if (!tournament) return;
  showDisputes(tournament);
  showCalls();
}

async function pollDisputes() {
  // no live stream for this page (the server's are all taken): the disputes with the state's poll
  try {
    const response = await fetch("/tournament.json", { cache: "no-store" });
    if (response.ok) showTournament(await response.json());
  } catch (_error) {
    // no tournament followed here, or the board cannot be reached: the state's poll says so
  }
}

function connect() {
  const source = new EventSource("/events");
  source.addEventListener("state", (message) => {
    streaming = true;
    render(JSON.parse(message.data));
  });
  source.addEventListener("tournament", (message) => showTournament(JSON.parse(message.data)));
  source.addEventListener("live", (message) => {
    // a rack scored at a table: the first rack of a called match ends its call
    if (followed) followed.live = JSON.parse(message.data);
    showCalls();
  });
  source.onopen = () => {
    streaming = true;
    document.body.classList.remove("stale");
  };
  source.onerror = () => {
    streaming = false;
    poll(); // greys the board and says "reconnecting" only if the JSON cannot be read either
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, 1000); // refused (503): try again
  };
}

document.documentElement.lang = language();
words();
poll();
connect();
setInterval(poll, POLL_MS);
setInterval(showCalls, 15000);  // the minutes since each call move on
