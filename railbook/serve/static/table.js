// The table: the page is rendered by the server after every change (GET view); this script
// wires its buttons and forms to the API, lets a player lay tiles and place tokens by clicking
// the map (with previews of each tile and rotation), shows the route optimizer's routes before
// they are confirmed, and follows changes made elsewhere (server-sent events).
"use strict";
(() => {
  const main = document.getElementById("table");
  const API = main.dataset.api;
  let view = {version: -1, at: 0, legal: [], lay_hexes: [], token_hexes: []};
  let selectedHex = null;
  let routes = null;
  let busy = false;

  const svgOf = () => main.querySelector("#board svg");

  async function refresh() {
    const v = await railbook.get(API + "/view");
    view = v;
    main.innerHTML = v.html;
    routes = null;
    decorate();
    if (selectedHex && (v.lay_hexes.includes(selectedHex) || v.token_hexes.includes(selectedHex))) {
      await showHex(selectedHex);
    } else {
      selectedHex = null;
    }
    document.body.dataset.at = v.at;
    document.body.dataset.version = v.version;
  }

  function decorate() {
    const svg = svgOf();
    if (!svg) return;
    svg.querySelectorAll("g.hex").forEach((g) => {
      const hex = g.dataset.hex;
      if (view.lay_hexes.includes(hex)) g.classList.add("can-lay");
      if (view.token_hexes.includes(hex)) {
        g.classList.add("can-token");
        g.querySelectorAll("g.city").forEach((city) => {
          if (tokenEntry(hex, city.dataset.stop)) city.classList.add("can-token");
        });
      }
    });
  }

  function tokenEntry(hex, stop) {
    return view.legal.find((e) => e.type === "place_token" && e.hex === hex && String(e.stop) === String(stop));
  }

  async function act(body) {
    if (busy) return;
    busy = true;
    try {
      const r = await railbook.post(API + "/act", Object.assign({}, body, {at: view.at}));
      railbook.say((r.happened || []).join(" · ") || "done");
      await refresh();
    } catch (err) {
      railbook.explain(err);
      if (err.status === 409) await refresh();
    } finally {
      busy = false;
    }
  }

  async function post(path, body) {
    if (busy) return;
    busy = true;
    try {
      await railbook.post(API + path, Object.assign({}, body, {at: view.at}));
      await refresh();
    } catch (err) {
      railbook.explain(err);
      if (err.status === 409) await refresh();
    } finally {
      busy = false;
    }
  }

  function clearPreview() {
    const layer = main.querySelector("#preview");
    if (layer) layer.innerHTML = "";
    main.querySelectorAll("g.hex.selected").forEach((g) => g.classList.remove("selected"));
  }

  async function showHex(hex) {
    const panel = main.querySelector("#hex-panel");
    if (!panel) return;
    selectedHex = hex;
    clearPreview();
    const g = svgOf() && svgOf().querySelector(`g.hex[data-hex="${hex}"]`);
    if (g) g.classList.add("selected");
    const options = await railbook.get(API + "/hex/" + encodeURIComponent(hex));
    panel.innerHTML = "";
    const h = document.createElement("h3");
    h.textContent = hex + (options.name ? " · " + options.name : "") + " (tile " + options.tile + ")";
    panel.appendChild(h);
    if (options.lays.length) {
      const list = document.createElement("div");
      list.className = "tile-options";
      for (const lay of options.lays) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "tile-option";
        b.dataset.index = lay.index;
        b.title = lay.label;
        b.innerHTML = lay.picture;
        const cap = document.createElement("span");
        cap.textContent = lay.tile + " · " + lay.rotation;
        b.appendChild(cap);
        b.addEventListener("mouseenter", () => preview(lay));
        b.addEventListener("click", () => choose(lay, b));
        b.addEventListener("dblclick", () => act({index: lay.index}));
        list.appendChild(b);
      }
      panel.appendChild(list);
      const go = document.createElement("button");
      go.type = "button";
      go.id = "lay-tile";
      go.disabled = true;
      go.textContent = "Lay the chosen tile";
      go.addEventListener("click", () => { if (go.dataset.index) act({index: parseInt(go.dataset.index, 10)}); });
      panel.appendChild(go);
    }
    for (const t of options.tokens) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "act";
      b.dataset.index = t.index;
      b.textContent = t.label;
      panel.appendChild(b);
    }
    const close = document.createElement("button");
    close.type = "button";
    close.className = "small";
    close.textContent = "close";
    close.addEventListener("click", () => { selectedHex = null; panel.hidden = true; clearPreview(); });
    panel.appendChild(close);
    panel.hidden = false;
  }

  function preview(lay) {
    const layer = main.querySelector("#preview");
    if (layer) layer.innerHTML = lay.preview;
  }

  function choose(lay, button) {
    preview(lay);
    main.querySelectorAll(".tile-option.chosen").forEach((b) => b.classList.remove("chosen"));
    button.classList.add("chosen");
    const go = main.querySelector("#lay-tile");
    go.disabled = false;
    go.dataset.index = lay.index;
    go.textContent = "Lay tile " + lay.tile + " (rotation " + lay.rotation + ")";
  }

  async function showRoutes() {
    const panel = main.querySelector("#route-panel");
    try {
      routes = await railbook.get(API + "/routes");
    } catch (err) {
      railbook.explain(err);
      return;
    }
    const layer = main.querySelector("#route-preview");
    if (layer) layer.innerHTML = routes.svg;
    panel.innerHTML = "";
    const h = document.createElement("h3");
    h.textContent = "Best routes: " + routes.total;
    panel.appendChild(h);
    const ul = document.createElement("ul");
    for (const r of routes.routes) {
      const li = document.createElement("li");
      li.textContent = r.train + ": " + (r.hexes || []).join(" – ") + " = " + r.revenue;
      ul.appendChild(li);
    }
    if (!routes.routes.length) ul.innerHTML = "<li>no train finds a paying route</li>";
    panel.appendChild(ul);
    const ok = document.createElement("button");
    ok.type = "button";
    ok.id = "confirm-routes";
    ok.textContent = "Run these routes";
    ok.addEventListener("click", () => act({action: routes.action}));
    const no = document.createElement("button");
    no.type = "button";
    no.className = "small";
    no.textContent = "not these";
    no.addEventListener("click", () => { panel.hidden = true; if (layer) layer.innerHTML = ""; routes = null; });
    panel.append(ok, no);
    panel.hidden = false;
  }

  main.addEventListener("click", (ev) => {
    const t = ev.target;
    const el = t.closest("button, g.city, g.hex");
    if (!el || busy) return;
    if (el.matches("button.act[data-index]")) return act({index: parseInt(el.dataset.index, 10)});
    if (el.matches("button.hex-button")) return showHex(el.dataset.hex);
    if (el.matches("button.best-routes")) return showRoutes();
    if (el.id === "undo") return post("/undo", {});
    if (el.matches("button.undo-to")) return post("/undo", {action_id: parseInt(el.dataset.action, 10)});
    if (el.matches("button.seat-take")) return post("/seats", {player: el.dataset.player, take: el.dataset.take === "true"});
    if (el.id === "resume-bots") return post("/bots", {});
    if (el.matches("g.city.can-token")) {
      const hex = el.closest("g.hex").dataset.hex;
      const entry = tokenEntry(hex, el.dataset.stop);
      if (entry) return act({index: entry.index});
    }
    if (el.matches("g.hex") || el.closest("g.hex")) {
      const g = el.closest("g.hex");
      if (g.classList.contains("can-lay") || g.classList.contains("can-token")) return showHex(g.dataset.hex);
    }
    return undefined;
  });

  main.addEventListener("change", (ev) => {
    const el = ev.target;
    if (el.matches("select.seat-kind")) post("/seats", {player: el.dataset.player, kind: el.value});
  });

  main.addEventListener("submit", (ev) => {
    const form = ev.target;
    ev.preventDefault();
    if (form.matches("form.ranged")) {
      const value = parseInt(form.querySelector("input[name=value]").value, 10);
      return act({index: parseInt(form.dataset.index, 10), value});
    }
    if (form.matches("form.json-action")) {
      let action;
      try {
        action = JSON.parse(form.querySelector("textarea").value);
      } catch (err) {
        railbook.say("that is not JSON: " + err.message, "error");
        return undefined;
      }
      return act({action});
    }
    return undefined;
  });

  function follow() {
    if (!window.EventSource) return;
    const events = new EventSource(API + "/events");
    events.addEventListener("changed", (ev) => {
      const d = JSON.parse(ev.data);
      if (d.version !== view.version && !busy) refresh().catch(railbook.explain);
    });
  }

  refresh().then(follow).catch(railbook.explain);
})();
