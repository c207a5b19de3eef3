// The session page's script, inlined by SessionPage. Once the page is laid out it sets
// data-timeline-rendered on the root element to the number of timeline entries with a box, so a
// headless check (chromium --dump-dom, .ci/viewer-check) can tell that the timeline rendered;
// and the arrow keys move from one action's card to the next.
addEventListener("load", () => {
  const ticks = [...document.querySelectorAll("#timeline .tick a")];
  const shown = ticks.filter(t => { const r = t.getBoundingClientRect();
    return r.width > 0 && r.height > 0; });
  document.documentElement.dataset.timelineRendered = String(shown.length);
  let current = 0;
  addEventListener("keydown", event => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    current = Math.max(0, Math.min(ticks.length,
      current + (event.key === "ArrowRight" ? 1 : -1)));
    location.hash = "#action-" + current;
  });
});
