// The phone page of a table (phone.md §2): the players tap who won each rack, then both sign.
//
// The key comes from the link's fragment (#k=KEY), which the browser never sends; it goes only in
// the Authorization header. Every tap is kept in localStorage with its id until the laptop
// acknowledges it (a reload or a Wi-Fi drop loses none), and sent again with the same id until it
// is: the laptop records it once. A tap made on a state that moved on (another phone scored
// first) is refused by the laptop and shown, never merged. Names are set as text, never as HTML.
"use strict";

// Parsed, so this browser reads the page's JavaScript: the served "needs a newer browser" goes.
document.getElementById("needs")?.remove();

// The words come from the app's catalogue (/words.json, phone.md §2): in the language asked for
// (?lang=fr), else the phone's own languages in its order, else English. A language the catalogue
// lacks comes back in English (its `p_lang` says which): the next one of the phone's is asked.
let WORDS = null;
let LANG = "en";

function languages() {
  const asked = new URLSearchParams(location.search).get("lang");
  const codes = [asked, ...(navigator.languages || [navigator.language])].filter(Boolean);
  return [...new Set([...codes.map((code) => String(code).slice(0, 2).toLowerCase()), "en"])];
}

async function loadWords() {
  // The words came with the page, in the language the request asked for first that the catalogue
  // has: taken when it is the one the page asks for first (else each of the phone's is asked in turn).
  const served = document.getElementById("words");
  const given = served ? parsed(served.textContent) : {};
  if (given.p_lang && given.p_lang === languages()[0]) {
    [WORDS, LANG] = [given, given.p_lang];
    return;
  }
  for (const code of languages()) {
    const response = await fetch(`/words.json?lang=${encodeURIComponent(code)}`, { cache: "no-store" });
    const words = await response.json();
    if (words.p_lang === code || code === "en") {
      [WORDS, LANG] = [words, code];
      document.documentElement.lang = code;
      return;
    }
  }
}

function spoken() {
  // the language the laptop answers in (Accept-Language): the page's, or before its words came its choices in order
  return WORDS ? LANG : languages().join(", ");
}

