// checklist serve: keyboard shortcuts, the flowchart's current step kept in view, a step's prose on click.
// No rules here: every key clicks a button of the page, and the server decides what it means.
(function () {
  "use strict";
  document.documentElement.classList.add("js");  // the keypad needs this script: without it, the field
  var chartOpen = null;  // the game master's last fold of the flowchart, kept across answers (null: the page's)
  var touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;

  function typing(target) {
    return target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT");
  }

  // htmx busy with the page: an answer's request out (a form's, not a poll's), or a swap or settle under way.
  // Until the settle, htmx has not taken over the new question's forms: a submit there would go to the
  // browser as a plain form post. The answer sent first is the one that counts; what comes meanwhile is dropped.
  var BUSY = "form.htmx-request, .htmx-swapping, .htmx-settling";

  function busy() {
    return document.querySelector(BUSY) !== null;
  }

  // before htmx's own listener (capture, on the document): no second submission, htmx's or the browser's
  document.addEventListener("submit", function (event) {
    if (!busy()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);

  function button(key) {
    return document.querySelector('[data-key="' + key + '"]:not([disabled])') ||
      document.querySelector('[data-alt="' + key + '"]:not([disabled])');
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (event.key === "Enter" && busy()) { event.preventDefault(); return; }  // no answer while one is on its way
    if (event.key === "Enter" && typing(target)) {
      if (target.value.trim() === "") {  // Enter on an empty field rolls the dice, as in the terminal
        var roll = button("r");
        if (roll) { event.preventDefault(); roll.click(); }
      }
      return;
    }
    if (typing(target)) return;
    if (event.key === "Enter" && target && (target.tagName === "BUTTON" || target.tagName === "A" ||
        target.tagName === "SUMMARY")) return;  // the browser clicks it
    var key = event.key === "Enter" ? "enter" : event.key.toLowerCase();
    if (key === "f") {
      var pane = document.getElementById("chart-pane");
      if (pane) { event.preventDefault(); pane.open = !pane.open; }
      return;
    }
    if (key === "p") {
      var prose = document.getElementById("prose");
      if (prose) { event.preventDefault(); prose.open = !prose.open; }
      return;
    }
    var found = button(key) || (key === "enter" ? button("r") : null);
    if (found) { event.preventDefault(); if (!busy()) found.click(); return; }  // busy: dropped
    var pad = document.querySelector(".keypad");  // a roll asked: digits go to the keypad, as if tapped
    if (pad && /^[0-9]$/.test(key)) { event.preventDefault(); if (!busy()) keypad(key, pad); }
  });

  function centre() {  // the lit step in the middle of the flowchart's box, without scrolling the page
    var box = document.querySelector(".chart-box");
    var lit = box && box.querySelector("g.current");
    if (!lit) return;
    var outer = box.getBoundingClientRect();
    var inner = lit.getBoundingClientRect();
    box.scrollTop += inner.top - outer.top - (box.clientHeight - inner.height) / 2;
    box.scrollLeft += inner.left - outer.left - (box.clientWidth - inner.width) / 2;
  }

  function focusField() {  // not on a touch screen: focus there brings up the soft keyboard over the page
    var field = document.getElementById("typed");
    if (field && !touch) field.focus({ preventScroll: true });
  }

  function keypad(digit, pad) {  // a digit into the field; the answer goes once no digit could follow
    var field = document.getElementById("typed");
    if (!field) return;
    if (digit === "clear") { field.value = ""; return; }
    field.value = (field.value.replace(/\D/g, "") + digit).replace(/^0+(?=\d)/, "");
    var value = parseInt(field.value, 10);
    var high = parseInt(pad.getAttribute("data-high"), 10);
    if (value * 10 > high || field.value.length >= String(high).length) field.form.requestSubmit();
  }

  function restoreChart() {
    var pane = document.getElementById("chart-pane");
    if (pane && chartOpen !== null) pane.open = chartOpen;
  }

  document.addEventListener("toggle", function (event) {
    if (event.target.id !== "chart-pane") return;
    chartOpen = event.target.open;
    if (chartOpen) centre();
  }, true);

  document.addEventListener("click", function (event) {
    var digit = event.target.closest && event.target.closest("[data-digit]");
    if (digit && busy()) { event.preventDefault(); return; }  // the field is about to be replaced
    if (digit) { keypad(digit.getAttribute("data-digit"), digit.closest(".keypad")); return; }
    var step = event.target.closest && event.target.closest("g.step");
    if (!step || !window.htmx) return;
    htmx.ajax("GET", "/step?key=" + encodeURIComponent(step.getAttribute("data-step")),
              { target: "#step-prose", swap: "innerHTML" });
  });

  // the fold is put back in the swap's own task: nothing can see the new page with the pane refolded
  document.addEventListener("htmx:afterSwap", restoreChart);
  document.addEventListener("htmx:afterSettle", function () { centre(); focusField(); });
  document.addEventListener("DOMContentLoaded", function () { centre(); focusField(); });
})();
