// The phone page of a table (phone.md §2): the players tap who won each rack, then both sign.
//
// The key comes from the link's fragment (#k=KEY), which the browser never sends; it goes only in
// the Authorization header; a new card scanned in an open tab changes the fragment and the page
// takes its key at once (phone.md 1.1). Every tap is kept in localStorage with its id until the
// laptop acknowledges it (a reload or a Wi-Fi drop loses none), and sent again with the same id
// until it is: the laptop records it once. A tap names the match it was made on, the version the
// laptop last confirmed and this phone (`device`): a tap made on a state that moved on (another
// phone scored first, or the table took its next match) is refused by the laptop and taken back
// from the score, never merged. A tap is shown in the score at once, marked as not confirmed; the
// same tap again while it is not confirmed is the same rack (a player who saw nothing move), never
// a second one. Names are set as text, never as HTML.
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
const DEVICE_STORE = "score-device";

function readKey() {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("k");
  if (fromLink) localStorage.setItem(KEY_STORE, fromLink);
  return fromLink || localStorage.getItem(KEY_STORE) || "";
}
let KEY = readKey();
// The key was refused (401): nothing more is sent with it until a new card is scanned (its
// fragment read at once, no reload needed); {text, replaced}.
let stopped = null;
let quietUntil = 0; // too many wrong keys from this phone (429): asked again only after this

function randomHex(bytes) {
  const random = new Uint8Array(bytes);
  crypto.getRandomValues(random);
  return Array.from(random, (b) => b.toString(16).padStart(2, "0")).join("");
}

// This phone's id (phone.md 1.1 §2): made once per browser, sent with every POST; the laptop
// keeps it on a signature, so one phone cannot sign for both players of a two-phone table.
function deviceId() {
  let id = localStorage.getItem(DEVICE_STORE) || "";
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    id = `p${randomHex(12)}`;
    localStorage.setItem(DEVICE_STORE, id);
  }
  return id;
}
const DEVICE = deviceId();

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
  return stored(QUEUE_STORE, []).filter((t) => t && t.match_id); // a tap naming no match (an older page's) is dropped
}

function saveQueue(taps) {
  localStorage.setItem(QUEUE_STORE, JSON.stringify(taps));
}

function newId() {
  return randomHex(8) + "-" + Date.now().toString(36);
}

const $ = (id) => document.getElementById(id);
// Written only when it changed: the page is drawn again on every poll (each second), and a text
// set again to itself still makes the browser lay the page out again (Lighthouse's blocking time).
function put(element, text) {
  if (element.textContent !== text) element.textContent = text;
}
function setText(id, text) {
  put($(id), text);
}
function show(id, visible) {
  if ($(id).hidden === visible) $(id).hidden = !visible;
}

function message(text) {
  setText("message", text);
}

