// Live updates: the server pushes hints over a websocket; we re-fetch the
// server-rendered fragments (escaped by Django's templates) and swap them in.
(function () {
  "use strict";
  var indicator = document.getElementById("live-status");
  var pending = null;
  var retry = 1000;

  function refresh() {
    pending = null;
    document.querySelectorAll("[data-live-fragment]").forEach(function (el) {
      var url = el.getAttribute("data-live-fragment");
      if (!url) { url = window.location.pathname + "?fragment=1"; return; }
      fetch(url, { credentials: "same-origin", headers: { "X-Requested-With": "live" } })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          if (html === null) return;
          // Keep what the operator is typing in a comment box.
          if (el.contains(document.activeElement) && document.activeElement.tagName === "INPUT") return;
          el.innerHTML = html;
          el.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
        })
        .catch(function () {});
    });
  }

  function schedule() { if (!pending) pending = setTimeout(refresh, 300); }

  function connect() {
    var proto = window.location.protocol === "https:" ? "wss://" : "ws://";
    var ws = new WebSocket(proto + window.location.host + "/ws/dashboard/");
    ws.onopen = function () { retry = 1000; if (indicator) { indicator.className = "live on"; indicator.title = "Live updates: connected"; } schedule(); };
    ws.onmessage = function () { schedule(); };
    ws.onclose = function () {
      if (indicator) { indicator.className = "live off"; indicator.title = "Live updates: reconnecting"; }
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 15000);
    };
  }
  connect();
})();
