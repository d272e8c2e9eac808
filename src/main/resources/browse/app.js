// pplx archive: typesets the math the server marked (KaTeX, served from the jar) and applies a library filter
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
  document.querySelectorAll('form.filters select').forEach(function (s) {
    s.addEventListener('change', function () { s.form.submit(); });
  });
});