function say(key, values = {}) {
  const text = (WORDS && WORDS[`p_${key}`]) || "";
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

const TABLE = Number((location.pathname.match(/\/score\/(\d+)/) || [])[1]);
const KEY_STORE = `score-key-${TABLE}`;
const QUEUE_STORE = `score-queue-${TABLE}`;
const DONE_STORE = `score-done-${TABLE}`;
const fromLink = new URLSearchParams(location.hash.slice(1)).get("k");
if (fromLink) localStorage.setItem(KEY_STORE, fromLink);
const KEY = fromLink || localStorage.getItem(KEY_STORE) || "";

let table = null; // the last answer: the table as it stands
let undoTarget = null;
let lastContact = null;
let sending = false;
let previous = null; // the last match seen on the table, to tell when it is signed and gone
// The match just finished and signed (it left the table): its result and what the table plays next
// stay in view for the players at the table until the next match is under way (kept over a reload).
let done = stored(DONE_STORE, null);
let lookedUp = null; // the match whose result was asked of the bracket (it left the table unseen)

function stored(name, otherwise) {
  try {
    return JSON.parse(localStorage.getItem(name) || "null") ?? otherwise;
  } catch {
    return otherwise;
  }
}

function queue() {
  return stored(QUEUE_STORE, []);
}

function saveQueue(taps) {
  localStorage.setItem(QUEUE_STORE, JSON.stringify(taps));
}

function newId() {
  const random = new Uint8Array(8);
  crypto.getRandomValues(random);
  return Array.from(random, (b) => b.toString(16).padStart(2, "0")).join("") + "-" + Date.now().toString(36);
}

const $ = (id) => document.getElementById(id);
function setText(id, text) {
  $(id).textContent = text;
}
function show(id, visible) {
  $(id).hidden = !visible;
}

function message(text) {
  setText("message", text);
}

function name(seat) {
  return table && table.players ? table.players[seat] : "";
}
function other(seat) {
  return seat === "A" ? "B" : "A";
}

function tap(event) {
  const taps = queue();
  const version = table ? table.version : 0;
  taps.push({ id: newId(), after: version + taps.length, event });
  saveQueue(taps);
  message("");
  render();
  pump();
}

function learn(answer, response) {
  // A look that left before a tap's answer can arrive after it: the older version is not shown
  // over the newer (the next tap would then be made on it, and refused as "moved on").
  if (table && answer.match_id && answer.match_id === table.match_id && answer.version < table.version) return;
  if (previous && answer.match_id !== previous.match_id) {
    if (previous.state && previous.state.status === "finished") {
      const { players, state } = previous; // the table took the next match (or none yet): this one is in
      done = { match_id: previous.match_id, players, winner: state.winner, score: state.score };
    } else if (lookedUp !== previous.match_id) lookUp(previous);
  }
  if (answer.match_id) previous = answer;
  table = answer;
  keepDone();
  const target = response.headers.get("X-Undo-Target");
  undoTarget = target === null ? null : Number(target);
  disputed = (response.headers.get("X-Disputed") || "").split(",").filter(Boolean);
}

function keepDone() {
  if (done && table && table.match_id && table.match_id !== done.match_id && table.version > 1) done = null; // under way
  if (done) localStorage.setItem(DONE_STORE, JSON.stringify(done));
  else localStorage.removeItem(DONE_STORE);
}

async function lookUp(left) {
  // The match left the table while this phone was not looking (asleep, offline, or the organizer
  // took its result): its result is the bracket's (/tournament.json), once the bracket has it.
  lookedUp = left.match_id;
  for (let tries = 0; tries < 5; tries += 1) {
    try {
      const { text } = await fetchWithin("/tournament.json", { cache: "no-store" });
      const tournament = JSON.parse(text);
      const match = ((tournament.show || {}).matches || []).find((m) => m.id === left.match);
      if (match && match.status !== "playing") {
        if (match.status === "done" && match.score && match.winner) {
          const first = match.a === left.players.A ? 0 : 1; // the bracket's order of the two, the log's seats
          const winner = match.winner === left.players.A ? "A" : "B";
          done = { match_id: left.match_id, players: left.players, winner, score: { A: match.score[first], B: match.score[1 - first] } };
          keepDone();
          render();
        }
        return;
      }
    } catch {
      // not reached, or no bracket served here: asked again, a few times
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

// A request the Wi-Fi left hanging (no answer and no error) is given up after this long, and what
// it carried goes again at the next beat: the page never waits on it for good.
const REQUEST_TIMEOUT_MS = 8000;

async function fetchWithin(url, options) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(url, { ...options, signal: controller.signal });
    const text = await response.text(); // the body within the same time
    return { response, text };
  } finally {
    clearTimeout(timer);
  }
}

function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

async function call(method, body) {
  // the laptop's answers (a refusal, an error) in the page's own language
  const headers = { Authorization: `Bearer ${KEY}`, "Accept-Language": spoken() };
  if (body) headers["Content-Type"] = "application/json";
  const { response, text } = await fetchWithin(`/api/score/${TABLE}`, {
    method, headers, body: body ? JSON.stringify(body) : undefined, referrerPolicy: "no-referrer",
    cache: body ? "no-store" : "no-cache", // a look at a table that did not change: a 304, a few bytes
  });
  lastContact = new Date();
  return { response, answer: parsed(text) };
}

async function pump() {
  if (sending) return;
  sending = true;
  try {
    for (;;) {
      const taps = queue();
      if (!taps.length) break;
      const { response, answer } = await call("POST", taps[0]);
      const status = response.status;
      if (status === 429 || status >= 500) break; // kept: sent again later
      saveQueue(queue().filter((t) => t.id !== taps[0].id));
      if (status === 200) {
        learn(answer, response);
      } else if (status === 409) {
        learn(answer, response);
        saveQueue([]); // the taps after it were made on the same stale score
        message(say("moved"));
      } else if (status === 422) {
        learn(answer.table, response);
        saveQueue([]);
        message(say("refused", { why: answer.refused }));
      } else {
        message(answer.error || String(status));
      }
      render();
    }
  } catch {
    // no contact: the taps stay in the queue and go again at the next beat
  } finally {
    sending = false;
    render();
  }
}

async function poll() {
  if (queue().length) {
    await pump();
    return;
  }
  try {
    const { response, answer } = await call("GET");
    if (response.status === 200) learn(answer, response);
    else if (answer.error) message(answer.error);
  } catch {
    // no contact: shown in the footer
  }
  render();
}

function render() {
  if (!WORDS) return; // drawn once the words are there
  setText("title", say("table", { n: TABLE }));
  document.title = say("table", { n: TABLE });
  const pending = queue().length;
  setText("pending", pending ? say("pending", { n: pending }) : "");
  $("pending").className = pending ? "late" : "";
  setText("contact", lastContact ? say("contact", { time: lastContact.toLocaleTimeString(LANG) }) : say("never"));
  renderDone();
  if (!KEY) {
    message(say("no_key"));
    return;
  }
  const started = table && table.match_id && table.state;
  show("empty", Boolean(table) && !started);
  setText("empty", say("none"));
  for (const id of ["board", "lag", "play", "sign", "undo"]) show(id, false);
  if (!started) {
    setText("round", "");
    return;
  }
  const state = table.state;
  setText("round", table.round || "");
  show("board", true);
  setText("race", say("race", { n: table.race_to }));
  for (const seat of ["A", "B"]) {
    const box = $(`player-${seat}`);
    box.querySelector(".name").textContent = name(seat);
    box.querySelector(".name").classList.toggle("long", /\S{12,}/.test(name(seat))); // a word that fills the half
    box.querySelector(".racks").textContent = String(state.score[seat]);
    box.querySelector(".breaks").textContent = state.breaker === seat && state.status === "playing" ? say("breaks") : "";
    const lag = $(`lag-${seat}`);
    lag.textContent = say("lag_won", { name: name(seat) });
    const rack = $(`rack-${seat}`);
    rack.textContent = say("rack_to", { name: name(seat) });
    rack.setAttribute("aria-label", say("rack_to", { name: name(seat) }));
    const sign = $(`sign-${seat}`);
    const signLabel = table.signed[seat] ? say("signed", { name: name(seat) }) : say("sign", { name: name(seat) });
    sign.textContent = signLabel;
    sign.setAttribute("aria-label", say("sign", { name: name(seat) }));
    sign.disabled = table.signed[seat];
    $(`fouls-${seat}`).textContent = say("fouls", { name: name(seat), other: name(other(seat)) });
  }
  const breaker = state.breaker || "A";
  setText("lag-question", say("lag"));
  setText("more-label", say("more"));
  setText("run", say("run", { name: name(breaker) }));
  setText("ten-break", say("ten_break", { name: name(breaker) }));
  show("ten-break", table.rules === "ffb");
  setText("stalemate", say("stalemate"));
  setText("undo", say("undo"));
  setText("disagree", say("disagree"));
  if (state.status === "lag") show("lag", true);
  else if (state.status === "playing") show("play", true);
  else if (state.status === "finished") {
    show("sign", true);
    const winner = state.winner;
    setText("result", say("result", { winner: name(winner), a: state.score.A, b: state.score.B }));
    showDisputes();
  } else if (state.status === "void") message(say("void"));
  const canUndo = undoTarget !== null && !pending && !(table.signed.A || table.signed.B);
  show("undo", canUndo);
}

function renderDone() {
  show("done", Boolean(done));
  if (!done) return;
  const { players, winner, score } = done;
  setText("recorded", say("recorded", { winner: players[winner], a: score.A, b: score.B }));
  const next = table && table.match_id && table.match_id !== done.match_id ? table : null;
  setText("next", next ? say("next", { a: next.players.A, b: next.players.B, round: next.round || "" }) : "");
  show("next", Boolean(next));
}

function wire() {
  for (const seat of ["A", "B"]) {
    $(`lag-${seat}`).addEventListener("click", () => tap({ type: "lag", winner: seat }));
    $(`rack-${seat}`).addEventListener("click", () => tap({ type: "rack", winner: seat }));
    $(`sign-${seat}`).addEventListener("click", () => tap({ type: "sign", player: seat }));
    $(`fouls-${seat}`).addEventListener("click", () => tap({ type: "rack", winner: other(seat), how: "three_fouls" }));
  }
  const breaker = () => (table && table.state && table.state.breaker) || "A";
  $("run").addEventListener("click", () => tap({ type: "rack", winner: breaker(), how: "break_and_run" }));
  $("ten-break").addEventListener("click", () => tap({ type: "rack", winner: breaker(), how: "ten_on_break" }));
  $("stalemate").addEventListener("click", () => tap({ type: "stalemate" }));
  $("undo").addEventListener("click", () => {
    if (undoTarget === null) return;
    const racks = table && table.state ? table.state.racks : [];
    const last = racks.length ? `${name(racks[racks.length - 1].winner) || "—"}` : say("lag_won", { name: "…" });
    if (window.confirm(say("undo_ask", { what: last }))) tap({ type: "undo", target: undoTarget });
  });
  window.addEventListener("online", () => pump());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && WORDS) keepAwake();
  });
}

