// A player's own page (/me/SECRET, the link their phone got at the door): their next match, its table,
// its call (the minutes since it, the calls made again, a chime), and their results. Read every three
// seconds from /api/me/SECRET; the words from /words.json in the phone's language (?lang= to choose).
// Names only ever go in with textContent.
"use strict";

const POLL_MS = 3000;
const secret = location.pathname.split("/me/")[1] || "";
const asked = new URLSearchParams(location.search).get("lang");
const lang = (asked || navigator.language || "en").slice(0, 2).toLowerCase();
let words = null;
let me = null;
let gone = false;

function say(key, values) {
  let text = (words || {})[key] || "";
  for (const [name, value] of Object.entries(values || {})) text = text.split(`{${name}}`).join(String(value));
  return text;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function asMatch(next) {
  // the next match as call.js reads a bracket match: this player as A, the opponent as B
  return { id: next.match, table: next.table, a: me.name, b: next.opponent, status: next.status,
    called_at: next.called_at, calls: next.calls || [], at_table: next.at_table || [] };
}

function render() {
  document.documentElement.lang = lang;
  if (!words) return;
  document.title = say("m_title");
  document.getElementById("next-title").textContent = say("m_next");
  document.getElementById("results-title").textContent = say("m_results");
  const message = document.getElementById("message");
  if (gone) {
    document.getElementById("name").textContent = say("m_title");
    message.textContent = say("m_gone");
    document.querySelector("main").hidden = true;
    return;
  }
  if (!me) return;
  message.textContent = document.body.classList.contains("stale") ? say("m_offline") : "";
  document.getElementById("name").textContent = me.name;
  document.getElementById("tournament").textContent = me.tournament || "";
  const present = document.getElementById("present");
  present.textContent = me.present === null || me.present === undefined ? "" : say(me.present ? "m_in" : "m_not_in");
  present.className = me.present ? "in" : "not-in";
  const next = me.next;
  const box = document.getElementById("called");
  const show = next ? { matches: [asMatch(next)], late_start: next.late_start } : { matches: [] };
  const calledNow = CallKit.render(box, show, say, lang, null);
  const when = document.getElementById("next-when");
  const what = document.getElementById("next-what");
  if (!next) {
    when.textContent = say("m_none");
    what.textContent = "";
  } else {
    if (calledNow.length) when.textContent = say("c_go", { n: next.table });
    else if (next.status === "playing") when.textContent = say("m_playing", { n: next.table });
    else if (next.status === "ready") when.textContent = say("m_ready");
    else when.textContent = say("m_waiting");
    const said = say("m_against", { match: next.match, round: next.round || "", name: next.opponent || "…" });
    what.textContent = next.round ? said : said.replace(" ·  · ", " · ");  // no round named: no empty part
  }
  document.getElementById("next").classList.toggle("called", calledNow.length > 0);
  const results = (me.results || []).map((r) => {
    const score = Array.isArray(r.score) ? r.score.join("–") : (r.score || "");
    const item = el("li", r.won ? "won" : "lost", say(r.won ? "m_won" : "m_lost", { match: r.match, score, name: r.opponent || "" }));
    item.dataset.match = r.match;
    return item;
  });
  document.getElementById("results-list").replaceChildren(...(results.length ? results : [el("li", "", say("m_no_results"))]));
  document.body.dataset.ready = "1";
}

async function poll() {
  try {
    const response = await fetch(`/api/me/${encodeURIComponent(secret)}`, { cache: "no-store" });
    CallKit.noteServerDate(response);
    if (response.status === 404 || response.status === 403) {
      gone = true;
    } else if (response.ok) {
      me = await response.json();
      gone = false;
    } else {
      throw new Error(String(response.status));
    }
    document.body.classList.remove("stale");
  } catch (_error) {
    document.body.classList.add("stale");
  }
  render();
}

function loadWords() {
  fetch(`/words.json?lang=${encodeURIComponent(lang)}`)
    .then((response) => response.json())
    .then((fetched) => { words = fetched; render(); })
    .catch(() => setTimeout(loadWords, 1000));
}

loadWords();
poll();
setInterval(poll, POLL_MS);
