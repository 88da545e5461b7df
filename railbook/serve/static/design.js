// railbook serve's designer's page: reload when a file of the title changes; start a game of it.
"use strict";
(() => {
  const card = document.getElementById("design");
  if (!card) return;
  const title = card.dataset.title;
  const seen = card.dataset.stamp;
  async function look() {
    try {
      const r = await fetch(`/design/${encodeURIComponent(title)}/stamp`);
      if (r.ok) {
        const s = await r.json();
        if (s.stamp !== seen) { window.location.reload(); return; }
      }
    } catch (e) { /* the server is restarting: look again */ }
    window.setTimeout(look, 1000);
  }
  window.setTimeout(look, 1000);
  const form = document.getElementById("design-start");
  if (form) {
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const n = parseInt(document.getElementById("design-players").value, 10) || 3;
      const players = Array.from({length: n}, (_, i) => `Player ${i + 1}`);
      try {
        const t = await railbook.post("/api/games", {title, players, bots: players.map(() => "human"), seed: 1,
                                                     optional_rules: []});
        window.location = t.url;
      } catch (err) { railbook.explain(err); }
    });
  }
})();
