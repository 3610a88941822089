// The deck picker's view (an anywidget front-end module): every card of a game's deck as a button.
// A click sends the card to Python, which decides where it goes; this module only draws the
// `rows` (the cards by suit: faces and names) and `where` (each placed card's place) Python gives it, in the page
// language. Shipped inside the package: it imports nothing, so the site works offline.

function element(tag, className, attributes = {}) {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function render({ model, el }) {
  const root = element("div", "atout-deck", { "data-testid": "deck-picker", role: "group" });
  el.appendChild(root);
  const buttons = new Map();

  function label(card, place) {
    const labels = model.get("labels");
    return labels.named_detail.replace(/\{(\w+)\}/g, (whole, key) =>
      key === "name" ? card.name : key === "detail" ? (place ? place.label : labels.unplaced || "") : whole);
  }

  function mark(code) {
    const button = buttons.get(code);
    if (!button) return;
    const card = button.card;
    const place = (model.get("where") || {})[code];
    button.setAttribute("aria-label", label(card, place));
    button.setAttribute("aria-pressed", place ? "true" : "false");
    if (place) button.setAttribute("data-place", place.place);
    else button.removeAttribute("data-place");
    button.querySelector(".atout-deck-caption").textContent = place ? place.short : "";
  }

  // One tab stop for the whole deck (the card last moved to); the arrow keys move between cards: left and right
  // along a suit, up and down between suits, Home and End to a suit's ends. Enter or Space places the card.
  let current = null;

  function rows() {
    return [...root.querySelectorAll(".atout-deck-row")].map((row) => [...row.querySelectorAll("button")]);
  }

  function rove(button, focus) {
    for (const other of buttons.values()) other.setAttribute("tabindex", other === button ? "0" : "-1");
    current = button.card.code;
    if (focus) button.focus();
  }

  function onKey(event) {
    const grid = rows();
    const r = grid.findIndex((row) => row.includes(document.activeElement));
    if (r < 0) return;
    const c = grid[r].indexOf(document.activeElement);
    const flat = grid.flat();
    const at = flat.indexOf(document.activeElement);
    let next = null;
    if (event.key === "ArrowRight") next = flat[(at + 1) % flat.length];
    else if (event.key === "ArrowLeft") next = flat[(at - 1 + flat.length) % flat.length];
    else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const row = grid[(r + (event.key === "ArrowDown" ? 1 : grid.length - 1)) % grid.length];
      next = row[Math.min(c, row.length - 1)];
    } else if (event.key === "Home") next = grid[r][0];
    else if (event.key === "End") next = grid[r][grid[r].length - 1];
    if (!next) return;
    event.preventDefault();
    rove(next, true);
  }
  root.addEventListener("keydown", onKey);

  function draw() {
    const hadFocus = root.contains(document.activeElement);
    root.replaceChildren();
    buttons.clear();
    const labels = model.get("labels") || {};
    root.setAttribute("aria-label", labels.deck || "");
    for (const row of model.get("rows") || []) {
      const list = element("div", "atout-deck-row", { role: "group", "aria-label": row.label });
      for (const card of row.cards) {
        const button = element("button", "atout-deck-card",
                               { type: "button", "data-card": card.code, "data-testid": `deck-${card.code}` });
        button.addEventListener("click", () => {
          rove(button, false);
          model.send({ type: "toggle", card: card.code });
        });
        const face = element("span", "atout-deck-face", { "aria-hidden": "true" });
        face.innerHTML = card.face;      // SVG markup made by atout.svg
        button.append(face, element("span", "atout-deck-caption", { "aria-hidden": "true" }));
        button.card = card;
        buttons.set(card.code, button);
        list.appendChild(button);
      }
      root.appendChild(list);
    }
    for (const code of buttons.keys()) mark(code);
    // The same card keeps the tab stop (and the focus) when the deck is drawn again in another language.
    const keep = buttons.get(current) || buttons.values().next().value;
    if (keep) rove(keep, hadFocus);
  }

  function update() {
    for (const code of buttons.keys()) mark(code);
  }

  draw();
  model.on("change:rows", draw);
  model.on("change:labels", draw);
  model.on("change:where", update);
  return () => {
    model.off("change:rows", draw);
    model.off("change:labels", draw);
    model.off("change:where", update);
    root.removeEventListener("keydown", onKey);
  };
}

export default { render };
