// The event board for a venue TV and players' phones: every table, live, over /events.
// Read-only; text goes in with textContent only (a player's name is never markup).
"use strict";

// The words come from the catalogue, in the page's language (?lang=, else the browser's).
const LANG = (new URLSearchParams(location.search).get("lang") || navigator.language || "en").slice(0, 2).toLowerCase();
let T = null;
let last = null;
const say = (key, values) => {
  let text = (T && T[key]) || "";
  for (const [name, value] of Object.entries(values || {})) text = text.split(`{${name}}`).join(String(value));
  return text;
};

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
  const fouls = match.fouls[s];
  if (fouls) row.appendChild(el("span", "fouls" + (fouls >= 2 ? " two" : ""), say(fouls === 1 ? "foul" : "fouls", { n: fouls })));
  if (match.warning_due.includes(s)) row.appendChild(el("span", "warn", say("warn")));
  row.appendChild(el("span", "score", String(match.score[s])));
  return row;
}

function card(table) {
  const box = el("section", "table" + (table.online ? "" : " offline"));
  box.dataset.table = table.table;
  const head = el("div", "head");
  head.appendChild(el("span", "number", say("table", { n: table.table })));
  if (!table.online) head.appendChild(el("span", "desk-off", say("offline")));
  box.appendChild(head);
  const match = table.match;
  if (match) {
    const info = el("div", "info");
    info.textContent = [match.event, match.round, match.rules, say("race", { n: match.race_to }),
      match.status === "finished" ? say("done") : say("rack", { n: match.rack }), age(match.age_s)].filter(Boolean).join(" · ");
    box.appendChild(seat(match, "A"));
    box.appendChild(seat(match, "B"));
    box.appendChild(info);
  } else {
    box.appendChild(el("div", "free", say("free")));
  }
  const current = match ? match.match_id : null;
  for (const done of table.finished.filter((f) => f.match_id !== current).slice(-3)) {
    box.appendChild(el("div", "finished", say("finished", {
      a: done.players.A, score: `${done.score.A}–${done.score.B}`, b: done.players.B,
    })));
  }
  if (table.next) box.appendChild(el("div", "next", say("next", { a: table.next.players[0], b: table.next.players[1] })));
  return box;
}

function render(view) {
  last = view;
  if (!T) return; // drawn once the words arrive
  document.getElementById("title").textContent = say("title");
  const main = document.getElementById("tables");
  main.replaceChildren(...view.tables.map(card));
  document.body.dataset.version = String(view.version);
  document.getElementById("status").textContent = view.server === "offline" ? say("server") : "";
}

function connect() {
  const source = new EventSource("/events");
  source.addEventListener("state", (message) => render(JSON.parse(message.data)));
  source.onopen = () => document.body.classList.remove("stale");
  source.onerror = () => {
    document.body.classList.add("stale");
    document.getElementById("status").textContent = say("reconnecting");
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, 1000);
  };
}

document.documentElement.lang = LANG;
fetch(`/words.json?lang=${encodeURIComponent(LANG)}`)
  .then((response) => response.json())
  .then((words) => {
    T = words;
    document.getElementById("title").textContent = say("title");
    if (last) render(last);
  });
connect();