// What a screen reader hears after each tap (a live region of its own, out of sight): the tap's
// result and the score as two names and two numbers.
const said = document.createElement("p");
said.id = "said";
said.setAttribute("aria-live", "polite");
Object.assign(said.style, { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", margin: "0" });
document.body.appendChild(said);

function announce(text) {
  said.textContent = text;
}

function scoreSaid() {
  if (!table || !table.state) return "";
  const { A, B } = table.state.score;
  return say("score_said", { a: name("A"), x: A, b: name("B"), y: B });
}

function name(seat) {
  return table && table.players ? table.players[seat] : "";
}
function other(seat) {
  return seat === "A" ? "B" : "A";
}

function sameTap(a, b) {
  return a.type === b.type && a.winner === b.winner && a.player === b.player && a.how === b.how && a.target === b.target;
}

function tap(event) {
  if (!table || !table.match_id || stopped) return;
  const taps = queue().filter((t) => t.match_id === table.match_id);
  if (taps.some((t) => sameTap(t.event, event))) {
    // tapped again before the laptop confirmed it: the player means the same rack, not a second one
    message(say("wait"));
    return;
  }
  // `after`: the version the laptop last confirmed, plus the taps made on it not confirmed yet
  const entry = { id: newId(), match_id: table.match_id, after: table.version + taps.length, device: DEVICE, event };
  saveQueue([...queue(), entry]);
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
// it carried goes again at once: the page never waits on it for long.
const REQUEST_TIMEOUT_MS = 3000;

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
  if (response.status !== 401 && response.status !== 429) lastContact = new Date(); // a refused key is no contact
  return { response, answer: parsed(text) };
}

function refusedKey(response, answer) {
  // 401: stop sending with this key and say why (a replaced card says so); 429: wait a minute
  if (response.status === 401) {
    const text = answer.error || say("no_key");
    stopped = { text: text.charAt(0).toUpperCase() + text.slice(1), replaced: Boolean(answer.replaced) }; // a sentence
    message(stopped.text);
    return true;
  }
  if (response.status === 429) {
    quietUntil = Date.now() + 20000;
    message(answer.error || "");
    return true;
  }
  return false;
}

let failures = 0; // sends that failed in a row (no answer, a hanging one given up, a 5xx)
let retry = null;

function again() {
  // sent again at once, then later and later (0.25 s … 4 s): never waiting for the next poll
  failures += 1;
  clearTimeout(retry);
  retry = setTimeout(pump, Math.min(4000, 250 * 2 ** Math.min(failures - 1, 4)));
}


window.addEventListener("hashchange", () => {
  // a new card scanned in the open tab: its key at once, the page starts again
  const key = readKey();
  if (!key || (key === KEY && !stopped)) return;
  KEY = key;
  stopped = null;
  quietUntil = 0;
  message("");
  poll();
  sendDispute();
});

async function pump() {
  if (sending || stopped || Date.now() < quietUntil) return;
  sending = true;
  clearTimeout(retry);
  try {
    for (;;) {
      const taps = queue();
      if (!taps.length) break;
      const first = taps[0];
      let reply;
      try {
        reply = await call("POST", first);
      } catch {
        again(); // no answer, or one given up after 3 s: the tap stays, sent again soon
        break;
      }
      const { response, answer } = reply;
      const status = response.status;
      if (refusedKey(response, answer)) break; // kept: sent with the next card's key
      if (status >= 500) {
        again();
        break;
      }
      failures = 0;
      saveQueue(queue().filter((t) => t.id !== first.id));
      if (status === 200) {
        learn(answer, response);
        if ($("message").textContent === say("wait")) message(""); // the tap it was about is confirmed
        announce(say("counted", { score: scoreSaid() })); // what was tapped is on the button; the score said
      } else if (status === 409) {
        learn(answer, response);
        saveQueue(queue().filter((t) => t.match_id !== first.match_id)); // made on the same stale score
        const why = first.match_id !== answer.match_id ? say("other_match") : say("moved");
        message(why); // the message is a live region of its own
      } else if (status === 422) {
        learn(answer.table, response);
        saveQueue(queue().filter((t) => t.match_id !== first.match_id));
        message(say("refused", { why: answer.refused }));
      } else {
        message(answer.error || String(status));
      }
      render();
    }
  } finally {
    sending = false;
    render();
  }
}

async function poll() {
  if (stopped || Date.now() < quietUntil) return render();
  if (queue().length) {
    await pump();
    return;
  }
  try {
    const { response, answer } = await call("GET");
    if (response.status === 200) learn(answer, response);
    else if (!refusedKey(response, answer) && answer.error) message(answer.error);
  } catch {
    // no contact: shown in the footer
  }
  render();
}

function shown() {
  // the table as the players see it: the laptop's, with this phone's racks not confirmed yet added
  const pending = queue().filter((t) => table && t.match_id === table.match_id);
  const score = { ...table.state.score };
  for (const t of pending) if (t.event.type === "rack") score[t.event.winner] += 1;
  return { pending, score };
}

function render() {
  if (!WORDS) return; // drawn once the words are there
  setText("title", say("table", { n: TABLE }));
  if (document.title !== say("table", { n: TABLE })) document.title = say("table", { n: TABLE });
  const pending = queue().length;
  const late = pending && (failures > 0 || stopped || !navigator.onLine); // "sending…" while a tap is on its way
  setText("pending", pending ? (late ? say("pending", { n: pending }) : say("sending")) : "");
  $("pending").className = late ? "late" : "";
  setText("contact", lastContact ? say("contact", { time: lastContact.toLocaleTimeString(LANG) }) : say("never"));
  renderDone();
  if (!KEY) {
    message(say("no_key"));
    return;
  }
  if (stopped) {
    // a refused key: nothing to tap until the new card is scanned (said in the message)
    message(stopped.text);
    for (const id of ["board", "lag", "play", "sign", "undo", "empty"]) show(id, false);
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
  const { pending: mine, score: seen } = shown();
  setText("round", table.round || "");
  show("board", true);
  setText("race", say("race", { n: table.race_to }));
  for (const seat of ["A", "B"]) {
    const box = $(`player-${seat}`);
    put(box.querySelector(".name"), name(seat));
    box.querySelector(".name").classList.toggle("long", /\S{12,}/.test(name(seat))); // a word that fills the half
    const racks = box.querySelector(".racks");
    const unconfirmed = seen[seat] !== state.score[seat];
    put(racks, String(seen[seat])); // a tap shown at once, dimmed until the laptop confirms it
    racks.classList.toggle("unconfirmed", unconfirmed);
    racks.style.opacity = unconfirmed ? "0.55" : "";
    put(box.querySelector(".breaks"), state.breaker === seat && state.status === "playing" ? say("breaks") : "");
    const lag = $(`lag-${seat}`);
    put(lag, say("lag_won", { name: name(seat) }));
    const lagging = mine.find((t) => t.event.type === "lag");
    lag.disabled = Boolean(lagging); // the lag tapped, on its way: one answer at a time
    lag.setAttribute("aria-pressed", String(Boolean(lagging && lagging.event.winner === seat)));
    const rack = $(`rack-${seat}`);
    put(rack, say("rack_to", { name: name(seat) }));
    rack.setAttribute("aria-label", say("rack_to", { name: name(seat) }));
    const sign = $(`sign-${seat}`);
    const signing = mine.some((t) => t.event.type === "sign" && t.event.player === seat);
    const signLabel = table.signed[seat] ? say("signed", { name: name(seat) }) : say("sign", { name: name(seat) });
    put(sign, signing ? `${signLabel} · ${say("sending")}` : signLabel);
    if (table.signed[seat]) sign.removeAttribute("aria-label"); // its name says signed, as its text does
    else sign.setAttribute("aria-label", say("sign", { name: name(seat) }));
    sign.disabled = table.signed[seat] || signing;
    put($(`fouls-${seat}`), say("fouls", { name: name(seat), other: name(other(seat)) }));
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
    // the winner's score first ("wins 5–3"), whichever seat won
    setText("result", say("result", { winner: name(winner), a: state.score[winner], b: state.score[other(winner)] }));
    showDisputes();
  } else if (state.status === "void") message(say("void"));
  // shown while there is something to undo; only disabled while a tap is on its way (no flicker on each tap)
  show("undo", undoTarget !== null && !(table.signed.A || table.signed.B));
  $("undo").disabled = Boolean(pending);
}

function renderDone() {
  show("done", Boolean(done));
  if (!done) return;
  const { players, winner, score } = done;
  setText("recorded", say("recorded", { winner: players[winner], a: score[winner], b: score[other(winner)] }));
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
    if (stopped) return;
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
    const made = { id: newId(), after: table.version, player: seat, match_id: table.match_id, device: DEVICE };
    localStorage.setItem(DISPUTE_STORE, JSON.stringify(made));
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
