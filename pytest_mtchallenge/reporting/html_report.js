"use strict";
// Filters of the item lists (outcome, system, text) and opening an item named by the address's #.
// Rows are each system's output of an item, grouped by item: a group without a visible row is hidden.
for (const section of document.querySelectorAll("section.items")) {
  const form = section.querySelector("form.filters");
  const rows = Array.from(section.querySelectorAll("details.item"));
  const groups = Array.from(section.querySelectorAll(".item-group"));
  const shown = form.querySelector("output.shown");
  const checked = (name) => new Set(Array.from(form.querySelectorAll(`input[name=${name}]:checked`), (box) => box.value));
  const update = () => {
    const outcomes = checked("outcome"), systems = checked("system");
    const text = form.elements.q.value.trim().toLowerCase();
    let visible = 0;
    for (const row of rows) {
      const show = outcomes.has(row.dataset.outcome) && systems.has(row.dataset.system)
        && (!text || row.dataset.search.includes(text));
      row.hidden = !show;
      if (show) visible += 1;
    }
    for (const group of groups) group.hidden = !group.querySelector("details.item:not([hidden])");
    shown.textContent = `${visible} of ${rows.length} shown`;
  };
  form.addEventListener("input", update);
  form.addEventListener("submit", (event) => event.preventDefault());
  form.hidden = false;
  update();
}

function openTarget() {
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target && target.matches("details.item")) {
    target.hidden = false;
    const group = target.closest(".item-group");
    if (group) group.hidden = false;
    target.open = true;
  }
}
window.addEventListener("hashchange", openTarget);
openTarget();
