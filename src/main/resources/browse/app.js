// pplx archive: typesets the math the server marked (KaTeX, served from the jar), highlights the code of a thread's
// products (highlight.js, from the jar), opens the workflow step an anchor points at, and applies a library filter
// as soon as it is chosen. The pages work without it; nothing here reads or sends data.
document.addEventListener('DOMContentLoaded', function () {
  if (window.katex) {
    document.querySelectorAll('.math').forEach(function (el) {
      try {
        window.katex.render(el.textContent, el, {
          displayMode: el.classList.contains('math-display'),
          throwOnError: false
        });
      } catch (e) {
        el.classList.add('math-error');
      }
    });
  }
  if (window.hljs) {
    document.querySelectorAll('pre.product-code code').forEach(function (el) {
      window.hljs.highlightElement(el);
    });
  }
  // #turn-2-step-5: the step and the turn's steps around it open, then it scrolls into view
  function openTarget() {
    var id;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return false; }
    var el = id && document.getElementById(id);
    if (!el) { return false; }
    for (var d = el; d; d = d.parentElement) {
      if (d.tagName === 'DETAILS') { d.open = true; }
    }
    el.scrollIntoView();
    return true;
  }
  window.addEventListener('hashchange', openTarget);
  if (!openTarget()) {
    var hit = document.querySelector('details.step.hit');
    if (hit) { hit.scrollIntoView(); }
  }
  document.querySelectorAll('form.filters select').forEach(function (s) {
    s.addEventListener('change', function () { s.form.submit(); });
  });
});
