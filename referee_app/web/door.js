// The door (a player's phone, from the door's QR: pick your name, check in once) and the player's
// own page (/me/SECRET: the next match, its table and call, the results). Names are set as text,
// never as HTML. The phone keeps a random id of its own (localStorage): one phone checks in one
// player, and asking again after a lost answer gets the same page back.
"use strict";

let WORDS = {};

function languages() {
  const asked = new URLSearchParams(location.search).get("lang");
  const codes = [asked, ...(navigator.languages || [navigator.language])].filter(Boolean);
  return [...new Set([...codes.map((code) => String(code).slice(0, 2).toLowerCase()), "en"])];
}

async function loadWords() {
  for (const code of languages()) {
    const response = await fetch(`/words.json?lang=${encodeURIComponent(code)}`, { cache: "no-store" });
    const words = await response.json();
    if (words.p_lang === code || code === "en") {
      WORDS = words;
      document.documentElement.lang = code;
      return code;
    }
  }
  return "en";
}

function say(key, values = {}) {
  const text = WORDS[key] || "";
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

function text(id, value) {
  const node = document.getElementById(id);
  if (node) node.textContent = value;
}

function deviceId() {
  let id = localStorage.getItem("door-device");
  if (!id) {
    const bytes = new Uint8Array(18);
    crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("door-device", id);
  }
  return id;
}

function fold(name) {
  return name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

async function door(token, lang) {
  text("title", say("d_title"));
  text("search-label", say("d_search"));
  text("yes", say("d_yes"));
  text("no", say("d_no"));
  const headers = { "Accept-Language": lang };
  const response = await fetch(`/api/door/${token}`, { cache: "no-store", headers });
  const answer = await response.json();
  if (!response.ok) {
    text("message", answer.error || "");
    return;
  }
  text("tournament", answer.tournament);
  const list = document.getElementById("names");
  const search = document.getElementById("search");
  let chosen = null;
  function show() {
    const typed = fold(search.value.trim());
    list.replaceChildren();
    for (const name of answer.names) {
      if (typed && !fold(name).split(/\s+/).some((w) => w.startsWith(typed)) && !fold(name).startsWith(typed)) continue;
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = name;
      button.addEventListener("click", () => {
        chosen = name;
        text("confirm-text", say("d_confirm", { name }));
        document.getElementById("confirm").hidden = false;
      });
      item.append(button);
      list.append(item);
    }
  }
  search.addEventListener("input", show);
  document.getElementById("no").addEventListener("click", () => {
    document.getElementById("confirm").hidden = true;
  });
  document.getElementById("yes").addEventListener("click", async () => {
    const body = JSON.stringify({ name: chosen, device: deviceId() });
    const sent = await fetch(`/api/door/${token}`, { method: "POST", body, headers });
    const result = await sent.json();
    if (sent.ok && result.me) {
      localStorage.setItem("door-me", result.me);
      location.assign(result.me);
    } else {
      document.getElementById("confirm").hidden = true;
      text("message", result.error || "");
    }
  });
  show();
}

async function me(secret, lang) {
  text("title", say("m_title"));
  text("results-title", say("m_results"));
  const response = await fetch(`/api/me/${secret}`, { cache: "no-store", headers: { "Accept-Language": lang } });
  const answer = await response.json();
  if (!response.ok) {
    text("message", say("m_gone"));
    return;
  }
  text("tournament", `${answer.name} · ${answer.tournament} · ${say(answer.present ? "m_in" : "m_not_in")}`);
  const next = document.getElementById("next");
  next.replaceChildren();
  const line = document.createElement("p");
  const match = answer.next;
  if (!match) line.textContent = say("m_none");
  else if (match.status === "playing") {
    line.className = match.called_at ? "call" : "";
    line.textContent = match.called_at ? say("c_go", { n: match.table }) : say("m_playing", { n: match.table });
  } else line.textContent = say(match.status === "ready" ? "m_ready" : "m_waiting");
  next.append(line);
  const results = document.getElementById("results");
  results.replaceChildren();
  for (const r of answer.results) {
    const item = document.createElement("li");
    const score = r.score ? r.score.join("-") : "";
    item.textContent = say(r.won ? "m_won" : "m_lost", { match: r.match, score, name: r.opponent || "" });
    results.append(item);
  }
  if (!answer.results.length) text("results-title", say("m_no_results"));
}

(async () => {
  const lang = await loadWords();
  const doorMatch = location.pathname.match(/^\/door\/([0-9a-f]{20})$/);
  const meMatch = location.pathname.match(/^\/me\/([A-Za-z0-9_-]{20,100})$/);
  if (doorMatch) await door(doorMatch[1], lang);
  else if (meMatch) {
    await me(meMatch[1], lang);
    setInterval(() => me(meMatch[1], lang).catch(() => text("message", say("m_offline"))), 5000);
  }
})();
