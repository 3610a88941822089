// Presenter keys: a clicker's Page Down / Page Up (and the arrow keys) step the class through a deal
// from anywhere on the page, except while typing in a field or playing cards at the table.
const KEYS = {
  PageDown: "next", ArrowRight: "next", PageUp: "previous", ArrowLeft: "previous",
  Home: "first", End: "last", h: "hands", H: "hands",
};

// A switch just ticked (a house rule) keeps the focus and has no use for these keys: the clicker goes on stepping.
function typing(target) {
  if (!target || !target.closest) return false;
  return Boolean(target.closest("input:not([type=checkbox]), textarea, select, [contenteditable], "
                                + "[data-testid=card-table]"));
}

function render({ model, el }) {
  el.classList.add("atout-presenter-keys");
  el.setAttribute("data-testid", "presenter-keys");
  const hint = document.createElement("p");
  hint.className = "atout-keys-hint";
  const show = () => { hint.textContent = model.get("hint"); };
  show();
  model.on("change:hint", show);
  el.appendChild(hint);
  const onKey = (event) => {
    const command = KEYS[event.key];
    if (!command || typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    model.send({ type: "key", command });
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

export default { render };