async function keepAwake() {
  // The Screen Wake Lock API exists only in a secure context (https, or the laptop's own
  // 127.0.0.1); over the venue's plain http the page says how to keep the screen on instead.
  if ("wakeLock" in navigator && window.isSecureContext) {
    try {
      await navigator.wakeLock.request("screen"); // released when the page is hidden: asked again when shown (wire)
      setText("awake", "");
      return;
    } catch {
      // refused (battery saver, a browser's policy): say how instead
    }
  }
  setText("awake", say("awake"));
}

// "I don't agree" (event.phone_results): a player who has not signed disputes the result and
// the laptop calls the organizer (POST /api/score/N/dispute, not a match-log event). Kept in
// localStorage with its id until the laptop answers, and sent again until it does: recorded once.
const DISPUTE_STORE = `score-dispute-${TABLE}`;
let disputed = []; // the seats disputing, as the laptop last said (X-Disputed)

function showDisputes() {
  const waiting = localStorage.getItem(DISPUTE_STORE) !== null;
  for (const seat of ["A", "B"]) {
    const button = $(`dispute-${seat}`);
    button.textContent = say("dispute", { name: name(seat) });
    button.hidden = table.signed[seat] || disputed.includes(seat);
    button.disabled = waiting;
  }
  setText("disputed", disputed.map((seat) => say("disputed", { name: name(seat) })).join(" "));
  show("disagree", !disputed.length);
}

