// Recovery-metrics plots: latency distributions, resume times over time, lost progress.
// plotly.js is loaded from this server (the [data-plotly-src] URL), as in charts.js.
// Names in the data (nodes, patterns) come from clusters: status lines use textContent,
// and what Plotly renders as HTML (names, hover text) is escaped first.
(function () {
  "use strict";
  var COLORS = { detection_latency_s: "#2563eb", action_latency_s: "#2e9e5b", approval_wait_s: "#e0a100", time_to_resume_s: "#7a5cc7" };
  var LATENCIES = ["detection_latency_s", "action_latency_s", "approval_wait_s", "time_to_resume_s"];

  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  function loadPlotly(src) {
    if (window.Plotly) return Promise.resolve(window.Plotly);
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = function () { resolve(window.Plotly); };
      s.onerror = function () { reject(new Error("plotly.js did not load")); };
      document.head.appendChild(s);
    });
  }

  function status(el, text) {
    var p = el.querySelector(".metrics-status");
    p.textContent = text;
    p.hidden = !text;
  }

  function known(rows, key) { return rows.filter(function (r) { return r[key] !== null && r[key] !== undefined; }); }

  function label(r) { return esc("#" + r.id + " " + r.category + " on " + r.culprit); }

  function latencyTraces(data) {
    return LATENCIES.map(function (key) {
      var rows = known(data.incidents, key);
      return { type: "box", name: esc(data.labels[key]), y: rows.map(function (r) { return r[key]; }),
               text: rows.map(label), boxpoints: "all", jitter: 0.4, pointpos: 0, marker: { color: COLORS[key], size: 5 },
               hovertemplate: "%{y} s<br>%{text}<extra></extra>" };
    });
  }

  function resumeTraces(data) {
    var rows = known(data.incidents, "time_to_resume_s");
    return [{ type: "scatter", mode: "markers", name: "time to resume",
              x: rows.map(function (r) { return new Date(r.fault_at); }), y: rows.map(function (r) { return r.time_to_resume_s; }),
              text: rows.map(label), marker: { color: COLORS.time_to_resume_s, size: 8 },
              hovertemplate: "%{y} s<br>%{text}<extra></extra>" }];
  }

  function lostTraces(data) {
    var rows = known(data.incidents, "lost_steps");
    return [{ type: "histogram", name: "lost steps", x: rows.map(function (r) { return r.lost_steps; }), marker: { color: "#d64545" } }];
  }

  function layout(title, extra) {
    return Object.assign({ title: { text: esc(title), font: { size: 13 } }, margin: { l: 50, r: 10, t: 30, b: 40 },
                           showlegend: false, hovermode: "closest" }, extra || {});
  }

  function draw(el, data, Plotly) {
    var opts = { displaylogo: false, displayModeBar: false, responsive: true };
    var panels = {
      latency: [latencyTraces(data), layout("Latencies (s)", { yaxis: { rangemode: "tozero" } })],
      resume: [resumeTraces(data), layout("Time to resume over time (s)", { xaxis: { type: "date" }, yaxis: { rangemode: "tozero" } })],
      lost: [lostTraces(data), layout("Lost progress (steps since checkpoint)", { yaxis: { title: { text: "incidents" } } })],
    };
    Object.keys(panels).forEach(function (name) {
      var panel = el.querySelector('[data-panel="' + name + '"]');
      if (!panel) return;
      var points = panels[name][0].reduce(function (n, tr) { return n + (tr.x || tr.y || []).length; }, 0);
      if (!points) {  // an empty date axis would start in the year 2000: say there is nothing instead
        Plotly.purge(panel);
        panel.textContent = "No data in this period.";
        panel.setAttribute("data-empty", "true");
        return;
      }
      panel.removeAttribute("data-empty");
      if (panel.textContent && !panel.querySelector(".plot-container")) panel.textContent = "";
      Plotly.react(panel, panels[name][0], panels[name][1], opts);
    });
    status(el, data.incidents.length ? "" : "No incidents in this period.");
    el.setAttribute("data-drawn", String(Date.now()));
  }

  function render(el) {
    var url = el.getAttribute("data-metrics-url");
    var got = fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); });
    Promise.all([loadPlotly(el.getAttribute("data-plotly-src")), got])
      .then(function (both) { draw(el, both[1], both[0]); })
      .catch(function (err) { status(el, "Charts unavailable: " + err.message); });
  }

  function scan() { document.querySelectorAll(".metrics-charts[data-metrics-url]").forEach(render); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan); else scan();
})();
