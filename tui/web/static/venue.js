// mjevent serve: live pages and the table's hand composer. Every page works without this file
// (plain links and form posts); with it, a page follows the event as it changes (server-sent
// events from /events) and a table page composes the entry line from buttons.
"use strict";

(function () {
  const body = document.body;

  // --- Live: fetch the page again when the event changed; swap only the [data-live] parts ----
  // A table page says which version of the event it shows; when its table has not changed
  // since, the server answers 204 and the new version, and the page stays as it is.
  async function reload() {
    const headers = body.dataset.shown ? { "X-Mjevent-Shown": body.dataset.shown } : {};
    const answer = await fetch(location.href, { credentials: "same-origin", headers });
    if (answer.status === 204) {
      const version = answer.headers.get("X-Mjevent-Version");
      if (version !== null) {
        body.dataset.version = version;
        body.dataset.shown = body.dataset.shown.replace(/\.\d+$/, "." + version);
      }
      return;
    }
    if (!answer.ok) return;
    const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
    for (const part of document.querySelectorAll("[data-live]")) {
      const next = fresh.getElementById(part.id);
      if (next) part.replaceWith(next);
    }
    body.dataset.version = fresh.body.dataset.version;
    if (fresh.body.dataset.shown) body.dataset.shown = fresh.body.dataset.shown;
    hookConfirms();
  }

  if (window.EventSource && document.querySelector("[data-live]")) {
    const stream = new EventSource("/events");
    stream.onmessage = (event) => {
      if (event.data !== body.dataset.version) reload();
    };
    const note = document.querySelector(".live-note");
    if (note) note.hidden = false;
  }

  // --- The table page ---------------------------------------------------------------------------
  const form = document.getElementById("entry-form");
  const api = form ? form.dataset.api : null;

  function say(text, error) {
    let box = document.getElementById("message");
    if (!box) {
      box = document.createElement("p");
      box.id = "message";
      box.setAttribute("role", "alert");
      document.querySelector("main h1").after(box);
    }
    box.className = error ? "error" : "message";
    box.textContent = text;
  }

  async function post(url, data) {
    const answer = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(data),
    });
    let reply = {};
    try { reply = await answer.json(); } catch (e) { reply = { error: answer.statusText }; }
    return [answer.ok, reply];
  }

  function hookConfirms() {
    for (const confirm of document.querySelectorAll("form.confirm")) {
      if (confirm.dataset.hooked) continue;
      confirm.dataset.hooked = "1";
      confirm.addEventListener("submit", async (event) => {
        event.preventDefault();
        const id = confirm.querySelector("input[name=confirm]").value;
        const seat = event.submitter ? event.submitter.value : "";
        const [ok, reply] = await post(`${api}/entries/${id}/confirm`, { seat });
        say(ok ? form.dataset.recorded : reply.error, !ok);
        await reload();
      });
    }
  }

  if (!form) return;
  hookConfirms();

  const line = form.querySelector("input[name=line]");
  const shown = document.getElementById("preview");
  const composer = form.querySelector(".composer");
  composer.hidden = false;
  const pick = { kind: "", winner: "", loser: "", han: "", fu: "", dora: "", open: false,
                 riichi: new Set(), tenpai: new Set(), yaku: new Set() };
  const limits = new Set(["mgn", "hnm", "bai", "sanbai", "ykm"]);

  function value() {
    if (!pick.han) return "";
    if (limits.has(pick.han)) return pick.han;
    return pick.fu ? `${pick.han}/${pick.fu}` : pick.han;
  }

  function seats(set) {
    return ["E", "S", "W", "N"].filter((s) => set.has(s)).join(",");
  }

  // The win's optional detail (docs/entry.md): `open`, then `y:` with the yaku in the buttons'
  // order and one doraN; nothing when no detail was picked.
  function detail() {
    const out = [];
    if (pick.open) out.push("open");
    const words = [...composer.querySelectorAll("[data-group=yaku] button")]
      .map((b) => b.dataset.yaku).filter((y) => pick.yaku.has(y));
    if (pick.dora && pick.dora !== "0") words.push(`dora${pick.dora}`);
    if (words.length) out.push(`y:${words.join(",")}`);
    return out;
  }

  function compose() {
    const parts = [pick.kind];
    if (pick.kind === "ron") parts.push(`${pick.winner}<-${pick.loser}`, value(), ...detail());
    else if (pick.kind === "tsumo") parts.push(pick.winner, value(), ...detail());
    else if (pick.kind === "chombo") parts.push(pick.winner);
    else if (pick.kind === "final") {
      for (const box of composer.querySelectorAll("[data-group=final] input")) parts.push(box.value);
    }
    if (pick.kind === "draw" && pick.tenpai.size) parts.push(`tenpai:${seats(pick.tenpai)}`);
    if (pick.kind !== "final" && pick.riichi.size) parts.push(`r:${seats(pick.riichi)}`);
    line.value = parts.filter(Boolean).join(" ");
    preview();
  }

  function showRows() {
    for (const row of composer.querySelectorAll("[data-for]")) {
      row.hidden = !pick.kind || !row.dataset.for.split(" ").includes(pick.kind);
    }
  }

  function mark(group, button) {
    for (const b of composer.querySelectorAll(`[data-group=${group}] button`)) {
      b.setAttribute("aria-pressed", b === button ? "true" : "false");
    }
  }

  function reset() {
    Object.assign(pick, { kind: "", winner: "", loser: "", han: "", fu: "", dora: "", open: false });
    pick.riichi.clear();
    pick.tenpai.clear();
    pick.yaku.clear();
    for (const b of composer.querySelectorAll("button[aria-pressed]")) b.setAttribute("aria-pressed", "false");
    for (const box of composer.querySelectorAll("input")) box.value = "";
    showRows();
    line.value = "";
    preview();
  }

  composer.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.hasAttribute("data-clear")) {
      reset();
      return;
    }
    const group = button.closest("[data-group]").dataset.group;
    if (group === "kind") { pick.kind = button.dataset.kind; mark(group, button); showRows(); }
    else if (group === "yaku") {
      const yaku = button.dataset.yaku;
      if (pick.yaku.has(yaku)) pick.yaku.delete(yaku); else pick.yaku.add(yaku);
      button.setAttribute("aria-pressed", pick.yaku.has(yaku) ? "true" : "false");
    } else if (group === "open") {
      pick.open = !pick.open;
      button.setAttribute("aria-pressed", pick.open ? "true" : "false");
    } else if (group === "riichi" || group === "tenpai") {
      const set = pick[group];
      const seat = button.dataset.seat;
      if (set.has(seat)) set.delete(seat); else set.add(seat);
      button.setAttribute("aria-pressed", set.has(seat) ? "true" : "false");
    } else if (group === "winner" || group === "loser") { pick[group] = button.dataset.seat; mark(group, button); }
    else { pick[group] = button.dataset.value; mark(group, button); }
    compose();
  });
  composer.addEventListener("input", compose);
  showRows();

  let timer = 0;
  function preview() {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (!line.value.trim()) { shown.textContent = ""; return; }
      const answer = await fetch(`${api}/preview?line=${encodeURIComponent(line.value)}`,
                                 { credentials: "same-origin" });
      const reply = await answer.json();
      shown.className = reply.ok ? "preview" : "preview error";
      shown.textContent = reply.ok ? reply.text : reply.error;
    }, 120);
  }
  line.addEventListener("input", preview);
  if (line.value) preview();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const seat = form.querySelector("input[name=seat]:checked");
    const [ok, reply] = await post(`${api}/entries`, { line: line.value, seat: seat ? seat.value : "" });
    if (ok) {
      say(reply.status === "recorded" ? form.dataset.recorded : form.dataset.waiting, false);
      reset();
      window.scrollTo(0, 0);
    } else {
      say(reply.error, true);
    }
    await reload();
  });
})();
