// The lobby: start a game of any title, open a saved game, or open a recorded game to step through.
"use strict";
(() => {
  let titles = [];
  const $ = (id) => document.getElementById(id);

  function seatRows() {
    const n = parseInt($("player-count").value, 10) || 0;
    const box = $("seats");
    const old = Array.from(box.querySelectorAll(".seat-row")).map((row) => ({
      name: row.querySelector("input").value, bot: row.querySelector("select").value}));
    box.innerHTML = "";
    for (let i = 0; i < n; i++) {
      const row = document.createElement("div");
      row.className = "seat-row";
      const name = document.createElement("input");
      name.name = "player" + (i + 1);
      name.value = old[i] ? old[i].name : "Player " + (i + 1);
      name.setAttribute("aria-label", "name of player " + (i + 1));
      const bot = document.createElement("select");
      bot.setAttribute("aria-label", "who plays seat " + (i + 1));
      for (const [value, text] of [["human", "people"], ["random", "random bot"], ["greedy", "greedy bot"]]) {
        const o = document.createElement("option");
        o.value = value; o.textContent = text;
        bot.appendChild(o);
      }
      bot.value = old[i] ? old[i].bot : "human";
      row.append(name, bot);
      box.appendChild(row);
    }
  }

  function titleChanged() {
    const t = titles.find((x) => x.id === $("title-select").value);
    const count = $("player-count");
    count.innerHTML = "";
    if (!t) return;
    for (let n = t.min; n <= t.max; n++) {
      const o = document.createElement("option");
      o.value = n; o.textContent = n;
      count.appendChild(o);
    }
    count.value = Math.min(Math.max(3, t.min), t.max);
    const box = $("options");
    box.querySelectorAll("label").forEach((l) => l.remove());
    for (const rule of t.optional_rules || []) {
      const label = document.createElement("label");
      label.title = rule.description || "";
      const box2 = document.createElement("input");
      box2.type = "checkbox"; box2.value = rule.id; box2.name = "option";
      label.append(box2, " " + rule.name);
      box.appendChild(label);
    }
    box.hidden = !(t.optional_rules || []).length;
    seatRows();
  }

  async function load() {
    const data = await railbook.get("/api/titles");
    titles = data.titles.filter((t) => !t.problem);
    const select = $("title-select");
    for (const t of titles) {
      const o = document.createElement("option");
      o.value = t.id; o.textContent = t.name + " (" + t.min + "–" + t.max + " players)";
      select.appendChild(o);
    }
    const preferred = titles.find((t) => t.id === "1830");   // the classic, where most players start
    if (preferred) select.value = preferred.id;
    $("seed").value = Math.floor(Math.random() * 100000);
    titleChanged();
    listGames();
  }

  function item(list, text, onClick, href) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.textContent = text;
    a.href = href || "#";
    if (onClick) a.addEventListener("click", (ev) => { ev.preventDefault(); onClick(); });
    li.appendChild(a);
    list.appendChild(li);
  }

  async function listGames() {
    const open = await railbook.get("/api/games");
    const list = $("open-games");
    list.innerHTML = "";
    for (const g of open.games) item(list, g.title + " · " + g.players.join(", ") + " · " + g.actions + " actions", null, g.url);
    if (!open.games.length) list.innerHTML = "<li class='small'>none yet</li>";
    const saved = await railbook.get("/api/saved");
    const files = $("saved-games");
    files.innerHTML = "";
    for (const f of saved.files) {
      item(files, f.file + " (" + f.modified + ")", async () => {
        try { const t = await railbook.post("/api/saved/open", {file: f.file}); window.location = t.url; }
        catch (err) { railbook.explain(err); }
      });
    }
    if (!saved.files.length) files.innerHTML = "<li class='small'>none yet</li>";
  }

  $("title-select").addEventListener("change", titleChanged);
  $("player-count").addEventListener("change", seatRows);
  $("new-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const rows = Array.from(document.querySelectorAll("#seats .seat-row"));
    const spec = {
      title: $("title-select").value,
      players: rows.map((r) => r.querySelector("input").value),
      bots: rows.map((r) => r.querySelector("select").value),
      seed: parseInt($("seed").value, 10) || 0,
      optional_rules: Array.from(document.querySelectorAll("#options input:checked")).map((i) => i.value),
    };
    $("start-game").disabled = true;
    try {
      const t = await railbook.post("/api/games", spec);
      window.location = t.url;
    } catch (err) {
      railbook.explain(err);
      $("start-game").disabled = false;
    }
  });
  $("import-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const file = $("import-file").files[0];
    if (!file) return;
    railbook.say("reading " + file.name + "…");
    try {
      const r = await railbook.post("/api/import", {name: file.name, text: await file.text()});
      window.location = r.url;
    } catch (err) { railbook.explain(err); }
  });
  load().catch(railbook.explain);
})();
