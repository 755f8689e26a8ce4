// The call on the table's phone page (/score/N, beside score.js): while the table's match is called and its
// lag not played, the call (the minutes since it, the calls made again, who is at the table: `call.js`) and one
// button a player, "I'm here: Ana Lopez". The tap is `POST /api/score/N/here` (README: "I'm here" on the table's
// page): kept in the phone's storage until the laptop answers, sent again after a cut, never twice (its id).
// The call is read from the tournament (/tournament.json), which the table's page is served with.
"use strict";

const HERE_STORE = `score-here-${TABLE}`;
const HERE_DEVICE_STORE = "score-device";  // the phone's id (phone.md 1.1 §2), shared with score.js
let tournamentShow = null;

function hereDevice() {
  let id = localStorage.getItem(HERE_DEVICE_STORE) || "";
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    const random = new Uint8Array(12);
    crypto.getRandomValues(random);
    id = `p${Array.from(random, (b) => b.toString(16).padStart(2, "0")).join("")}`;
    localStorage.setItem(HERE_DEVICE_STORE, id);
  }
  return id;
}

function callWord(key, values) {
  let text = (WORDS && WORDS[key]) || "";
  for (const [k, v] of Object.entries(values || {})) text = text.split(`{${k}}`).join(String(v));
  return text;
}

function hereMatch() {
  // the table's match as the tournament shows it (its call), while its lag is not played
  if (!tournamentShow || !table || !table.match || !table.state || table.state.status !== "lag") return null;
  return tournamentShow.matches.find((m) => m.id === table.match && m.table === TABLE) || null;
}

function renderHere() {
  const box = document.getElementById("call");
  if (!box || !WORDS) return;
  const m = hereMatch();
  const shown = { matches: m ? [m] : [], late_start: tournamentShow ? tournamentShow.late_start : null };
  const called = CallKit.render(box, shown, callWord, LANG, null);
  const waiting = localStorage.getItem(HERE_STORE);
  for (const seat of ["A", "B"]) {
    const button = document.getElementById(`here-${seat}`);
    const who = table && table.players ? table.players[seat] : "";
    const away = called.length ? CallKit.waitingFor(called[0]) : [];
    const hidden = !called.length || !away.includes(who);
    const label = callWord("c_im_here", { name: who });
    if (button.hidden !== hidden) button.hidden = hidden;  // set only when changed: drawn every second
    if (button.textContent !== label) button.textContent = label;
    if (button.disabled !== (waiting !== null)) button.disabled = waiting !== null;
  }
}

async function readCall() {
  try {
    const response = await fetch("/tournament.json", { cache: "no-cache" });  // unchanged: a 304, a few bytes
    if (response.ok) {
      CallKit.noteServerDate(response);
      const document_ = await response.json();
      tournamentShow = document_ && document_.show;
    }
  } catch {
    // no contact: the table's poll says so
  }
  renderHere();
}

async function sendHere() {
  const waiting = localStorage.getItem(HERE_STORE);
  if (waiting === null || !KEY) return;
  try {
    const response = await fetch(`/api/score/${TABLE}/here`, {
      method: "POST", body: waiting, cache: "no-store", referrerPolicy: "no-referrer",
      headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json", "Accept-Language": spoken() },
    });
    if (response.status === 429 || response.status >= 500) throw new Error("again");
    localStorage.removeItem(HERE_STORE);  // answered: recorded (200), or another match now (409), or refused
    await readCall();
  } catch {
    setTimeout(sendHere, 1000);  // no contact: kept, sent again
  }
  renderHere();
}

for (const seat of ["A", "B"]) {
  document.getElementById(`here-${seat}`).addEventListener("click", () => {
    if (!table || !table.match_id || localStorage.getItem(HERE_STORE) !== null) return;
    const made = { id: newId(), match_id: table.match_id, device: hereDevice(), player: seat };
    localStorage.setItem(HERE_STORE, JSON.stringify(made));
    renderHere();
    sendHere();
  });
}

sendHere();
readCall();
setInterval(readCall, 3000);
setInterval(renderHere, 1000);  // the table's own answers (score.js) move it on too: the lag ends the call
