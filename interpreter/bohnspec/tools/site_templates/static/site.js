/* bohnspec site: the client-side search and the engine matrix's filter. No network, no library. */
(function () {
  "use strict";

  /* The engine matrix: show only scenarios some engine did not pass. */
  var only = document.getElementById("only-differences");
  if (only) {
    only.addEventListener("change", function () {
      var rows = document.querySelectorAll("#matrix-table tbody tr[data-all-passed]");
      for (var i = 0; i < rows.length; i++) { rows[i].hidden = only.checked; }
    });
  }

  /* The search page. The index is a script (window.BOHNSPEC_SEARCH): a page opened from a
     file may not load a JSON file. Each entry: [kind, title, url, summary, words]. */
  var box = document.getElementById("search-q");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var kindBox = document.getElementById("search-kind");
  var data = window.BOHNSPEC_SEARCH;
  if (!box || !list || !status || !data) { return; }

  var SPLIT = /[^\p{L}\p{N}\/_-]+/u;
  var prepared = data.map(function (e) {
    var title = e[1].toLowerCase();
    return { e: e, title: title, hay: " " + (title + " " + e[4] + " " + e[3].toLowerCase()).split(SPLIT).join(" ") + " " };
  });

  function tokens(q) {
    return q.toLowerCase().split(SPLIT).filter(function (t) { return t.length > 0; });
  }

  function score(p, q, ts) {
    var s = 0;
    if (p.title === q) { s += 1000; }
    else if (p.title.indexOf(q) === 0) { s += 300; }
    for (var i = 0; i < ts.length; i++) {
      var t = ts[i];
      var inHay = p.hay.indexOf(" " + t) >= 0 || (t.indexOf("/") >= 0 && p.hay.indexOf(t) >= 0);
      if (!inHay) { return 0; }
      s += (" " + p.title).indexOf(" " + t) >= 0 ? 20 : 3;
    }
    if (p.e[0] === "paragraph" || p.e[0] === "card" || p.e[0] === "landscape") { s += 2; }
    return s;
  }

  function show(q, kind) {
    while (list.firstChild) { list.removeChild(list.firstChild); }
    q = q.trim().toLowerCase();
    var ts = tokens(q);
    if (!ts.length) { status.textContent = "Type to search."; return; }
    var hits = [];
    for (var i = 0; i < prepared.length; i++) {
      var p = prepared[i];
      if (kind && p.e[0] !== kind) { continue; }
      var s = score(p, q, ts);
      if (s > 0) { hits.push([s, i, p.e]); }
    }
    hits.sort(function (a, b) { return b[0] - a[0] || a[1] - b[1]; });
    var shown = hits.slice(0, 200);
    status.textContent = hits.length === 0 ? "Nothing found for \u201c" + q + "\u201d."
      : hits.length + (hits.length === 1 ? " result" : " results") + (hits.length > shown.length ? ", the first " + shown.length + " shown." : ".");
    for (var j = 0; j < shown.length; j++) {
      var e = shown[j][2];
      var li = document.createElement("li");
      var kindTag = document.createElement("span");
      kindTag.className = "tag kind-" + e[0];
      kindTag.textContent = e[0];
      var a = document.createElement("a");
      a.href = e[2];
      a.textContent = e[1];
      li.appendChild(kindTag);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(a);
      if (e[3]) {
        var sum = document.createElement("span");
        sum.className = "muted";
        sum.textContent = " " + e[3];
        li.appendChild(sum);
      }
      list.appendChild(li);
    }
  }

  var params = new URLSearchParams(window.location.search);
  box.value = params.get("q") || "";
  if (kindBox) { kindBox.value = params.get("kind") || ""; }
  function run() { show(box.value, kindBox ? kindBox.value : ""); }
  box.addEventListener("input", run);
  if (kindBox) { kindBox.addEventListener("change", run); }
  var form = document.getElementById("search-form");
  if (form) {
    form.addEventListener("submit", function (ev) { ev.preventDefault(); run(); });
  }
  run();
  if (box.value) { box.focus(); }
}());
