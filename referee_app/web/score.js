// The phone page of a table (phone.md §2): the players tap who won each rack, then both sign.
//
// The key comes from the link's fragment (#k=KEY), which the browser never sends; it goes only in
// the Authorization header. Every tap is kept in localStorage with its id until the laptop
// acknowledges it (a reload or a Wi-Fi drop loses none), and sent again with the same id until it
// is: the laptop records it once. A tap made on a state that moved on (another phone scored
// first) is refused by the laptop and shown, never merged. Names are set as text, never as HTML.
"use strict";

const WORDS = {
  en: {
    table: "Table {n}", race: "race to {n}", breaks: "breaks", lag: "Who won the lag?",
    lag_won: "{name} won the lag", rack_to: "Rack to {name}", more: "Other ways to win a rack",
    run: "Break-and-run ({name})", ten_break: "10 on the break ({name})",
    fouls: "Three fouls by {name}: rack to {other}", stalemate: "Stalemate (rack replayed)",
    undo: "Undo", undo_ask: "Take back the last thing recorded ({what})?", sign: "Sign: {name}",
    signed: "{name} signed", result: "{winner} wins {a}–{b}", disagree: "Do not agree? Do not sign: tap “I don’t agree” and the organizer is called.",
    next: "Next on this table: {a} v {b}", none: "No match on this table now: the next one comes here by itself.",
    pending: "not sent yet ({n})", contact: "last contact {time}", never: "no contact yet",
    moved: "The score moved on (another phone?): check it, then tap again.", refused: "Refused: {why}",
    awake: "Keep this screen on: set your phone's screen timeout to 10 minutes or more.",
    no_key: "This page needs the link of the table's card: scan the QR code again.",
    finished: "Match over", void: "This match was voided.",
    dispute: "I don’t agree ({name})", dispute_ask: "Call the organizer: {name} does not agree with “{result}”?",
    disputed: "{name} does not agree: the organizer is called. Signing withdraws it.",
  },
  fr: {
    table: "Table {n}", race: "en {n}", breaks: "casse", lag: "Qui a gagné le lag ?",
    lag_won: "{name} a gagné le lag", rack_to: "Manche pour {name}", more: "Autres façons de gagner une manche",
    run: "Casse et tout de suite ({name})", ten_break: "10 à la casse ({name})",
    fouls: "Trois fautes de {name} : manche pour {other}", stalemate: "Pat (manche rejouée)",
    undo: "Annuler", undo_ask: "Reprendre le dernier enregistrement ({what}) ?", sign: "Signer : {name}",
    signed: "{name} a signé", result: "{winner} gagne {a}–{b}", disagree: "Pas d’accord ? Ne signez pas : touchez « Je ne suis pas d’accord », l’organisateur est appelé.",
    next: "Prochain match sur cette table : {a} – {b}", none: "Pas de match sur cette table pour l’instant : le suivant arrivera tout seul.",
    pending: "pas encore envoyé ({n})", contact: "dernier contact {time}", never: "pas encore de contact",
    moved: "Le score a changé (un autre téléphone ?) : vérifiez, puis recommencez.", refused: "Refusé : {why}",
    awake: "Gardez l’écran allumé : réglez la mise en veille du téléphone à 10 minutes ou plus.",
    no_key: "Cette page demande le lien de la carte de la table : scannez de nouveau le QR code.",
    finished: "Match terminé", void: "Ce match a été annulé.",
    dispute: "Je ne suis pas d’accord ({name})", dispute_ask: "Appeler l’organisateur : {name} conteste « {result} » ?",
    disputed: "{name} conteste le résultat : l’organisateur est appelé. Signer retire la contestation.",
  },
};

function pickLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && WORDS[asked]) return asked;
  for (const lang of navigator.languages || [navigator.language || "en"]) {
    const code = String(lang).slice(0, 2).toLowerCase();
    if (WORDS[code]) return code;
  }
  return "en";
}

const LANG = pickLanguage();
document.documentElement.lang = LANG;
function say(key, values = {}) {
  return WORDS[LANG][key].replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

const TABLE = Number((location.pathname.match(/\/score\/(\d+)/) || [])[1]);
const KEY_STORE = `score-key-${TABLE}`;
const QUEUE_STORE = `score-queue-${TABLE}`;
const fromLink = new URLSearchParams(location.hash.slice(1)).get("k");
if (fromLink) localStorage.setItem(KEY_STORE, fromLink);
const KEY = fromLink || localStorage.getItem(KEY_STORE) || "";

let table = null; // the last answer: the table as it stands
let undoTarget = null;
let lastContact = null;
let sending = false;
let previous = null; // the match shown before, to name the next one once it is signed
let nextNote = "";

function queue() {
  try {
    return JSON.parse(localStorage.getItem(QUEUE_STORE) || "[]");
  } catch {
    return [];
  }
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
  if (previous && answer.match_id !== previous.match_id && previous.state && previous.state.status === "finished") {
    nextNote = answer.players ? say("next", { a: answer.players.A, b: answer.players.B }) : "";
  }
  if (answer.match_id) previous = answer;
  table = answer;
  const target = response.headers.get("X-Undo-Target");
  undoTarget = target === null ? null : Number(target);
  disputed = (response.headers.get("X-Disputed") || "").split(",").filter(Boolean);
}

async function call(method, body) {
  const headers = { Authorization: `Bearer ${KEY}` };
  if (body) headers["Content-Type"] = "application/json";
  const response = await fetch(`/api/score/${TABLE}`, {
    method, headers, body: body ? JSON.stringify(body) : undefined, cache: "no-store", referrerPolicy: "no-referrer",
  });
  lastContact = new Date();
  let answer = {};
  try {
    answer = await response.json();
  } catch {
    answer = {};
  }
  return { response, answer };
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
  setText("title", say("table", { n: TABLE }));
  const pending = queue().length;
  setText("pending", pending ? say("pending", { n: pending }) : "");
  $("pending").className = pending ? "late" : "";
  setText("contact", lastContact ? say("contact", { time: lastContact.toLocaleTimeString(LANG) }) : say("never"));
  setText("next", nextNote);
  show("next", Boolean(nextNote));
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
}

async function keepAwake() {
  if ("wakeLock" in navigator && window.isSecureContext) {
    try {
      await navigator.wakeLock.request("screen");
      return;
    } catch {
      // refused: say how instead
    }
  }
  setText("awake", say("awake"));
}

// "I don't agree" (tournament.phone_results): a player who has not signed disputes the result and
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
    const response = await fetch(`/api/score/${TABLE}/dispute`, {
      method: "POST", body: waiting, cache: "no-store", referrerPolicy: "no-referrer",
      headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
    });
    lastContact = new Date();
    if (response.status === 429 || response.status >= 500) throw new Error("again");
    localStorage.removeItem(DISPUTE_STORE);
    const answer = await response.json().catch(() => ({}));
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

wire();
render();
sendDispute();
keepAwake();
poll();
setInterval(() => {
  poll();
}, 1000);
