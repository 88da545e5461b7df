// railbook serve: what every page shares: the browser's seat key (the server gives it when the
// browser takes a seat; it proves the seat is this browser's), JSON requests that report
// railbook's errors, and the message line.
"use strict";
const railbook = (() => {
  let client = null;
  try { client = window.localStorage.getItem("railbook-key"); } catch (e) { client = null; }
  let timer = null;

  function say(text, kind) {
    const box = document.getElementById("message");
    if (!box) return;
    box.textContent = text;
    box.className = kind || "info";
    box.hidden = !text;
    clearTimeout(timer);
    if (text && kind !== "error") timer = setTimeout(() => { box.hidden = true; }, 4000);
  }

  async function request(method, url, body) {
    const options = {method, headers: client ? {"X-Railbook-Client": client} : {}};
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(url, options);
    let data = null;
    try { data = await response.json(); } catch (e) { data = {error: response.statusText}; }
    if (data && typeof data.key === "string") {   // a seat taken: the key that proves it from now on
      client = data.key;
      try { window.localStorage.setItem("railbook-key", client); } catch (e) { /* kept for this page */ }
    }
    if (!response.ok) {
      const err = new Error(data && data.error ? data.error : response.statusText);
      err.status = response.status;
      err.rule = data ? data.rule : null;
      throw err;
    }
    return data;
  }

  function explain(err) {
    say(err.message + (err.rule ? " [" + err.rule + "]" : ""), "error");
  }

  // The tabs of a table (table, entities, market, spreadsheet, tiles, log): the one chosen stays
  // chosen while the page is rendered anew after each change.
  let tab = "table";

  function showTab(name) {
    if (name) tab = name;
    const root = document;
    if (!root.querySelector("button.tab[data-tab='" + tab + "']")) tab = "table";
    root.querySelectorAll("button.tab").forEach((b) => {
      const on = b.dataset.tab === tab;
      b.setAttribute("aria-selected", on ? "true" : "false");
      b.classList.toggle("current", on);
      b.tabIndex = on ? 0 : -1;
    });
    root.querySelectorAll("section.pane").forEach((p) => { p.hidden = p.id !== "pane-" + tab; });
    document.body.dataset.tab = tab;
  }

  document.addEventListener("click", (ev) => {
    const b = ev.target.closest && ev.target.closest("button.tab");
    if (b) showTab(b.dataset.tab);
  });
  document.addEventListener("keydown", (ev) => {
    const b = ev.target.closest && ev.target.closest("button.tab");
    if (!b || (ev.key !== "ArrowRight" && ev.key !== "ArrowLeft")) return;
    const all = Array.from(document.querySelectorAll("button.tab"));
    const next = all[(all.indexOf(b) + (ev.key === "ArrowRight" ? 1 : all.length - 1)) % all.length];
    showTab(next.dataset.tab);
    next.focus();
  });

  return {client, say, explain, showTab, get: (url) => request("GET", url), post: (url, body) => request("POST", url, body || {})};
})();
