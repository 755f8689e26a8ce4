// The event board for a venue TV and players' phones: every table, live, over /events.
// Read-only; text goes in with textContent only (a player's name is never markup).
"use strict";

const FR = (new URLSearchParams(location.search).get("lang") || navigator.language || "").startsWith("fr");
const T = FR
  ? { title: "Tables", table: "Table", race: "en {n}", rack: "manche {n}", foul: "1 faute", fouls: "{n} fautes", warn: "avertissement dû",
      next: "Prochain match\u00a0:", free: "libre", offline: "pupitre hors ligne", done: "terminé", won: "gagne",
      reconnecting: "reconnexion…", server: "serveur de l’événement injoignable", ago: "il y a {n}" }
  : { title: "Tables", table: "Table", race: "race to {n}", rack: "rack {n}", foul: "1 foul", fouls: "{n} fouls", warn: "warning due",
      next: "Next match:", free: "free", offline: "desk offline", done: "finished", won: "wins",
      reconnecting: "reconnecting…", server: "the event server cannot be reached", ago: "{n} ago" };
const say = (key, n) => T[key].replace("{n}", n);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function age(seconds) {
  if (seconds < 60) return say("ago", `${seconds} s`);
  if (seconds < 3600) return say("ago", `${Math.floor(seconds / 60)} min`);
  return say("ago", `${Math.floor(seconds / 3600)} h`);
}

function seat(match, s) {
  const row = el("div", "seat" + (match.at_table === s && match.status === "playing" ? " at-table" : "")
    + (match.winner === s ? " winner" : ""));
  row.dataset.seat = s;
  row.appendChild(el("span", "name", match.players[s]));
  const fouls = match.fouls[s];
  if (fouls) row.appendChild(el("span", "fouls" + (fouls >= 2 ? " two" : ""), say(fouls === 1 ? "foul" : "fouls", fouls)));
  if (match.warning_due.includes(s)) row.appendChild(el("span", "warn", T.warn));
  row.appendChild(el("span", "score", String(match.score[s])));
  return row;
}

function card(table) {
  const box = el("section", "table" + (table.online ? "" : " offline"));
  box.dataset.table = table.table;
  const head = el("div", "head");
  head.appendChild(el("span", "number", `${T.table} ${table.table}`));
  if (!table.online) head.appendChild(el("span", "desk-off", T.offline));
  box.appendChild(head);
  const match = table.match;
  if (match) {
    const info = el("div", "info");
    info.textContent = [match.event, match.round, match.rules, say("race", match.race_to),
      match.status === "finished" ? T.done : say("rack", match.rack), age(match.age_s)].filter(Boolean).join(" · ");
    box.appendChild(seat(match, "A"));
    box.appendChild(seat(match, "B"));
    box.appendChild(info);
  } else {
    box.appendChild(el("div", "free", T.free));
  }
  const current = match ? match.match_id : null;
  for (const done of table.finished.filter((f) => f.match_id !== current).slice(-3)) {
    box.appendChild(el("div", "finished", `${T.done}: ${done.players.A} ${done.score.A}–${done.score.B} ${done.players.B}`));
  }
  if (table.next) box.appendChild(el("div", "next", `${T.next} ${table.next.players[0]} – ${table.next.players[1]}`));
  return box;
}

function render(view) {
  const main = document.getElementById("tables");
  main.replaceChildren(...view.tables.map(card));
  document.body.dataset.version = String(view.version);
  document.getElementById("status").textContent = view.server === "offline" ? T.server : "";
}

function connect() {
  const source = new EventSource("/events");
  source.addEventListener("state", (message) => render(JSON.parse(message.data)));
  source.onopen = () => document.body.classList.remove("stale");
  source.onerror = () => {
    document.body.classList.add("stale");
    document.getElementById("status").textContent = T.reconnecting;
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, 1000);
  };
}

document.getElementById("title").textContent = T.title;
connect();
