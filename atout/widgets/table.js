// The card table's view (an anywidget front-end module). It draws the `state` Python builds from
// core's TableView and sends back what the user chose; it decides no rule and holds no sentence of
// its own: every word shown comes from Python, in the page language.
// Shipped inside the package: it imports nothing, so the site works offline.

const DEAL_STEP = 220;      // ms between two packets of the deal (less when there are many)
const DEAL_TIME = 1800;     // the whole deal takes at most this long
const ARRIVE_STEP = 260;    // ms between two cards arriving in the trick
const GATHER_PAUSE = 700;   // ms the finished trick stays in view before it goes to its winner
const GATHER_MOVE = 350;

let uid = 0;

// Read once and then kept up to date by its change event: asked at every redraw, it showed in the redraw's profile.
const motionQuery = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
let motionReduced = Boolean(motionQuery && motionQuery.matches);
if (motionQuery) motionQuery.addEventListener("change", (event) => { motionReduced = event.matches; });

function reducedMotion() {
  return motionReduced;
}

function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "html") node.innerHTML = value;   // SVG markup made by atout.svg (the trump's suit)
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [].concat(children)) {
    if (child) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

// A template the kernel wrote in the page's language ("{name}: {detail}") with its places filled.
function filled(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
}

function badge(text, kind) {
  return h("span", { class: `atout-badge atout-badge-${kind}`, text });
}

function render({ model, el }) {
  const id = `atout-table-${++uid}`;
  const root = h("div", { class: "atout-table", "data-testid": "card-table", role: "region", id });
  const board = h("div", { class: "atout-board" });
  const controls = h("div", { class: "atout-controls" });
  const live = h("div", {
    class: "atout-announcement", "data-testid": "announcement", role: "status",
    "aria-live": "polite", "aria-atomic": "true",
  });
  const liveHeading = h("h3", { class: "atout-announcement-title" });
  const liveBody = h("div", { class: "atout-announcement-body" });
  live.append(liveHeading, liveBody);
  root.append(board, controls, live);
  el.appendChild(root);

  let seenDeal = null;       // the deal this view has animated
  let seenGather = null;     // the finished trick this view has gathered
  let seenTrick = null;      // the trick cards already shown (null before the first draw)
  let seenSaid = null;
  let timers = [];
  // The deal, the cards arriving in the trick and the gathering outlive redraws: the next card played must not
  // cut them short.
  let motionTimers = [];

  // The card drawings come once in `faces` (not with every state): each is parsed the first time it is
  // drawn, and every later use is a copy of that node, which is much cheaper than parsing markup again.
  let parsed = new Map();
  function drawing(code) {
    const faces = model.get("faces") || {};
    const markup = code === null ? faces.back : (faces.cards || {})[code];
    const key = code === null ? "" : code;
    if (!parsed.has(key)) {
      const template = document.createElement("template");
      template.innerHTML = markup || "";
      parsed.set(key, template.content);
    }
    return parsed.get(key).cloneNode(true);
  }
  const cardName = (code) => ((model.get("faces") || {}).names || {})[code] || code;
  function faceSpan(code, attrs = {}) {
    const span = h("span", { class: "atout-face", ...attrs });
    span.appendChild(drawing(code));
    return span;
  }

  function later(fn, ms) {
    const t = setTimeout(fn, ms);
    timers.push(t);
  }

  function send(content) {
    model.send(content);
  }

  // --- the hand: a toolbar of card buttons (arrow keys move, Enter or Space plays) ---------------

  // Sets an attribute, or removes it for null (the way `h` reads its attributes).
  function setAttr(node, key, value) {
    if (value === null || value === undefined || value === false) node.removeAttribute(key);
    else if (node.getAttribute(key) !== String(value)) node.setAttribute(key, String(value));
  }

  function setClass(node, value) {
    if (node.className !== value) node.className = value;
  }

  function setText(node, text) {
    if (node.textContent !== text) node.textContent = text;
  }

  // A badge shows its text, or is hidden (and out of the accessibility tree) when there is none.
  function showBadge(node, text) {
    if (text) setText(node, text);
    setAttr(node, "hidden", text ? null : "");
  }

  // Card buttons are kept, card by card, from one update to the next: a click changes the few attributes
  // that differ (legal or not, why) instead of drawing every card again.
  let slots = new Map();      // card code -> { slot, button, label, why, seat, key }

  // `marks`: the seat's cards from the kitty and ringed; `values`: what a page says each card is worth.
  function cardSlot(state, code, seat, index, active, marks, values) {
    const reason = state.show_legal && active ? state.illegal[code] : undefined;
    const legal = state.show_legal && active && state.legal.includes(code);
    const does = active ? state.card_actions[code] : undefined;   // robbing, discarding... rather than playing
    const fromKitty = marks.kitty.includes(code);
    const base = fromKitty
      ? filled(state.labels.named_remark, { name: cardName(code), remark: state.labels.from_kitty }) : cardName(code);
    const name = does ? filled(state.labels.named_detail, { name: base, detail: does }) : base;
    let entry = slots.get(code);
    if (!entry || entry.seat !== seat || entry.looking !== state.looking) {
      // At a table to look at (a step of the walk-through) a card is a picture, not a button: nothing to press.
      const button = state.looking
        ? h("span", { class: "atout-card-button atout-card-still", role: "img", "data-testid": `card-${code}`,
                      "data-card": code, "data-seat": seat })
        : h("button", {
          type: "button", class: "atout-card-button", "data-testid": `card-${code}`, "data-card": code,
          "data-seat": seat, tabindex: -1, onclick: () => send({ type: "play", card: code }),
        });
      button.appendChild(drawing(code));
      // The button is named by its text, the card's full name (hidden from sight: the drawing shows it);
      // the drawing itself is hidden from assistive technology, so the name is not "7 7 7".
      const picture = button.querySelector("svg");
      if (picture) picture.setAttribute("aria-hidden", "true");
      const label = h("span", { class: "atout-sr-only" });
      button.appendChild(label);
      entry = { slot: h("span", { class: "atout-slot" }, [button]), button, label, why: null, seat, key: null,
                looking: state.looking, value: null };
      slots.set(code, entry);
    }
    const { button, slot } = entry;
    setAttr(button, "data-index", index);
    const value = values[code];
    if (value && !entry.value) {
      entry.value = h("span", { class: "atout-card-value", "aria-hidden": "true", "data-testid": `value-${code}` });
      button.appendChild(entry.value);
    } else if (!value && entry.value) {
      entry.value.remove();
      entry.value = null;
    }
    if (entry.value) {
      setText(entry.value, value.text);
      setAttr(entry.value, "data-best", value.best ? "true" : null);
    }
    setAttr(button, "data-best", value && value.best ? "true" : null);
    const named = value ? filled(state.labels.named_detail, { name, detail: value.label }) : name;
    const ringed = marks.ringed.includes(code);
    const key = `${reason}\n${legal}\n${named}\n${ringed}\n${fromKitty}`;
    if (entry.key !== key) {
      entry.key = key;
      setAttr(button, "data-ringed", ringed ? "true" : null);
      // the mark on the card is one short word (the card's name says "from the kitty" in full): at the side, where
      // the cards overlap, it runs up the card's visible edge, below its index
      setAttr(slot, "data-kitty", fromKitty ? state.labels.kitty_mark : null);
      if (state.looking) setAttr(button, "aria-label", named);
      const whyId = `${id}-why-${seat}-${code}`;
      setAttr(button, "aria-disabled", reason ? "true" : null);
      setAttr(button, "aria-describedby", reason ? whyId : null);
      setAttr(button, "title", reason || named);
      setAttr(button, "data-illegal", reason ? "true" : null);
      setAttr(button, "data-legal", legal ? "true" : null);
      setText(entry.label, named);
      if (reason && !entry.why) {
        entry.why = h("span", { class: "atout-why", id: whyId, role: "tooltip" });
        slot.appendChild(entry.why);
      } else if (!reason && entry.why) {
        entry.why.remove();
        entry.why = null;
      }
      if (entry.why) setText(entry.why, reason);
    }
    return slot;
  }

  function onHandKey(event) {
    const buttons = [...event.currentTarget.querySelectorAll("button.atout-card-button")];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (at + 1) % buttons.length;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (at - 1 + buttons.length) % buttons.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    if (next === null) return;
    event.preventDefault();
    rove(buttons, next, true);
  }

  function rove(buttons, index, focus) {
    buttons.forEach((b, i) => setAttr(b, "tabindex", i === index ? "0" : "-1"));
    if (focus && buttons[index]) buttons[index].focus();
  }

  // Each seat keeps its section from one update to the next; what changed in it is patched.
  let seatParts = new Map();  // seat -> { section, name, badges, hand, visible, seatKey, backsKey }

  function seatView(state, seat, plan) {
    let part = seatParts.get(seat.seat);
    if (!part || part.visible !== seat.visible) {
      const hand = h("div", { "data-testid": `hand-${seat.seat}`, "aria-orientation": "horizontal" });
      if (seat.visible) hand.addEventListener("keydown", onHandKey);
      // The badges stay in the header, shown or hidden: the turn moves at every card played.
      const badges = { dealer: badge("", "dealer"), turn: badge("", "turn"), tricks: badge("", "tricks"),
                       won: badge("", "won") };
      const name = h("span", { class: "atout-seat-name" });
      // The auction as it goes: this seat's calls, beside its name.
      const calls = h("span", { class: "atout-calls", "data-testid": `calls-${seat.seat}` });
      const header = h("div", { class: "atout-seat-header" }, [name, badges.dealer, badges.turn, badges.tricks,
                                                                badges.won, calls]);
      const section = h("section", { "data-seat": seat.seat, "data-testid": `seat-${seat.seat}` }, [header, hand]);
      part = { section, name, badges, calls, hand, visible: seat.visible, backsKey: null };
      seatParts.set(seat.seat, part);
    }
    const { section, hand } = part;
    // A seat nothing happened to (most seats, at most clicks) is left as it is.
    const values = model.get("card_values") || {};
    const seatKey = JSON.stringify([seat, state.can_act, state.show_legal, state.lang, state.looking,
      (seat.cards || []).map((c) => [state.illegal[c], state.legal.includes(c),
                                     state.card_actions[c], values[c] || null])]);
    if (part.seatKey === seatKey && !plan) return section;
    part.seatKey = seatKey;
    setClass(section, `atout-seat atout-pos-${seat.position}${seat.to_act ? " atout-to-act" : ""}`);
    setAttr(section, "aria-label", seat.name);
    setAttr(section, "aria-current", seat.to_act ? "true" : null);
    setText(part.name, seat.name);
    showBadge(part.badges.dealer, seat.dealer && state.labels.dealer);
    showBadge(part.badges.turn, seat.to_act && state.labels.to_act);
    showBadge(part.badges.tricks, seat.tricks_label);
    showBadge(part.badges.won, seat.won && state.labels.won);
    setAttr(section, "data-won", seat.won ? "true" : null);
    setText(part.calls, seat.calls_label);
    setAttr(part.calls, "hidden", seat.calls_label ? null : "");
    setClass(hand, `atout-hand${seat.visible ? "" : " atout-hand-hidden"}`);
    setAttr(hand, "role", seat.visible ? (state.looking ? "list" : "toolbar") : "img");
    setAttr(hand, "aria-label", filled(state.labels.named_detail, { name: seat.hand_label, detail: seat.count_label }));
    setAttr(hand, "data-many", seat.count > 6 ? "true" : null);
    setAttr(hand, "data-valued", seat.visible && (seat.cards || []).some((c) => values[c]) ? "true" : null);
    if (seat.visible) {
      const active = state.can_act && seat.to_act;
      const marks = { kitty: seat.from_kitty, ringed: seat.ringed };
      patchChildren(hand, seat.cards.map((code, i) => cardSlot(state, code, seat.seat, i, active, marks, values)));
      const buttons = [...hand.querySelectorAll("button")];
      const first = buttons.findIndex((b) => b.getAttribute("data-illegal") !== "true");
      rove(buttons, Math.max(first, 0), false);
    } else {
      const backsKey = `${seat.count}\n${seat.count_label}`;
      if (part.backsKey !== backsKey || plan) {
        part.backsKey = backsKey;
        const backs = [];
        for (let i = 0; i < seat.count; i++) {
          backs.push(h("span", { class: "atout-slot atout-back-slot", "aria-hidden": "true" }, [drawing(null)]));
        }
        hand.replaceChildren(...backs, h("span", { class: "atout-count", text: seat.count_label }));
      }
    }
    if (plan) {
      const dealt = [...hand.querySelectorAll(".atout-slot")];
      let at = 0;
      for (const { delay, count } of plan.get(seat.seat) || []) {
        animateLater(dealt.slice(at, at + count), "atout-dealt", delay);
        at += count;
      }
    }
    return section;
  }

  // --- the deal, packet by packet (3 then 2): each seat's packets in order, with their delays ------

  // `nodes` wait out of sight and play the animation `name` together, `delay` ms from now. Each start and end of
  // an animation costs the browser a restyle of the page, so the cards of a packet share theirs.
  function animateLater(nodes, name, delay) {
    const start = () => {
      for (const node of nodes) {
        node.classList.remove("atout-waiting");
        node.classList.add(name);
        // Once played, the animation never runs again, even when the card moves along the hand.
        node.addEventListener("animationend", () => node.classList.remove(name), { once: true });
      }
    };
    if (delay <= 0) {
      start();      // with this very redraw, not one more
      return;
    }
    for (const node of nodes) node.classList.add("atout-waiting");
    motionTimers.push(setTimeout(start, delay));
  }

  function dealPlan(state) {
    const deal = state.deal;
    if (!deal || !deal.fresh || deal.id === seenDeal || !deal.packets.length) return null;
    seenDeal = deal.id;
    if (reducedMotion()) return null;
    const plan = new Map();
    const step = Math.min(DEAL_STEP, DEAL_TIME / deal.packets.length);
    let pile = null;
    deal.packets.forEach((packet, k) => {
      const start = k * step;
      if (packet.what === "hand") {
        // The cards of a packet arrive together, as a packet does.
        plan.set(packet.seat, [...(plan.get(packet.seat) || []), { delay: start, count: packet.count }]);
      } else if (pile === null || packet.what === "turn-up") {
        pile = start;
      }
    });
    plan.set("pile", pile === null ? deal.packets.length * step : pile);
    plan.set("end", deal.packets.length * step + 300);
    return plan;
  }

  // --- the middle: trick, trump, turned-up card, kitty and stock -----------------------------------

  // The middle keeps its nodes too: the cards already in the trick stay, a new one arrives; the piles are
  // drawn again only when they change.
  const trickBox = h("div", { class: "atout-trick", "data-testid": "trick", role: "group" });
  const piles = h("div", { class: "atout-piles" });
  const centre = h("div", { class: "atout-centre" }, [trickBox, piles]);
  let trickFigures = new Map();   // card code -> { figure, key }
  let leaving = new Map();        // card code -> the figure that has just left the trick (for the gathering)
  let pilesKey = null;

  function trickFigure(state, play) {
    const key = JSON.stringify([play.position, play.leader, play.by, play.seat, play.won, play.ringed,
                                state.labels.leader, state.labels.won]);
    const kept = trickFigures.get(play.card);
    if (kept && kept.key === key) return { figure: kept.figure, isNew: false };
    const figure = h("figure", {
      class: `atout-trick-card atout-pos-${play.position}${play.leader ? " atout-leader" : ""}`
        + `${play.won ? " atout-winner" : ""}${play.ringed ? " atout-ringed" : ""}`,
      "data-testid": `trick-card-${play.card}`, "data-seat": play.seat, "data-won": play.won ? "true" : null,
    }, [
      faceSpan(play.card),
      h("figcaption", {}, [play.by, play.leader ? badge(state.labels.leader, "leader") : null,
                           play.won ? badge(state.labels.won, "won") : null]),
    ]);
    trickFigures.set(play.card, { figure, key });
    return { figure, isNew: !kept };
  }

  function pileView(state, plan) {
    const key = JSON.stringify([state.turn_up, state.turn_up_label, state.kitty, state.stock,
                                state.kitty_cards, state.stock_cards, state.kitty_label, state.stock_label,
                                state.discards, state.discards_cards, state.discards_label]);
    if (key === pilesKey && !plan) return;
    pilesKey = key;
    const parts = [];
    if (state.turn_up) {
      parts.push(h("figure", { class: "atout-pile atout-turn-up", "data-testid": "turn-up" }, [
        faceSpan(state.turn_up),
        h("figcaption", { text: state.turn_up_label }),
      ]));
    }
    for (const [key, label] of [["kitty", state.kitty_label], ["stock", state.stock_label],
                                ["discards", state.discards_label]]) {
      if (state[key] > 0) {
        // Face down (a count), or face up when the viewer may see the cards (the contractor's kitty).
        const shown = state[`${key}_cards`];
        const faces = shown ? shown.map((code) => faceSpan(code))
                            : [faceSpan(null, { "aria-hidden": "true" })];
        parts.push(h("figure", { class: `atout-pile atout-${key}`, "data-testid": key }, [
          h("span", { class: "atout-pile-cards" }, faces),
          h("figcaption", { text: label }),
        ]));
      }
    }
    if (plan) {
      animateLater(parts.filter((part) => part.tagName === "FIGURE"), "atout-dealt", plan.get("pile"));
    }
    piles.replaceChildren(...parts);
    setAttr(piles, "hidden", parts.length ? null : "");
  }

  function centreView(state, plan, arriveAfter) {
    setAttr(trickBox, "aria-label", state.trick.label);
    setAttr(trickBox, "data-players", state.players);
    const shownBefore = seenTrick;
    let fresh = 0;
    const figures = state.trick.plays.map((play) => {
      const { figure, isNew } = trickFigure(state, play);
      const arriving = (shownBefore !== null && !shownBefore.includes(play.card)) || plan;
      if (isNew && arriving && !reducedMotion()) {
        animateLater([figure], "atout-arrive", arriveAfter + fresh * ARRIVE_STEP);
        fresh += 1;
      }
      return figure;
    });
    const inTrick = new Set(state.trick.plays.map((p) => p.card));
    leaving = new Map();
    for (const [code, kept] of [...trickFigures]) {
      if (inTrick.has(code)) continue;
      trickFigures.delete(code);
      leaving.set(code, kept.figure);
    }
    patchChildren(trickBox, figures);
    seenTrick = state.trick.plays.map((p) => p.card);
    pileView(state, plan);
    return centre;
  }

  // The line above the table: the status changes at every card played, the contract, notes and scores seldom.
  const statusLine = h("p", { class: "atout-status", "data-testid": "status" });
  const topBox = h("div", { class: "atout-top" }, [statusLine]);
  let topKey = null;

  function trumpView(state) {
    const icon = state.trump.suit && state.trump.suit !== "NT"
      ? ((model.get("faces") || {}).suits || {})[state.trump.suit] || "" : "";
    return h("p", { class: "atout-trump", "data-testid": "trump", "data-suit": state.trump.suit }, [
      icon ? h("span", { class: "atout-trump-icon", html: icon, "aria-hidden": "true" }) : null,
      h("span", { text: state.trump.label }),
    ]);
  }

  function topView(state) {
    setText(statusLine, state.status);
    const key = JSON.stringify([state.contract, state.trump, state.notes, state.scores, state.labels.scores,
                                state.score_unit]);
    if (topKey === key) return topBox;
    topKey = key;
    // What the scores count comes first (a hand's points or the game's score): the same "You: 23" means either.
    const unit = state.score_unit_colon
      ? h("li", { class: "atout-scores-unit", "data-testid": "score-unit", text: state.score_unit_colon }) : null;
    const scores = h("ul", { class: "atout-scores", "data-testid": "scores",
                             "aria-label": state.score_unit || state.labels.scores },
      [unit, ...state.scores.map((row) => h("li", {}, [
        row.label_colon, h("strong", { text: row.shown }),
        row.tricks_label ? badge(row.tricks_label, "tricks") : null,
      ]))].filter(Boolean));
    topBox.replaceChildren(...[
      statusLine,
      trumpView(state),
      state.contract ? h("p", { class: "atout-contract", "data-testid": "contract", text: state.contract }) : null,
      ...state.notes.map((note) => h("p", { class: "atout-note", text: note })),
      scores,
    ].filter(Boolean));
    return topBox;
  }

  let lastTrick = { key: null, node: null };     // drawn again only when another trick is won

  function lastTrickView(state) {
    const last = state.last_trick;
    if (!last) return null;
    const key = JSON.stringify(last);
    if (lastTrick.key !== key) {
      lastTrick = { key, node: h("figure", { class: "atout-last-trick", "data-testid": "last-trick" }, [
        h("figcaption", { text: last.label }),
        h("div", { class: "atout-last-cards" }, last.plays.map((p) => faceSpan(p.card, {
          class: `atout-face${p.seat === last.winner ? " atout-winner" : ""}`, title: p.by,
        }))),
      ]) };
    }
    return lastTrick.node;
  }

  // --- the finished trick goes to its winner --------------------------------------------------------

  function gatherDue(state) {
    const g = state.gather;
    if (!g || g.id === seenGather) return false;
    const first = seenTrick === null;     // a view opened after the trick was won does not replay it
    seenGather = g.id;
    return !first && !reducedMotion() && g.cards.length > 0;
  }

  function startGather(state, centre) {
    const g = state.gather;
    const box = centre.querySelector(".atout-trick");
    // The cards that were in the trick move into the gathering as they are; only the last one played is drawn.
    const ghost = h("div", { class: "atout-gather", "aria-hidden": "true" }, g.cards.map((code) => {
      const face = leaving.has(code) && leaving.get(code).querySelector(".atout-face");
      return face || faceSpan(code);
    }));
    box.appendChild(ghost);
    const soon = (fn, ms) => motionTimers.push(setTimeout(fn, ms));
    soon(() => {
      const target = g.winner === null ? null : root.querySelector(`.atout-seat[data-seat="${g.winner}"]`);
      const from = ghost.getBoundingClientRect();
      let dx = 0;
      let dy = 0;
      if (target) {
        const to = target.getBoundingClientRect();
        dx = to.left + to.width / 2 - (from.left + from.width / 2);
        dy = to.top + to.height / 2 - (from.top + from.height / 2);
      }
      ghost.style.transition = `transform ${GATHER_MOVE}ms ease-in, opacity ${GATHER_MOVE}ms ease-in`;
      ghost.style.transform = `translate(${dx}px, ${dy}px) scale(0.3)`;
      ghost.style.opacity = "0";
      soon(() => ghost.remove(), GATHER_MOVE + 50);
    }, GATHER_PAUSE);
  }

  // --- choices that are not a card: rob or keep, bids, trumps, close... -----------------------------

  let controlsKey = null;

  function controlsView(state) {
    // Only what the controls show: the name of the choices changes with the turn, which matters only when there
    // are choices to name.
    const labels = state.labels;
    const key = JSON.stringify([state.looking, state.hint, state.actions, state.actions.length ? labels.actions : null,
                                state.can_undo ? labels.undo : null, labels.show_legal, model.get("show_legal")]);
    if (key === controlsKey) return;       // the same choices: the buttons (and the focus on one) stay
    controlsKey = key;
    controls.replaceChildren();
    if (state.hint) controls.appendChild(h("p", { class: "atout-hint", "data-testid": "hint", text: state.hint }));
    if (state.actions.length) {
      const group = h("div", { class: "atout-actions", role: "group", "aria-label": state.labels.actions,
                               "data-testid": "actions", "data-many": state.actions.length > 8 });
      // A ladder of calls shows each call alone after one "Bids:"; each button's name still says "Bid 7♠".
      if (state.actions.some((a) => a.short)) {
        group.appendChild(h("span", { class: "atout-actions-lead", "aria-hidden": "true", text: labels.bids }));
      }
      for (const a of state.actions) {
        group.appendChild(h("button", {
          type: "button", class: "atout-action", "data-testid": `action-${a.action.replace(/\s+/g, "-")}`,
          "data-action": a.action, text: a.short || a.label, "aria-label": a.short ? a.label : null,
          onclick: () => send({ type: "action", action: a.action }),
        }));
      }
      controls.appendChild(group);
    }
    if (state.can_undo) {
      controls.appendChild(h("button", {
        type: "button", class: "atout-action atout-undo", "data-testid": "undo", "data-action": "undo",
        text: state.labels.undo, onclick: () => send({ type: "undo" }),
      }));
    }
    if (state.looking) return;       // a table to look at offers nothing to choose
    const box = h("input", { type: "checkbox", "data-testid": "show-legal" });
    box.checked = Boolean(model.get("show_legal"));
    box.addEventListener("change", () => {
      model.set("show_legal", box.checked);
      model.save_changes();
    });
    controls.appendChild(h("label", { class: "atout-toggle" }, [box, state.labels.show_legal]));
  }

  // --- the announcement (aria-live="polite") --------------------------------------------------------

  let shownText = null;      // what the region says now (null once emptied to be read again)

  // A fitted table's region (a few lines high) shows its newest lines, each whole: scrolled to its end, an older
  // line that wraps can be cut through at the top (five players' plays in Spoil Five); the region then scrolls on to
  // the next line's top, a gap left under the newest line.
  function showNewestWhole() {
    liveBody.style.paddingBottom = "";
    live.scrollTop = live.scrollHeight;
    const end = live.scrollHeight - live.clientHeight;
    if (end <= 0) return;
    const top = live.getBoundingClientRect().top + live.clientTop - live.scrollTop;
    const starts = [liveHeading, ...liveBody.children].map((line) => line.getBoundingClientRect().top - top);
    const first = starts.find((start) => start >= end - 0.5);
    if (first === undefined || first <= end + 0.5) return;
    liveBody.style.paddingBottom = `${Math.ceil(first - end)}px`;
    live.scrollTop = first;
  }

  function say(state) {
    const text = model.get("announcement") || "";
    const refused = Boolean(model.get("refused"));
    // The walk-through says what happened beside its table, with the rule: this table's region would repeat it.
    setAttr(live, "hidden", state.looking ? "" : null);
    setText(liveHeading, refused ? state.labels.refused : state.labels.announcement);
    live.classList.toggle("atout-refused", refused);
    const again = state.said_id !== seenSaid;
    seenSaid = state.said_id;
    if (!again && text === shownText) return;
    const fill = () => {
      liveBody.replaceChildren(...(text ? text.split("\n") : []).map((line) => h("p", { text: line })));
      shownText = text;
      showNewestWhole();
    };
    if (again && text === shownText) {
      // The same words again (the same card refused twice): empty the region first so it is read again.
      liveBody.replaceChildren();
      shownText = null;
      later(fill, 50);
    } else {
      fill();
    }
  }

  // --- drawing everything ----------------------------------------------------------------------------

  const felt = h("div", { class: "atout-felt" });

  // Make `parent`'s children exactly `nodes` (nulls skipped) in that order, moving as few as possible: a node
  // taken out and put back would play its animation again and lose its focus.
  function patchChildren(parent, nodes) {
    const wanted = nodes.filter(Boolean);
    const keep = new Set(wanted);
    for (const child of [...parent.children]) {
      if (!keep.has(child) && !child.classList.contains("atout-gather")) child.remove();   // it leaves by itself
    }
    wanted.forEach((node, i) => {
      const there = parent.children[i];
      if (there !== node) parent.insertBefore(node, there || null);
    });
  }

  // The state comes as one JSON text (Python sends it so, see table.py): parsed once per new state.
  let stateText = null;
  let stateValue = null;
  function currentState() {
    const text = model.get("state");
    if (text !== stateText) {
      stateText = text;
      stateValue = text ? JSON.parse(text) : null;
    }
    return stateValue;
  }

  function draw() {
    const state = currentState();
    if (!state || !state.seats) return;
    timers.forEach(clearTimeout);
    timers = [];
    const focused = root.contains(document.activeElement) ? document.activeElement : null;
    const focusKey = focused && {
      card: focused.getAttribute("data-card"), seat: focused.getAttribute("data-seat"),
      index: Number(focused.getAttribute("data-index")), action: focused.getAttribute("data-action"),
      toggle: focused.getAttribute("data-testid") === "show-legal",
    };

    // Attributes are written only when they change: writing the same class or language again would still make
    // the browser check the style of everything inside the table.
    setClass(root, `atout-table atout-size-${state.size}${state.four_colour ? " atout-four-colour" : ""}`);
    setAttr(root, "aria-label", state.labels.table);
    setAttr(root, "lang", state.lang);
    setAttr(root, "data-players", state.players);
    setAttr(root, "data-phase", state.phase);
    setAttr(root, "data-deal", state.deal ? state.deal.id : null);

    const plan = dealPlan(state);
    const gathering = gatherDue(state);
    const arriveAfter = (plan ? plan.get("end") : 0) + (gathering ? GATHER_PAUSE + GATHER_MOVE : 0);
    setAttr(felt, "data-players", state.players);
    const centre = centreView(state, plan, arriveAfter);
    if (plan) slots = new Map();          // a new deal: its cards are dealt in, one by one
    patchChildren(felt, [...state.seats.map((seat) => seatView(state, seat, plan)), centre]);
    patchChildren(board, [topView(state), felt, lastTrickView(state)]);
    if (gathering) startGather(state, centre);
    controlsView(state);
    say(state);

    if (focusKey) restoreFocus(focusKey);
    fitLater(state);
  }

  // --- the size that fits: the whole table in the window below its top ----------------------------------

  // A card's width (px) the fitting may choose, per size: the projector's cards are read from the back row (a
  // student's 1366×768 laptop showing the classroom needs them as small as the Play page's, to keep every seat whole).
  const FIT_RANGE = { projector: [34, 150], normal: [36, 130] };
  let fitKey = null;
  let fitLimit = null;      // the height the last fitting had (px): more room by far is worth fitting again
  let fitting = false;
  let waited = 0;
  const MORE_ROOM = 40;

  // Where `node` starts on the page, however its scrolling containers are scrolled now.
  function pageTop(node) {
    let top = node.getBoundingClientRect().top + window.scrollY;
    for (let p = node.parentElement; p; p = p.parentElement) top += p.scrollTop;
    return top;
  }

  function fits(limit) {
    const box = root.getBoundingClientRect();
    return box.height <= limit && root.scrollWidth <= root.clientWidth + 1 && felt.scrollWidth <= felt.clientWidth + 1;
  }

  // Cards as big as they can be (within the size's range) with the table no taller than the window below its
  // top and no part wider than the table: found by halving the range, a few layouts, only when the layout's
  // shape changes (seats, hand lengths, phase, choices, language, window size), never at every card played.
  function fit(state) {
    if (state.fit && !root.isConnected && waited < 600) {    // not on the page yet: try again at the next frame
      waited += 1;
      fitLater(state);
      return;
    }
    if (!state.fit || !root.isConnected || root.offsetParent === null) {
      if (root.style.getPropertyValue("--atout-unit")) root.style.removeProperty("--atout-unit");
      setAttr(root, "data-fit", null);
      fitKey = null;
      return;
    }
    const longest = Math.max(0, ...state.seats.map((seat) => seat.count));
    const key = JSON.stringify([state.size, state.players, longest, state.phase, state.actions.length, state.lang,
                                state.looking, state.kitty, state.stock, window.innerWidth, window.innerHeight,
                                el.clientWidth]);
    const limit = window.innerHeight - pageTop(root) + window.scrollY - 8;
    let [low, high] = FIT_RANGE[state.size] || FIT_RANGE.normal;
    if (key === fitKey) {
      // The same shape: the cards keep their size unless what changed (a longer line, one more badge) no longer
      // fits, and then they only shrink, so that nothing jumps from one step to the next; they grow again only
      // when much more room opened above or below (the house rules closed).
      const fitsNow = fits(limit);
      if (fitsNow && !(fitLimit !== null && limit > fitLimit + MORE_ROOM)) return;
      if (!fitsNow) high = parseFloat(root.style.getPropertyValue("--atout-unit")) || high;
    }
    watchAround();
    fitKey = key;
    fitLimit = limit;
    // The fitted layout (a fixed-height announcement) from the first trial; its value, the window fitted to, tells the
    // page's tests that the fit after a resize is done.
    setAttr(root, "data-fit", `${window.innerWidth}x${window.innerHeight}`);
    const trial = (unit) => root.style.setProperty("--atout-unit", `${unit}px`);
    trial(high);
    if (!fits(limit)) {
      for (let i = 0; i < 7; i++) {
        const mid = (low + high) / 2;
        trial(mid);
        if (fits(limit)) low = mid;
        else high = mid;
      }
      trial(Math.floor(low));
    }
    showNewestWhole();                         // the region's height is fixed now: its newest lines in view
  }

  function fitLater(state) {
    if (fitting) return;
    fitting = true;
    requestAnimationFrame(() => {
      fitting = false;
      fit(currentState() || state);
    });
  }
  const onResize = () => { const state = currentState(); if (state) fitLater(state); };
  window.addEventListener("resize", onResize);
  // The window keeps its size when what holds the table does not: a live class's panel opening beside it narrows
  // its column, the house rules opening above it push it down. The table fits itself again then, as when the
  // window changes (a fitting that changes nothing returns at once).
  const around = typeof ResizeObserver === "function" ? new ResizeObserver(onResize) : null;
  if (around) around.observe(el);
  let watched = null;
  function watchAround() {
    if (!around || watched === root.parentElement) return;
    around.disconnect();
    around.observe(el);
    for (let p = root.parentElement; p && p !== document.body; p = p.parentElement) around.observe(p);
    watched = root.parentElement;
  }

  function restoreFocus(key) {
    let target = null;
    if (key.toggle) target = controls.querySelector('[data-testid="show-legal"]');
    const acting = root.querySelector(".atout-seat.atout-to-act .atout-hand");
    if (!target && key.seat !== null && acting && acting.getAttribute("data-testid") !== `hand-${key.seat}`
        && currentState().can_act) {
      // The teacher plays every seat: follow the turn to the hand that is to act now.
      target = acting.querySelector('button[tabindex="0"]') || acting.querySelector("button");
    }
    if (!target && key.card) target = root.querySelector(`button[data-card="${key.card}"]`);
    if (!target && key.seat !== null) {
      const buttons = [...root.querySelectorAll(`.atout-hand[data-testid="hand-${key.seat}"] button`)];
      target = buttons[Math.min(key.index, buttons.length - 1)] || null;
    }
    if (!target && key.action) target = controls.querySelector(`button[data-action="${key.action}"]`);
    if (!target && key.action) {
      // The choice pressed is done and gone (Draw, once drawn): the keyboard goes on to a card that may be played,
      // never to another choice (Close the stock), which the next Enter would do at once and which cannot be undone.
      const legal = new Set(currentState().legal || []);
      target = [...root.querySelectorAll(".atout-hand button[data-card]")]
        .find((b) => legal.has(b.getAttribute("data-card"))) || null;
    }
    if (!target) target = controls.querySelector("button") || root.querySelector(".atout-hand button");
    if (target) {
      const hand = target.closest(".atout-hand");
      if (hand) rove([...hand.querySelectorAll("button")], [...hand.querySelectorAll("button")].indexOf(target), false);
      target.focus();
    }
  }

  // One draw for each update from Python, however many traits it changed at once.
  let pending = false;
  const redraw = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      draw();
    });
  };
  const newFaces = () => {
    parsed = new Map();
    slots = new Map();
    seatParts = new Map();
    trickFigures = new Map();
    pilesKey = null;
    lastTrick = { key: null, node: null };
    redraw();
  };
  model.on("change:state", redraw);
  model.on("change:faces", newFaces);
  model.on("change:announcement", redraw);
  model.on("change:refused", redraw);
  model.on("change:card_values", redraw);
  draw();
  return () => {
    window.removeEventListener("resize", onResize);
    if (around) around.disconnect();
    motionTimers.forEach(clearTimeout);
    timers.forEach(clearTimeout);
    model.off("change:state", redraw);
    model.off("change:faces", newFaces);
    model.off("change:announcement", redraw);
    model.off("change:refused", redraw);
    model.off("change:card_values", redraw);
  };
}

export default { render };
