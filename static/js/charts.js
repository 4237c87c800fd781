// GPU telemetry charts: fetch the JSON of each [data-chart-url] container and draw one
// Plotly panel per field. plotly.js is loaded on first use, from this server.
// Names in the data (nodes, GPUs) come from the scheduler: they reach the DOM only as
// textContent, and Plotly (which reads a little HTML in trace names) gets them escaped.
(function () {
  "use strict";
  if (window.RecoveryCharts) { window.RecoveryCharts.scan(); return; }

  var plotlyLoading = null;
  var cache = {};  // url -> {at: ms, data: promise}
  var CULPRIT = "#d64545", PEER = "rgba(37,99,235,0.45)", BAND = "rgba(107,115,133,0.18)", MEDIAN = "#6b7385";
  var PALETTE = ["#2563eb", "#2e9e5b", "#e0a100", "#7a5cc7", "#d64545", "#0891b2", "#db2777", "#444444"];

  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  function loadPlotly(src) {
    if (window.Plotly) return Promise.resolve(window.Plotly);
    if (!plotlyLoading) {
      plotlyLoading = new Promise(function (resolve, reject) {
        var s = document.createElement("script");
        s.src = src;
        s.onload = function () { resolve(window.Plotly); };
        s.onerror = function () { plotlyLoading = null; reject(new Error("plotly.js did not load")); };
        document.head.appendChild(s);
      });
    }
    return plotlyLoading;
  }

  function fetchJson(url, maxAgeMs) {
    var hit = cache[url];
    if (hit && Date.now() - hit.at < maxAgeMs) return hit.data;
    var data = fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); });
    cache[url] = { at: Date.now(), data: data };
    data.catch(function () { delete cache[url]; });
    return data;
  }

  // Every page shows times in UTC (one format, one zone): the axes too. Plotly draws a date
  // string without a zone as written, so UTC wall time it is, whatever the browser's zone.
  function utc(t) { return new Date(t * 1000).toISOString().replace("T", " ").replace("Z", ""); }
  function dates(ts) { return ts.map(utc); }

  function status(el, text) {
    var p = el.querySelector(".tele-status");
    if (!p) { p = document.createElement("p"); p.className = "tele-status muted"; el.insertBefore(p, el.firstChild); }
    p.textContent = text;
    p.hidden = !text;
  }

  function line(s, name, color, width, extra) {
    // A line needs two points: while a GPU has few samples, show them as dots too.
    var tr = { x: dates(s.t), y: s.v, name: esc(name), type: "scatter", mode: s.t.length < 30 ? "lines+markers" : "lines",
               line: { color: color, width: width }, marker: { color: color, size: 4 } };
    if (s.text) { tr.text = s.text.map(esc); tr.hovertemplate = "%{y} (%{text})<extra>" + esc(name) + "</extra>"; }
    return Object.assign(tr, extra || {});
  }

  function nodeTraces(data, key) {
    return data.gpus.map(function (g, i) {
      return line(g.series[key], "GPU " + g.gpu, PALETTE[i % PALETTE.length], 1.5);
    });
  }

  function incidentTraces(data, key) {
    var traces = [];
    var job = data.job ? "job " + data.job : "its job";
    var band = data.job_peers.series[key];
    if (band && band.t.length) {
      var x = dates(band.t);
      traces.push({ x: x, y: band.min, type: "scatter", mode: "lines", line: { width: 0 }, hoverinfo: "skip", showlegend: false });
      traces.push({ x: x, y: band.max, type: "scatter", mode: "lines", line: { width: 0 }, fill: "tonexty",
                    fillcolor: BAND, name: esc(job + ", other nodes: min–max (" + data.job_peers.gpus + " GPUs on " +
                                               data.job_peers.nodes + " nodes)") });
      traces.push({ x: x, y: band.median, type: "scatter", mode: "lines", name: esc(job + ", other nodes: median"),
                    line: { color: MEDIAN, width: 1.5, dash: "dot" } });
    }
    data.node_peers.forEach(function (g, i) {
      // One legend entry for the group; hovering a line still names its GPU.
      traces.push(line(g.series[key], i === 0 ? "other GPUs of " + g.node + " (" + job + ")" : g.node + " GPU " + g.gpu,
                       PEER, 1, { legendgroup: "node", showlegend: i === 0 }));
    });
    data.culprit_gpus.forEach(function (g) {
      traces.push(line(g.series[key], g.node + " GPU " + g.gpu + " (blamed)", CULPRIT, 2.5));
    });
    return traces;
  }

  // Start the axis where the data (or a mark) starts: a young cluster's few minutes
  // should not be squeezed against the right edge of an hour.
  function xStart(data) {
    var first = data.until;
    function seen(ts) { if (ts && ts.length && ts[0] < first) first = ts[0]; }
    (data.gpus || []).concat(data.culprit_gpus || [], data.node_peers || []).forEach(function (g) {
      Object.keys(g.series).forEach(function (k) { seen(g.series[k].t); });
    });
    if (data.job_peers) Object.keys(data.job_peers.series).forEach(function (k) { seen(data.job_peers.series[k].t); });
    (data.marks || []).forEach(function (m) { seen([m.t]); });
    return Math.max(data.since, first - Math.max(10, (data.until - first) * 0.05));
  }

  function layout(data, field) {
    var start = xStart(data);
    var lay = {
      title: { text: esc(field.label + (field.unit ? " (" + field.unit + ")" : "")), font: { size: 13 }, x: 0, xanchor: "left" },
      // The legend sits above the plot, right of the title: below it, it overlapped the time axis's title.
      margin: { l: 45, r: 10, t: 48, b: 40 }, hovermode: "closest",
      showlegend: true, legend: { orientation: "h", x: 1, xanchor: "right", y: 1.02, yanchor: "bottom", font: { size: 10 } },
      xaxis: { type: "date", range: [utc(start), utc(data.until)],
               title: { text: "time (" + esc(data.zone || "UTC") + ")", font: { size: 10 }, standoff: 4 } },
      yaxis: { rangemode: "tozero", fixedrange: true },
    };
    if (data.marks) {
      lay.shapes = data.marks.map(function (m) {
        return { type: "line", xref: "x", yref: "paper", x0: utc(m.t), x1: utc(m.t),
                 y0: 0, y1: 1, line: { color: CULPRIT, width: 1, dash: "dash" } };
      });
      lay.annotations = data.marks.map(function (m) {
        var right = m.t - start > (data.until - start) / 2;
        return { xref: "x", yref: "paper", x: utc(m.t), y: 1, text: esc(m.label), showarrow: false,
                 xanchor: right ? "right" : "left", yanchor: "top", font: { size: 10, color: CULPRIT } };
      });
    }
    return lay;
  }

  function draw(el, data, Plotly) {
    var grid = el.querySelector(".tele-grid");
    if (!grid) { grid = document.createElement("div"); grid.className = "tele-grid"; el.appendChild(grid); }
    var empty = true;
    data.fields.forEach(function (field) {
      var panel = grid.querySelector('[data-field="' + field.key + '"]');
      if (!panel) {
        panel = document.createElement("div");
        panel.className = "tele-panel";
        panel.setAttribute("data-field", field.key);
        grid.appendChild(panel);
      }
      var traces = el.getAttribute("data-chart-kind") === "incident" ? incidentTraces(data, field.key) : nodeTraces(data, field.key);
      traces.forEach(function (t) { if (t.x.length) empty = false; });
      Plotly.react(panel, traces, layout(data, field), { displaylogo: false, displayModeBar: false, responsive: true });
    });
    status(el, empty ? "No GPU samples in this period yet." :
      (data.source === "rollup" ? "Per-minute averages (raw samples have aged out of the live window)." : ""));
    el.setAttribute("data-drawn", String(Date.now()));
  }

  function render(el, force) {
    var url = el.getAttribute("data-chart-url");
    var every = 1000 * (parseFloat(el.getAttribute("data-refresh-s")) || 30);
    if (!url) return;
    if (force) delete cache[url];
    Promise.all([loadPlotly(el.getAttribute("data-plotly-src")), fetchJson(url, every)])
      .then(function (got) { if (document.body.contains(el)) draw(el, got[1], got[0]); })
      .catch(function (err) { status(el, "GPU telemetry unavailable: " + err.message); });
  }

  function scan() {
    document.querySelectorAll(".tele-charts[data-chart-url]").forEach(function (el) {
      if (!el.hasAttribute("data-drawn")) render(el, false);
    });
  }

  function refreshAll() {
    document.querySelectorAll(".tele-charts[data-drawn]").forEach(function (el) { render(el, true); });
  }

  // The time-range picker: a <select data-range-param="around|minutes" data-range-for="<id>">
  // rewrites that one query parameter of its charts' URL and redraws them.
  function pickRange(ev) {
    var sel = ev.target;
    if (!sel.matches || !sel.matches("select[data-range-param]")) return;
    var el = document.getElementById(sel.getAttribute("data-range-for"));
    if (!el) return;
    var url = new URL(el.getAttribute("data-chart-url"), window.location.href);
    url.searchParams.set(sel.getAttribute("data-range-param"), sel.value);
    el.setAttribute("data-chart-url", url.pathname + url.search);
    status(el, "Loading GPU telemetry…");
    render(el, true);
  }

  window.RecoveryCharts = { scan: scan, refresh: refreshAll };
  document.addEventListener("change", pickRange);
  // A live fragment swap (live.js) brings fresh, undrawn containers.
  document.addEventListener("live:updated", scan);
  setInterval(refreshAll, 30000);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan); else scan();
})();
