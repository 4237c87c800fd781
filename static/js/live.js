// Live updates: the server pushes hints over a websocket; we re-fetch the
// server-rendered fragments (escaped by Django's templates) and patch in only
// what changed. Whatever the operator is editing (a focused field, a field with
// text typed in, a changed checkbox or select) is never replaced, and focus,
// caret and scroll stay where they were.
(function () {
  "use strict";
  var indicator = document.getElementById("live-status");
  var pending = null;
  var retry = 1000;
  var CONTROLS = "input, textarea, select";

  function edited(c) {
    if (c === document.activeElement) return true;
    if (c.tagName === "SELECT") {
      return Array.prototype.some.call(c.options, function (o) { return o.selected !== o.defaultSelected; });
    }
    if (c.type === "checkbox" || c.type === "radio") return c.checked !== c.defaultChecked;
    if (c.type === "hidden" || c.type === "submit" || c.type === "button") return false;
    return c.value !== c.defaultValue;
  }

  function isControl(n) { return n.nodeType === 1 && n.matches(CONTROLS); }

  function holdsEdits(n) {
    if (n.nodeType !== 1) return false;
    if (isControl(n)) return edited(n);
    if (n.contains(document.activeElement) && document.activeElement !== document.body) return true;
    return Array.prototype.some.call(n.querySelectorAll(CONTROLS), edited);
  }

  function keyOf(n) {
    if (n.nodeType !== 1) return null;
    var a = n.id || n.getAttribute("data-rec") || n.getAttribute("data-incident") || n.getAttribute("data-silence") || n.getAttribute("data-kind");
    return a ? n.tagName + ":" + a : null;
  }

  function syncAttributes(o, n) {
    Array.prototype.slice.call(o.attributes).forEach(function (a) { if (!n.hasAttribute(a.name)) o.removeAttribute(a.name); });
    Array.prototype.forEach.call(n.attributes, function (a) { if (o.getAttribute(a.name) !== a.value) o.setAttribute(a.name, a.value); });
  }

  // Returns the node to keep in the new position: the old one (patched) or the new one.
  function morph(o, n) {
    if (o.nodeType !== n.nodeType || o.nodeName !== n.nodeName) return n;
    if (o.nodeType !== 1) { if (o.nodeValue !== n.nodeValue) o.nodeValue = n.nodeValue; return o; }
    if (o.isEqualNode(n)) return o;
    if (!holdsEdits(o)) return n;
    if (isControl(o)) return o; // the operator's field stays exactly as it is
    syncAttributes(o, n);
    morphChildren(o, n);
    return o;
  }

  function morphChildren(oldParent, newParent) {
    var olds = Array.prototype.slice.call(oldParent.childNodes);
    var byKey = {};
    olds.forEach(function (k) { var key = keyOf(k); if (key) byKey[key] = k; });
    var used = [];
    // 1. Pair each new child with its old one (by key, else by position) and patch it in place.
    var kept = Array.prototype.slice.call(newParent.childNodes).map(function (nk, i) {
      var key = keyOf(nk);
      var match = key ? byKey[key] : (olds[i] && !keyOf(olds[i]) ? olds[i] : null);
      if (!match || used.indexOf(match) >= 0) return nk;
      used.push(match);
      var node = morph(match, nk);
      if (node !== match) oldParent.replaceChild(node, match); // same place: nothing around it moves
      return node;
    });
    // 2. Drop what the server no longer renders, 3. then move or add only what is out of place.
    Array.prototype.slice.call(oldParent.childNodes).forEach(function (c) { if (kept.indexOf(c) < 0) oldParent.removeChild(c); });
    kept.forEach(function (node, i) {
      var current = oldParent.childNodes[i];
      if (current !== node) oldParent.insertBefore(node, current || null);
    });
  }

  // A control is the same one after an update when it has the same name in a form with the same
  // action (or the same id): that is what the server renders for it, whatever moved around it.
  function identity(c) {
    var f = c.form || c.closest("form");
    var name = c.getAttribute("name") || c.id;
    return name ? (f ? (f.getAttribute("action") || "") + "|" : "|") + name : null;
  }

  function touched(el) {
    return Array.prototype.filter.call(el.querySelectorAll(CONTROLS), edited)
      .map(function (c) { return { node: c, id: identity(c) }; })
      .filter(function (t) { return t.id; });
  }

  // The safety net under morph: a field the operator touched that the update dropped or replaced (the
  // first update after load can pair children differently from the page's own rendering) is put back
  // in place of its new twin, exactly as the operator left it. Never lose typed input.
  function keepTouched(el, held) {
    held.forEach(function (t) {
      if (el.contains(t.node)) return;
      var twin = Array.prototype.find.call(el.querySelectorAll(CONTROLS), function (n) { return identity(n) === t.id; });
      if (twin) twin.parentNode.replaceChild(t.node, twin);
    });
  }

  function apply(el, html) {
    if (el._liveHtml === html) return false; // nothing changed: touch nothing
    el._liveHtml = html;
    var tpl = document.createElement("template");
    tpl.innerHTML = html;
    var x = window.scrollX, y = window.scrollY;
    var active = document.activeElement, start = null, end = null;
    try { start = active.selectionStart; end = active.selectionEnd; } catch (e) { /* not a text field */ }
    var root = tpl.content;
    // A whole page as the fragment (node and cluster pages): its element with this one's id is the fragment.
    var same = el.id ? root.querySelector("#" + CSS.escape(el.id)) : null;
    if (same) root = same;
    var held = touched(el);
    morphChildren(el, root);
    keepTouched(el, held);
    if (active && active !== document.body && document.contains(active) && document.activeElement !== active) {
      active.focus({ preventScroll: true });
      if (start !== null) { try { active.setSelectionRange(start, end); } catch (e) { /* not a text field */ } }
    }
    if (window.scrollX !== x || window.scrollY !== y) window.scrollTo(x, y);
    return true;
  }

  function refresh() {
    pending = null;
    var fetched = {}; // one request per URL, however many parts of the page it feeds
    document.querySelectorAll("[data-live-fragment]").forEach(function (el) {
      var url = el.getAttribute("data-live-fragment");
      if (!url) return;
      fetched[url] = fetched[url] || fetch(url, { credentials: "same-origin", headers: { "X-Requested-With": "live" } })
        .then(function (r) { return r.ok ? r.text() : null; });
      fetched[url]
        .then(function (html) {
          if (html === null) return;
          if (apply(el, html)) el.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
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
  // "… ago" keeps counting between updates: every <time> the server wrote ages on the page.
  function age(s) {
    var future = s < 0; s = Math.floor(Math.abs(s));
    var text = s < 60 ? s + " s" : s < 3600 ? Math.floor(s / 60) + " min"
      : s < 86400 ? Math.floor(s / 3600) + " h " + Math.floor(s % 3600 / 60) + " min"
      : Math.floor(s / 86400) + " d " + Math.floor(s % 86400 / 3600) + " h";
    return future ? "in " + text : text + " ago";
  }
  function ages() {
    var now = Date.now();
    document.querySelectorAll("time[datetime] > .age").forEach(function (a) {
      var t = Date.parse(a.parentNode.getAttribute("datetime"));
      if (!isNaN(t)) { var text = "· " + age((now - t) / 1000); if (a.textContent !== text) a.textContent = text; }
    });
  }
  setInterval(ages, 1000);
  window.recoveryLive = { refresh: refresh, apply: apply }; // tests and charts may ask for a refresh
  connect();
})();