async function sendDispute() {
  const waiting = localStorage.getItem(DISPUTE_STORE);
  if (waiting === null) return;
  try {
    const { response, text } = await fetchWithin(`/api/score/${TABLE}/dispute`, {
      method: "POST", body: waiting, cache: "no-store", referrerPolicy: "no-referrer",
      headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json", "Accept-Language": spoken() },
    });
    lastContact = new Date();
    if (response.status === 429 || response.status >= 500) throw new Error("again");
    localStorage.removeItem(DISPUTE_STORE);
    const answer = parsed(text);
    if (response.status === 200 || response.status === 409) learn(answer, response);
    else if (response.status === 422) {
      learn(answer.table, response);
      message(say("refused", { why: answer.refused }));
    } else message(answer.error || String(response.status));
  } catch {
    setTimeout(sendDispute, 1000); // no contact: kept, sent again
  }
  render();
}

for (const seat of ["A", "B"]) {
  $(`dispute-${seat}`).addEventListener("click", () => {
    if (!table || !table.state || localStorage.getItem(DISPUTE_STORE) !== null) return;
    if (!window.confirm(say("dispute_ask", { name: name(seat), result: $("result").textContent }))) return;
    localStorage.setItem(DISPUTE_STORE, JSON.stringify({ id: newId(), after: table.version, player: seat }));
    sendDispute();
  });
}

async function start() {
  for (;;) {
    try {
      await loadWords();
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000)); // the laptop is not reached yet
    }
  }
  render();
  keepAwake();
}

wire();
start();
sendDispute();
poll();
setInterval(() => {
  poll();
}, 1000);
