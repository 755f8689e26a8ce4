// The live pages: render each state the desk sends over /events, count the shot clock down.
// The state is read from /state.json first (and again while the stream is down), so a page shows
// the match at once even where server-sent events do not get through. While the desk is away,
// the overlay fades out (a stream never shows a grey "reconnecting" bar) and the table page greys
// the last state with "reconnecting". Text goes in with textContent only: a player's name is
// never markup. Words come from /words.json.
"use strict";

const query = new URLSearchParams(location.search);
const board = document.getElementById("board");
let view = null;
let clock = null;
let clockAt = 0;

document.body.classList.add(query.get("style") === "lower" ? "lower" : "full");

// The words come from the desk's catalogue, in the page's language (?lang=, else the desk's),
// fetched once per language; the page renders again when they arrive.
const loaded = {};

function words() {
  const lang = query.get("lang") || (view && view.lang) || "en";
  if (!(lang in loaded)) {
    loaded[lang] = null;
    fetch(`/words.json?lang=${encodeURIComponent(lang)}`)
      .then((response) => response.json())
      .then((words) => { loaded[lang] = words; render(); })
      .catch(() => { delete loaded[lang]; });
  }
  return loaded[lang] || {};
}

function foulNames(codes) {
  // Each foul as the desk names it (`foul_<code>`, from the catalogue), in the page's language.
  return (codes || []).map((code) => words()[`foul_${code}`]).filter(Boolean).join(", ");
}

function say(key, values) {
  let text = words()[key] || "";
  for (const [name, value] of Object.entries(values || {})) text = text.split(`{${name}}`).join(String(value));
  return text;
}

