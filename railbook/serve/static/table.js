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
  let builder = null;      // the route builder: {trains, current, routes: [{train, hexes}], plan}
  let busy = false;

  const svgOf = () => main.querySelector("#board svg");

  async function refresh() {
    const v = await railbook.get(API + "/view");
    view = v;
    main.innerHTML = v.html;
    routes = null;
    if (builder && !main.querySelector("button.build-routes")) builder = null;
    railbook.showTab();
    decorate();
    if (builder) await drawBuilder(false);
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
      if (view.lay_hexes.includes(hex)) { g.classList.add("can-lay"); reachable(g, "lay a tile on " + hex); }
      if (view.token_hexes.includes(hex)) {
        g.classList.add("can-token");
        g.querySelectorAll("g.city").forEach((city) => {
          if (tokenEntry(hex, city.dataset.stop)) {
            city.classList.add("can-token");
            reachable(city, "place a token in " + hex);
          }
        });
      }
      if (builder) reachable(g, "add " + hex + " to the route");
    });
  }

  // what can be clicked on the map can be reached with the keyboard too (Tab, then Enter or Space)
  function reachable(el, label) {
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", label);
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
        b.title = lay.label + (lay.cost ? " (costs " + lay.cost_label + ")" : "");
        b.innerHTML = lay.picture;
        const cap = document.createElement("span");
        cap.textContent = lay.tile + " · " + lay.rotation + " · " + lay.cost_label;
        cap.className = lay.cost ? "cost paid" : "cost";
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
    go.textContent = "Lay tile " + lay.tile + " (rotation " + lay.rotation + ")" + (lay.cost ? " for " + lay.cost_label : "");
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

  // ---------------------------------------------------------------- the route builder
  function openBuilder(button) {
    const trains = JSON.parse(button.dataset.trains || "[]");
    builder = {trains, current: 0, routes: trains.map((t) => ({train: t.id, name: t.name, hexes: []})), plan: null};
    const rp = main.querySelector("#route-panel");
    if (rp) rp.hidden = true;
    decorate();
    drawBuilder(false);
  }

  function closeBuilder() {
    builder = null;
    const panel = main.querySelector("#route-panel");
    if (panel) { panel.hidden = true; panel.innerHTML = ""; }
    const layer = main.querySelector("#route-preview");
    if (layer) layer.innerHTML = "";
    main.querySelectorAll("#board g.hex[role=button]").forEach((g) => {
      if (!g.classList.contains("can-lay")) { g.removeAttribute("tabindex"); g.removeAttribute("role"); }
    });
  }

  async function drawBuilder(ask) {
    const panel = main.querySelector("#route-panel");
    if (!panel || !builder) return;
    if (ask) {
      try {
        const wanted = builder.routes.filter((r) => r.hexes.length).map((r) => ({train: r.train, hexes: r.hexes}));
        builder.plan = wanted.length ? await railbook.post(API + "/routes", {routes: wanted}) : null;
      } catch (err) {
        railbook.explain(err);
        builder.plan = null;
      }
    }
    const plan = builder.plan;
    const layer = main.querySelector("#route-preview");
    if (layer) layer.innerHTML = plan ? plan.svg : "";
    panel.innerHTML = "";
    panel.id = "route-panel";
    const h = document.createElement("h3");
    h.textContent = "Build routes · total " + (plan ? plan.total : 0);
    h.id = "builder-total";
    panel.appendChild(h);
    const hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = "Choose a train, then click the hexes it runs through, in order, from one stop to another "
      + "(click the last hex again to take it back).";
    panel.appendChild(hint);
    const list = document.createElement("ol");
    list.className = "builder-trains";
    builder.routes.forEach((r, k) => {
      const li = document.createElement("li");
      const found = plan ? plan.routes.find((p) => p.train === r.train) : null;
      const pick = document.createElement("button");
      pick.type = "button";
      pick.className = "builder-train" + (k === builder.current ? " current" : "");
      pick.dataset.train = r.train;
      pick.setAttribute("aria-pressed", k === builder.current ? "true" : "false");
      pick.textContent = r.name + " train";
      pick.addEventListener("click", () => { builder.current = k; drawBuilder(false); });
      const hexes = document.createElement("span");
      hexes.className = "builder-hexes";
      hexes.textContent = r.hexes.length ? r.hexes.join(" – ") : "no hexes yet";
      const rev = document.createElement("b");
      rev.className = "builder-revenue";
      rev.textContent = found && found.connections ? String(found.revenue) : "—";
      const clear = document.createElement("button");
      clear.type = "button";
      clear.className = "small";
      clear.textContent = "clear";
      clear.addEventListener("click", () => { r.hexes = []; drawBuilder(true); });
      li.append(pick, " ", hexes, " ", rev, " ", clear);
      if (found && found.problem && r.hexes.length) {
        const why = document.createElement("div");
        why.className = "small problem";
        why.textContent = found.problem;
        li.appendChild(why);
      }
      list.appendChild(li);
    });
    panel.appendChild(list);
    if (plan && plan.problem) {
      const p = document.createElement("p");
      p.className = "small problem";
      p.textContent = plan.problem;
      panel.appendChild(p);
    }
    const run = document.createElement("button");
    run.type = "button";
    run.id = "run-built-routes";
    run.textContent = "Run these routes" + (plan && plan.action ? " for " + plan.total : "");
    run.disabled = !(plan && plan.action);
    run.addEventListener("click", () => { if (plan && plan.action) { const a = plan.action; closeBuilder(); act({action: a}); } });
    const no = document.createElement("button");
    no.type = "button";
    no.className = "small";
    no.textContent = "cancel";
    no.addEventListener("click", closeBuilder);
    panel.append(run, no);
    panel.hidden = false;
  }

  function builderClick(hex) {
    const r = builder.routes[builder.current];
    if (!r) return;
    if (r.hexes.length && r.hexes[r.hexes.length - 1] === hex) r.hexes.pop();
    else r.hexes.push(hex);
    drawBuilder(true);
  }

  main.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const el = ev.target.closest && ev.target.closest("g.city[role=button], g.hex[role=button]");
    if (!el) return;
    ev.preventDefault();
    el.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  });

  main.addEventListener("click", (ev) => {
    const t = ev.target;
    const el = t.closest("button, g.city, g.hex");
    if (!el || busy) return;
    if (el.matches("button.act[data-index]")) return act({index: parseInt(el.dataset.index, 10)});
    if (el.matches("button.hex-button")) return showHex(el.dataset.hex);
    if (el.matches("button.best-routes")) { closeBuilder(); return showRoutes(); }
    if (el.matches("button.build-routes")) return openBuilder(el);
    if (builder && (el.matches("g.hex") || el.closest("g.hex")) && !el.matches("button")) {
      return builderClick(el.closest("g.hex").dataset.hex);
    }
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
    if (form.matches("form.par-picker")) {
      return act({index: parseInt(form.querySelector("select[name=index]").value, 10)});
    }
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
