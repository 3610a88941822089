// Keeps a learner's progress in this browser (localStorage), so the index shows it on every visit.
const KEY = "atout.progress.v1";

function load() {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch (error) {
    return {};
  }
}

function render({ model, el }) {
  el.classList.add("atout-progress-store");
  el.setAttribute("data-testid", "progress-store");
  el.hidden = true;
  // What the browser remembers wins over an empty server-side start; then both stay in step.
  const stored = load();
  const current = model.get("progress") || {};
  const merged = { ...stored, ...current };
  for (const [lesson, entry] of Object.entries(stored)) {
    if (current[lesson] && stored[lesson] && (stored[lesson].best || 0) > (current[lesson].best || 0)) {
      merged[lesson] = { ...current[lesson], best: stored[lesson].best };
    }
  }
  model.set("progress", merged);
  model.set("loaded", true);
  model.save_changes();
  const save = () => {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(model.get("progress") || {}));
    } catch (error) {
      // Private browsing or a full store: progress lives only as long as the page.
    }
  };
  model.on("change:progress", save);
  save();
  return () => model.off("change:progress", save);
}

export default { render };
