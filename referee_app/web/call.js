// The call, as every page shows it (the board, /bracket, /player, /me, the table's page): a match put on a
// table calls its players ("Table 5: Ana Lopez v Ben Novak"); while a called player is not at the table
// the page counts the minutes since the call and lists the calls made again (WPA §22: +5, +10, +14). A
// new call (or a call made again) rings a chime, played with Web Audio on a page that may play sound
// (a TV's page is given sound once with its "Sound on" button, or by a browser started with
// --autoplay-policy=no-user-gesture-required). The data is `show --json`'s match (`called_at`, `calls`,
// `at_table`) and its top-level `late_start`; names only ever go in with textContent.
"use strict";

const CallKit = (() => {
  let skew = 0;  // the server's clock minus this device's, from the answers' Date header (a TV's clock may be off)
  let heard = null;  // the calls seen so far ("W1-2@5#1"); null before the first state: those are not rung
  let audio = null;

  function noteServerDate(response) {
    const date = response && response.headers ? Date.parse(response.headers.get("Date") || "") : NaN;
    // The header is in whole seconds (up to a second behind): a clock off by less than two seconds is
    // taken as right, else a call made 4 minutes ago read "3 min" for the second the header lagged.
    if (!Number.isNaN(date)) {
      const off = date + 500 - Date.now();
      skew = Math.abs(off) > 2000 ? off : 0;
    }
  }

  function now() {
    return Date.now() + skew;
  }

  function minutesSince(at) {
    const then = Date.parse(at || "");
    return Number.isNaN(then) ? 0 : Math.max(0, Math.floor((now() - then) / 60000));
  }

  function players(m) {
    return [m.a, m.b].filter(Boolean);
  }

  function waitingFor(m) {
    // the called players not at the table yet
    const here = new Set(m.at_table || []);
    return players(m).filter((name) => !here.has(name));
  }

  function called(show, live) {
    // the matches called to a table and not begun: a rack scored, or both players at the table, ends the call
    if (!show || !show.matches) return [];
    return show.matches
      .filter((m) => m.status === "playing" && m.table !== null && m.called_at)
      .filter((m) => !(live && Array.isArray(live[m.id]) && live[m.id][0] + live[m.id][1] > 0))
      .filter((m) => waitingFor(m).length > 0)
      .sort((x, y) => (x.called_at < y.called_at ? 1 : -1));
  }

  function time(at, lang) {
    const when = new Date(Date.parse(at));
    return when.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function card(m, say, lang, late) {
    // One call: the table and the players, each player at the table or the minutes since the call,
    // and the calls made again.
    const box = el("div", "callcard");
    box.dataset.match = m.id;
    box.dataset.table = m.table;
    box.appendChild(el("div", "call-title", say("c_call", { n: m.table, a: m.a || "", b: m.b || "" })));
    const minutes = minutesSince(m.called_at);
    const here = new Set(m.at_table || []);
    for (const name of players(m)) {
      const row = el("div", "call-player" + (here.has(name) ? " here" : " away"));
      row.dataset.player = name;
      row.textContent = here.has(name) ? say("c_here", { name }) : say("c_away", { name, m: minutes });
      box.appendChild(row);
    }
    const again = (m.calls || []).map((at) => time(at, lang));
    const lines = [say("c_called_at", { time: time(m.called_at, lang) })];
    if (again.length) lines.push(say("c_again", { times: again.join(", ") }));
    if (late && late.minutes && minutes >= late.minutes && waitingFor(m).length) lines.push(say("c_up", { m: late.minutes }));
    box.appendChild(el("div", "call-calls", lines.join(" · ")));
    box.dataset.minutes = String(minutes);
    box.dataset.calls = String((m.calls || []).length);
    return box;
  }

  function render(container, show, say, lang, live) {
    // The calls in `container` (hidden when there are none); a new one rings the chime.
    if (!container) return [];
    const list = called(show, live);
    const cards = list.map((m) => card(m, say, lang, show && show.late_start));
    // drawn again only when what it says changed: pages render it every second, and a band rebuilt
    // to the same words still lays the page out again (a phone's main thread, Lighthouse's blocking time)
    const drawn = cards.map((c) => c.outerHTML).join("");
    if (container.dataset.drawn !== drawn) {
      container.replaceChildren(...cards);
      container.dataset.drawn = drawn;
    }
    if (container.hidden !== !list.length) container.hidden = !list.length;
    ring(list);
    return list;
  }

  function ring(list) {
    const keys = list.map((m) => `${m.id}@${m.table}#${(m.calls || []).length}`);
    const fresh = heard === null ? [] : keys.filter((k) => !heard.has(k));
    heard = new Set([...(heard || []), ...keys]);
    if (fresh.length) chime();
  }

  function context() {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return null;
    if (!audio) audio = new Audio();
    return audio;
  }

  function chime() {
    // Two notes, E6 then C6, as the organizer's laptop plays them. A page that may not play sound yet says so
    // (`document.body.dataset.chimes` counts the chimes rung, for the tests and the sound button).
    document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
    const ctx = context();
    if (!ctx || ctx.state !== "running") return false;
    const start = ctx.currentTime + 0.02;
    [[1318.5, 0, 0.3], [1046.5, 0.3, 0.45]].forEach(([freq, at, length]) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.5, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + at);
      osc.stop(start + at + length + 0.05);
    });
    return true;
  }

  function soundButton(button, label) {
    // "Sound on": shown while the page may not play the chime; one tap (a TV's remote, a mouse) allows it.
    if (!button) return;
    button.textContent = label;
    const ctx = context();
    const update = () => { button.hidden = !ctx || ctx.state === "running"; };
    button.onclick = () => { if (ctx) ctx.resume().then(() => { update(); chime(); }); };
    if (ctx) ctx.onstatechange = update;
    update();
  }

  return { noteServerDate, now, minutesSince, called, waitingFor, render, card, chime, soundButton };
})();
