// A recorded game, position by position: the slider picks how many of its actions are played.
"use strict";
(() => {
  const bar = document.getElementById("replay");
  const main = document.getElementById("table");
  const slider = document.getElementById("position");
  const rid = bar.dataset.replay;
  let pending = null;
  let shown = -1;

  async function show(k) {
    if (k === shown) return;
    const data = await railbook.get("/api/replays/" + rid + "/at/" + k);
    shown = data.position;
    main.innerHTML = data.html;
    railbook.showTab();
    document.getElementById("position-text").textContent = data.position + " / " + data.positions;
    document.body.dataset.position = data.position;
  }

  function later() {
    clearTimeout(pending);
    pending = setTimeout(() => show(parseInt(slider.value, 10)).catch(railbook.explain), 60);
  }

  slider.addEventListener("input", later);
  document.getElementById("step-back").addEventListener("click", () => { slider.value = Math.max(0, +slider.value - 1); later(); });
  document.getElementById("step-on").addEventListener("click", () => { slider.value = Math.min(+slider.max, +slider.value + 1); later(); });
  const go = document.getElementById("continue");
  if (go) {
    go.addEventListener("click", async () => {
      try {
        const t = await railbook.post("/api/replays/" + rid + "/continue", {position: parseInt(slider.value, 10)});
        window.location = t.url;
      } catch (err) { railbook.explain(err); }
    });
  }
  show(0).catch(railbook.explain);
})();
