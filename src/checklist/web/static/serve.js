// checklist serve: keyboard shortcuts, the flowchart's current step kept in view, a step's prose on click.
// No rules here: every key clicks a button of the page, and the server decides what it means.
(function () {
  "use strict";

  function typing(target) {
    return target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT");
  }

  function button(key) {
    return document.querySelector('[data-key="' + key + '"]:not([disabled])') ||
      document.querySelector('[data-alt="' + key + '"]:not([disabled])');
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
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
    if (key === "p") {
      var prose = document.getElementById("prose");
      if (prose) { event.preventDefault(); prose.open = !prose.open; }
      return;
    }
    var found = button(key) || (key === "enter" ? button("r") : null);
    if (found) { event.preventDefault(); found.click(); }
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

  function focusField() {
    var field = document.getElementById("typed");
    if (field) field.focus({ preventScroll: true });
  }

  document.addEventListener("click", function (event) {
    var step = event.target.closest && event.target.closest("g.step");
    if (!step || !window.htmx) return;
    htmx.ajax("GET", "/step?key=" + encodeURIComponent(step.getAttribute("data-step")),
              { target: "#step-prose", swap: "innerHTML" });
  });

  document.addEventListener("htmx:afterSettle", function () { centre(); focusField(); });
  document.addEventListener("DOMContentLoaded", function () { centre(); focusField(); });
})();
