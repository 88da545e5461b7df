// railbook serve: what every page shares: the browser's own id (a seat it takes is its own),
// JSON requests that report railbook's errors, and the message line.
"use strict";
const railbook = (() => {
  let client = null;
  try {
    client = window.localStorage.getItem("railbook-client");
    if (!client) {
      client = "c" + Math.random().toString(36).slice(2) + Date.now().toString(36);
      window.localStorage.setItem("railbook-client", client);
    }
  } catch (e) {
    client = "c" + Math.random().toString(36).slice(2);
  }
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
    const options = {method, headers: {"X-Railbook-Client": client}};
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(url, options);
    let data = null;
    try { data = await response.json(); } catch (e) { data = {error: response.statusText}; }
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

  return {client, say, explain, get: (url) => request("GET", url), post: (url, body) => request("POST", url, body || {})};
})();