function set(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function bannerText(b) {
  const name = b.seat ? view.players[b.seat] : "";
  switch (b.kind) {
    case "match":
      return say("b_match", { name, a: view.score[b.seat], b: view.score[b.seat === "A" ? "B" : "A"] });
    case "rack": {
      if (!b.seat) return say("b_draw", { rack: b.rack });
      const how = words()[`how_${b.how}`];
      return say("b_rack", { name, rack: b.rack }) + (how ? ` (${how})` : "");
    }
    case "warning": return say("b_warning", { name });
    case "push_out": return say("b_push_out", { name });
    case "option": return say("b_option", { name });
    case "option_taken": return say(b.choice === "shoot" ? "b_shoot" : "b_hand_back", { name });
    default: return "";
  }
}

function renderSeat(seat) {
  const box = document.getElementById(`seat-${seat}`);
  const fouls = view.fouls[seat];
  set(box.querySelector(".name"), view.players[seat]);
  set(box.querySelector(".score"), String(view.score[seat]));
  set(box.querySelector(".turn"), view.at_table === seat && view.status === "playing" ? "▶" : "");
  set(box.querySelector(".breaker"), view.breaker === seat && view.status === "playing" ? say("breaker") : "");
  set(box.querySelector(".fouls"), fouls === 0 ? "" : say(fouls === 1 ? "foul" : "fouls", { n: fouls }));
  set(box.querySelector(".warned"), view.warned[seat] ? say("warned") : "");
  const ext = view.extensions_left ? view.extensions_left[seat] : null;
  set(box.querySelector(".ext"), ext === null ? "" : say("ext", { n: ext }));
  set(box.querySelector(".foul"), fouls === 0 ? "" : foulNames((view.foul_names || {})[seat]));
  box.classList.toggle("two-fouls", fouls >= 2);
  box.classList.toggle("at-table", view.at_table === seat && view.status === "playing");
  box.classList.toggle("winner", view.winner === seat);
}

function renderBalls() {
  const list = document.getElementById("balls");
  if (list.children.length === 0) {
    for (let n = 1; n <= 10; n++) {
      const ball = document.createElement("li");
      ball.className = `ball b${n}`;
      ball.dataset.ball = String(n);
      const number = document.createElement("span");
      number.textContent = String(n);
      ball.appendChild(number);
      list.appendChild(ball);
    }
  }
  const left = new Set(view.balls_on_table);
  for (const ball of list.children) ball.classList.toggle("gone", !left.has(Number(ball.dataset.ball)));
}

function render() {
  document.documentElement.lang = query.get("lang") || (view && view.lang) || "en";
  if (!view || view.match_id === null) {
    board.classList.add("waiting");
    set(document.getElementById("status"), view ? say("waiting") : ""); // nothing known yet: nothing said
    return;
  }
  board.classList.remove("waiting");
  renderSeat("A");
  renderSeat("B");
  // the tournament's round, e.g. "Losers' round 3", in the page's language when it is a round the
  // app names (`rounds`, by language); a round typed by hand as it was typed
  const lang = query.get("lang") || view.lang || "en";
  set(document.getElementById("round"), (view.rounds && view.rounds[lang]) || view.round || "");
  set(document.getElementById("race"), say("race", { n: view.race_to }));
  set(document.getElementById("rules"), view.preset);
  set(document.getElementById("rack"), view.status === "finished" ? "" : say("rack", { n: view.rack }));
  set(document.getElementById("hand"), view.cue_ball === "in_hand" ? say("hand") : "");
  renderBalls();
  const banner = document.getElementById("banner");
  const text = view.banner ? bannerText(view.banner) : "";
  set(banner, text);
  banner.hidden = text === "";
  banner.className = view.banner ? `banner-${view.banner.kind}` : "";
  if (!board.classList.contains("stale")) set(document.getElementById("status"), "");
  document.body.dataset.version = String(view.version);
  renderClock();
  (window.__renders = window.__renders || []).push([view.version, performance.timeOrigin + performance.now()]);
}

function clockLeft() {
  if (!clock) return view.shot_clock.shot_s; // the desk has not started one yet: full time
  const spent = clock.running ? (performance.now() - clockAt) / 1000 : 0;
  return Math.max(0, clock.remaining_s - spent);
}

function renderClock() {
  const element = document.getElementById("clock");
  const left = view && view.match_id !== null && view.shot_clock ? clockLeft() : null;
  set(element, left === null ? "" : String(Math.ceil(left)));
  element.classList.toggle("running", Boolean(clock && clock.running));
  element.classList.toggle("low", left !== null && left <= 10);
  element.classList.toggle("out", left !== null && left <= 0);
}

let streaming = false;

function show(state) {
  clock = state.clock === undefined ? clock : state.clock;
  clockAt = performance.now();
  const { clock: _ignored, ...rest } = state;
  view = rest;
  render();
}

function away(gone) {
  // The table page keeps the last state, greyed, with a word; the overlay fades out (see live.css).
  board.classList.toggle("stale", gone);
  set(document.getElementById("status"), gone && !document.body.classList.contains("overlay") ? say("reconnecting") : "");
}

async function fetchState() {
  // The state as it is now: on load, and every second while the stream is down.
  if (streaming) return;
  try {
    const response = await fetch("/state.json", { cache: "no-store" });
    if (!response.ok) throw new Error(String(response.status));
    const state = await response.json();
    if (streaming) return;
    show(state);
    away(false);
  } catch (_error) {
    if (!streaming) away(true);
  }
}

function connect() {
  const source = new EventSource("/events");
  source.addEventListener("state", (message) => {
    streaming = true;
    view = JSON.parse(message.data);
    render();
  });
  source.addEventListener("clock", (message) => {
    clock = JSON.parse(message.data);
    clockAt = performance.now();
    renderClock();
  });
  source.onopen = () => {
    streaming = true;
    away(false);
  };
  source.onerror = () => {
    streaming = false;
    fetchState();
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, 1000); // the browser gave up: start again
  };
}

render();
fetchState();
connect();
setInterval(renderClock, 200);
setInterval(fetchState, 1000);
