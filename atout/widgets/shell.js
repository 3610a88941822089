// The page shell (atout/widgets/shell.py): the header, the language chosen once, the page's state in its address,
// the heartbeat that keeps an open page's kernel, and the banner that says so when the kernel is gone.
// The languages the site speaks, each named in itself: the server's (``languages``), set as the shell is drawn.
let LANGUAGES = {};
const STORE = "atout.language.v1";
const COOKIE = "atout-lang";
// Kernel statuses after which the page's widgets are gone (kill -9: the server restarts the kernel empty under the
// same id; the page hears "autorestarting").
const GONE = new Set(["restarting", "autorestarting", "dead"]);
const RECONNECT_GRACE_MS = 4000;   // a connection back within this is a blip, not worth a banner
const HEARD_CHECK_MS = 5000;       // after asking a model's state again, how often the page checks it came

// --- every widget of the page keeps hearing its kernel ----------------------------------------------------------
// anywidget (0.9 to 0.11) gives each model 2 s from its creation to load and bind its module; a module that loads
// later (a busy laptop, a page with many widgets) still draws its view, so the page looks alive and its clicks are
// sent, but the model then drops every message the kernel sends it (each waits on a promise that was rejected):
// state changes and replies never arrive. The page's one shell finds every such model and mends it: its comm gets
// back ipywidgets' own handler (anywidget's adds only that wait, over by the time the view is drawn), and the model
// asks the kernel for its whole state again (ipywidgets' "request_state"), which brings back what was dropped. A
// model that cannot be mended, or hears nothing after asking, is said in the banner.
const PROBE = { content: { data: { method: "atout-probe" } }, buffers: [] };   // a method ipywidgets ignores

function baseHandler(model) {
  const own = model._handle_comm_msg;
  let proto = Object.getPrototypeOf(model);
  while (proto && proto._handle_comm_msg === own) proto = Object.getPrototypeOf(proto);
  return proto ? proto._handle_comm_msg : null;
}

function guardOf(manager) {
  if (manager.atoutGuard) return manager.atoutGuard;
  const guard = { mended: 0, deaf: 0, listeners: new Set(), seen: new WeakSet() };
  manager.atoutGuard = guard;
  const tell = () => guard.listeners.forEach((listener) => listener(guard));
  const waiting = new Set();    // models asked for their state again, not heard since
  const deaf = () => {
    guard.deaf += 1;
    tell();
  };
  const mend = (model) => {
    if (!model.comm_live) return;       // closed meanwhile (a lesson's step left at once): nothing left to hear
    const handler = baseHandler(model);
    if (!model.comm || typeof model.comm.on_msg !== "function" || !handler) {
      deaf();
      return;
    }
    model.comm.on_msg((message) => {
      waiting.delete(model);
      return handler.call(model, message);
    });
    model.once("comm:close destroy", () => waiting.delete(model));
    waiting.add(model);
    try {
      model.comm.send({ method: "request_state" }, {});
    } catch (error) {
      waiting.delete(model);
      deaf();
      return;
    }
    guard.mended += 1;
    tell();
  };
  const watch = (model) => {
    if (!model || guard.seen.has(model) || typeof model.get !== "function" || !model.get("_anywidget_id")) return;
    guard.seen.add(model);
    // Resolves once the model's module is bound; fails (at once, or when the 2 s are up) if it never will be.
    Promise.resolve(model._handle_comm_msg(PROBE)).catch(() => mend(model));
  };
  const register = manager.register_model.bind(manager);
  manager.register_model = (id, promise) => {
    register(id, promise);
    Promise.resolve(promise).then(watch, () => {});
  };
  for (const promise of Object.values(manager._models || {})) Promise.resolve(promise).then(watch, () => {});
  // Asked again but never heard, while its kernel is connected and idle: the page cannot trust this model.
  guard.unheard = () => waiting.size;
  guard.unheardNow = () => new Set(waiting);
  guard.stillUnheard = (models) => [...models].some((model) => waiting.has(model));
  return guard;
}

function stored() {
  try {
    const value = window.localStorage.getItem(STORE);
    return value in LANGUAGES ? value : null;
  } catch (error) {
    return null;
  }
}

function remember(lang) {
  try {
    window.localStorage.setItem(STORE, lang);
  } catch (error) {
    // Private browsing: the cookie below still carries the choice.
  }
  // The server passes this cookie on to the next page's kernel, which then draws the page in this language at once.
  document.cookie = `${COOKIE}=${lang}; path=/; max-age=31536000; SameSite=Lax`;
}

function browserLanguage() {
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (primary in LANGUAGES) return primary;
  }
  return null;
}

function inVoila() {
  return Boolean(document.body && document.body.dataset.voila === "voila");
}

// One banner per page, outside the notebook's cells (it stays when they are dimmed).
function banner() {
  let box = document.getElementById("atout-lost-banner");
  if (box) return box;
  box = document.createElement("div");
  box.id = "atout-lost-banner";
  box.className = "atout-lost-banner";
  box.setAttribute("role", "alert");
  box.setAttribute("data-testid", "lost-banner");
  box.hidden = true;
  const text = document.createElement("p");
  text.className = "atout-lost-text";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "atout-lost-reload";
  button.setAttribute("data-testid", "lost-reload");
  // Only for a fault inside Atout (the page still works): the banner goes, the page stays as it was.
  const carryOn = document.createElement("button");
  carryOn.type = "button";
  carryOn.className = "atout-carry-on";
  carryOn.setAttribute("data-testid", "fault-carry-on");
  carryOn.hidden = true;
  box.append(text, carryOn, button);
  document.body.prepend(box);
  return box;
}

function render({ model, el }) {
  LANGUAGES = model.get("languages") || {};
  el.classList.add("atout-shell");
  el.setAttribute("data-testid", "page-shell");
  const header = document.createElement("header");
  header.className = "atout-header";
  const nav = document.createElement("nav");
  nav.className = "atout-nav";
  const links = {};
  // The header's links, in order: the pages shell.py's HREFS names (one list, kept in Python).
  const NAV = Object.keys(model.get("hrefs") || {});
  for (const key of NAV) {
    const link = document.createElement("a");
    link.className = `atout-nav-link atout-nav-${key}`;
    link.dataset.page = key;
    link.href = (model.get("hrefs") || {})[key] || "#";
    if (key === model.get("page")) link.setAttribute("aria-current", "page");
    links[key] = link;
    nav.append(link);
  }
  const switcher = document.createElement("div");
  switcher.className = "atout-language-switch";
  switcher.setAttribute("role", "group");
  const buttons = {};
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const button = document.createElement("button");
    button.type = "button";
    button.lang = code;
    button.dataset.lang = code;
    button.textContent = name;      // each language named in itself
    button.addEventListener("click", () => choose(code));
    buttons[code] = button;
    switcher.append(button);
  }
  header.append(nav, switcher);
  const title = document.createElement("h1");
  title.className = "atout-page-title";
  const notices = document.createElement("div");
  notices.className = "atout-notices";
  notices.setAttribute("role", "status");
  notices.setAttribute("data-testid", "page-notices");
  el.append(header, title, notices);

  const words = () => (model.get("words") || {})[model.get("lang")] || (model.get("words") || {}).en || {};
  const draw = () => {
    const w = words();
    const lang = model.get("lang");
    nav.setAttribute("aria-label", w.site || "Atout");
    for (const key of NAV) links[key].textContent = w[`nav-${key}`] || key;
    switcher.setAttribute("aria-label", w.language || "Language");
    for (const [code, button] of Object.entries(buttons)) {
      button.setAttribute("aria-pressed", String(code === lang));
    }
    title.textContent = w.title || "";
    notices.replaceChildren(...(model.get("notices") || []).map((line) => {
      const p = document.createElement("p");
      p.className = "atout-notice";
      p.textContent = line;
      return p;
    }));
    if (inVoila()) document.documentElement.lang = lang;
    shown();
  };

  function choose(lang) {
    remember(lang);
    if (model.get("lang") !== lang) {
      model.set("lang", lang);
      model.save_changes();
    }
    draw();
  }


  // The page's state lives in its address: a reload (the banner's action), a bookmark or a shared link reopen it.
  const writeAddress = () => {
    if (!inVoila()) return;     // in JupyterLab the address is the notebook's, not ours
    const url = new URL(window.location.href);
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(model.get("address") || {})) {
      if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
    }
    url.search = params.toString();
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  };

  // --- the heartbeat and the kernel's fate ------------------------------------------------------------------
  let lost = null;          // null, "reconnecting", "lost" (the kernel is gone) or "deaf" (a widget cannot hear it)
  let faultShown = false;   // the banner says a fault inside Atout (until the learner carries on)
  // The banner says, first, that the kernel is gone or unheard; else why the class database fails (until it works
  // again: the kernel says so); else a fault inside Atout; else nothing.
  function shown() {
    if (lost) say(lost);
    else if (model.get("store_trouble")) say("store");
    else if (faultShown) say("fault");
    else {
      const box = document.getElementById("atout-lost-banner");
      if (box) box.hidden = true;
      document.body.classList.remove("atout-page-lost");
    }
    makeRoom();
  }
  // The store's banner may stay for minutes while the class goes on: the page moves down under it, so it hides
  // nothing (the name a student joined under, the projector's controls); the others cover the page they speak of.
  // (shell.css: the page's scrolling panel starts below the banner, as tall as the banner's height, kept here.)
  let roomObserver = null;
  function makeRoom() {
    const box = document.getElementById("atout-lost-banner");
    const room = () => {
      const store = Boolean(box && !box.hidden && box.dataset.kind === "store");
      document.documentElement.style.setProperty("--atout-banner-height", store ? `${box.offsetHeight}px` : "0px");
      document.body.classList.toggle("atout-store-failing", store);
    };
    if (box && !roomObserver && typeof ResizeObserver === "function") {
      roomObserver = new ResizeObserver(room);
      roomObserver.observe(box);
    }
    room();
  }
  let sent = 0;
  let answered = 0;
  let misses = 0;
  let kernel = null;
  let graceTimer = null;
  let hearing = null;       // the interval that checks every mended widget is heard again

  function say(kind) {
    const box = banner();
    const w = words();
    // The store's sentence comes from the kernel, in the page's language; the others are the shell's own words.
    box.querySelector(".atout-lost-text").textContent =
      kind === "store" ? model.get("store_trouble") : w[kind] || w.lost || "";
    const button = box.querySelector(".atout-lost-reload");
    button.textContent = w.reload || "Reload";
    button.hidden = kind === "store";       // a reload would not mend the store; the banner goes when it works
    button.onclick = () => {
      window.removeEventListener("beforeunload", confirmLeave);
      window.location.reload();
    };
    const carryOn = box.querySelector(".atout-carry-on");
    carryOn.textContent = w.carry_on || "Carry on";
    carryOn.hidden = kind !== "fault";
    carryOn.onclick = () => {
      faultShown = false;
      shown();
    };
    box.dataset.kind = kind;
    box.hidden = false;
    document.body.classList.toggle("atout-page-lost", kind !== "fault" && kind !== "store");
    makeRoom();
  }

  // A fault inside Atout while answering this page (the kernel put the page back as it was): said until carried on.
  let faultsSeen = model.get("faults") || 0;
  const faultSaid = () => {
    if ((model.get("faults") || 0) <= faultsSeen) return;
    faultsSeen = model.get("faults");
    if (lost) return;       // the kernel is gone or unheard: that banner says more
    faultShown = true;
    say("fault");
    banner().querySelector(".atout-carry-on").focus({ preventScroll: true });
  };

  // Lost and deaf are for good (the banner's Reload is the way on); reconnecting may pass.
  const over = () => lost === "lost" || lost === "deaf";

  function gone(kind) {
    // A page that cannot hear its kernel may learn later that the kernel is gone: that is the truer sentence.
    if (lost === "lost" || (lost === "deaf" && kind !== "lost")) return;
    const first = lost === null;
    lost = kind;
    faultShown = false;
    if (over()) {
      // Beat no more: a kernel the server restarted empty, or one this page cannot hear, must not be kept alive by
      // this page (the reload gets it a new one).
      window.clearInterval(beating);
      window.clearInterval(hearing);
      window.removeEventListener("beforeunload", confirmLeave);
    }
    say(kind);
    if (first) banner().querySelector(".atout-lost-reload").focus({ preventScroll: true });
  }

  function back() {
    if (lost !== "reconnecting") return;
    lost = null;
    shown();
  }

  const beat = () => {
    if (over()) return;
    // A kernel that is idle and connected but never answered the last beats is not this page's kernel any more
    // (it was replaced while the connection was down, so no status said so).
    if (kernel && sent > answered && kernel.connectionStatus === "connected" && kernel.status === "idle") {
      misses += 1;
      if (misses >= 3) {
        gone("lost");
        return;
      }
    } else {
      misses = 0;
    }
    sent += 1;
    model.send({ beat: sent });
  };
  // A beat sent after a widget asked for its state again is echoed after that state: the kernel answers a page's
  // messages in turn and its answers come back in turn, on one connection. Two such echoes heard, and the widget
  // still waiting, its state will not come (a page told in a second, not after three checks of HEARD_CHECK_MS).
  let probe = null;         // { beat, models, echoes }: the beat sent after the last ask, the widgets asked, echoes
  const sendProbe = () => {
    sent += 1;
    probe.beat = sent;
    model.send({ beat: sent });
  };
  const echo = (message) => {
    if (message && typeof message.beat === "number") {
      answered = Math.max(answered, message.beat);
      el.dataset.answered = String(answered);     // the kernel's last echo heard (for tests and curiosity)
      if (probe && message.beat >= probe.beat) {
        probe.echoes += 1;
        if (!guard.stillUnheard(probe.models)) probe = null;
        else if (probe.echoes >= 2) gone("deaf");
        else sendProbe();
      }
    }
  };
  model.on("msg:custom", echo);
  const beating = window.setInterval(beat, Math.max(250, (model.get("heartbeat_s") || 60) * 1000));
  beat();

  // The guard of this page's widgets (one per page, whichever shell came first); it reports here.
  const manager = model.widget_manager;
  const guard = manager && typeof manager.register_model === "function" ? guardOf(manager) : null;
  let unheardChecks = 0;
  const report = (found) => {
    el.dataset.mended = String(found.mended);
    if (found.deaf > 0) gone("deaf");
    else if (found.unheard() > 0 && !over()) {
      probe = { beat: 0, models: found.unheardNow(), echoes: 0 };
      sendProbe();
    }
  };
  const checkHeard = () => {
    if (!guard || lost) return;
    const idle = kernel && kernel.connectionStatus === "connected" && kernel.status === "idle";
    unheardChecks = guard.unheard() > 0 && idle ? unheardChecks + 1 : 0;
    if (unheardChecks >= 3) gone("deaf");
  };
  if (guard) {
    guard.listeners.add(report);
    report(guard);
    hearing = window.setInterval(checkHeard, HEARD_CHECK_MS);
  }

  const onStatus = (_sender, status) => {
    if (GONE.has(status)) gone("lost");
  };
  const onConnection = (_sender, status) => {
    window.clearTimeout(graceTimer);
    if (status === "disconnected") {
      gone("lost");
    } else if (status === "connecting") {
      graceTimer = window.setTimeout(() => gone("reconnecting"), RECONNECT_GRACE_MS);
    } else if (status === "connected") {
      back();
    }
  };
  const onMessage = (_sender, message) => {
    // Culled or shut down by the server: the kernel says goodbye on IOPub, and the connection stays open.
    if (message && message.header && message.header.msg_type === "shutdown_reply") gone("lost");
  };
  const onDisposed = () => gone("lost");
  const watch = () => {
    const app = window.jupyterapp;
    const found = app && app.widgetManager && app.widgetManager.kernel;
    if (!found) return false;
    kernel = found;
    kernel.statusChanged.connect(onStatus);
    kernel.connectionStatusChanged.connect(onConnection);
    kernel.iopubMessage.connect(onMessage);
    kernel.disposed.connect(onDisposed);
    holdDispose(kernel);
    if (GONE.has(kernel.status) || kernel.connectionStatus === "disconnected") gone("lost");
    return true;
  };
  let looking = null;
  if (inVoila() && !watch()) {
    looking = window.setInterval(() => watch() && window.clearInterval(looking), 100);
  }

  // Leaving a page that holds unfinished work asks first. Voilà's own beforeunload handler (registered before this
  // page's, so it runs first) gives the kernel back and closes its connection even when the learner then chooses to
  // stay: while a leave may be refused, what it does is held back, and done when the page really goes (pagehide).
  const holding = () => Boolean(model.get("confirm_leave")) && !lost;
  let heldBeacon = null;
  let heldDispose = null;
  // Once the page goes, its kernel connection is disposed. A reconnect still under way then (the server had just
  // restarted a killed kernel, and the learner pressed Reload at once) fails with "Kernel connection disconnected", a
  // promise JupyterLab leaves unawaited: that is the page going, not a fault, and is not reported as one.
  let going = false;
  const quietAsItGoes = (event) => {
    if (going && event.reason && event.reason.message === "Kernel connection disconnected") event.preventDefault();
  };
  window.addEventListener("unhandledrejection", quietAsItGoes);
  const sendBeacon = navigator.sendBeacon.bind(navigator);
  const holdingBeacon = (url, data) => {
    if (holding() && String(url).includes("/api/shutdown/")) {
      heldBeacon = [url, data];
      return true;
    }
    return sendBeacon(url, data);
  };
  navigator.sendBeacon = holdingBeacon;
  function holdDispose(connection) {
    const dispose = connection.dispose.bind(connection);
    connection.dispose = () => {
      if (holding()) {
        heldDispose = dispose;
        return;
      }
      going = true;
      dispose();
    };
  }
  function confirmLeave(event) {
    if (!holding()) return;
    event.preventDefault();
    event.returnValue = "";
  }
  const giveBack = () => {
    if (heldBeacon) sendBeacon(...heldBeacon);
    if (heldDispose) {
      going = true;
      heldDispose();
    }
    heldBeacon = heldDispose = null;
  };
  window.addEventListener("beforeunload", confirmLeave);
  window.addEventListener("pagehide", giveBack);

  const leaveMark = () => { el.dataset.confirmLeave = String(Boolean(model.get("confirm_leave"))); };
  model.on("change:confirm_leave", leaveMark);
  leaveMark();
  model.on("change:lang", draw);
  model.on("change:words", draw);
  model.on("change:notices", draw);
  model.on("change:faults", faultSaid);
  model.on("change:store_trouble", shown);
  model.on("change:address", writeAddress);

  // The language, chosen once: an address that names one is remembered; else what this browser chose before;
  // else (when the server could not tell) the browser's own languages. Here, once everything the drawing reads is
  // set up: choosing draws the page (it drew the banner's state before that state existed, and the page stopped).
  const source = model.get("lang_source");
  const before = stored();
  if (source === "address") {
    remember(model.get("lang"));
  } else if (before && before !== model.get("lang")) {
    choose(before);
  } else if (!before && source === "default") {
    const wanted = browserLanguage();
    if (wanted && wanted !== model.get("lang")) {
      model.set("lang", wanted);
      model.save_changes();
    }
  }
  draw();
  writeAddress();

  return () => {
    window.clearInterval(beating);
    window.clearInterval(looking);
    window.clearInterval(hearing);
    if (roomObserver) roomObserver.disconnect();
    if (guard) guard.listeners.delete(report);
    window.clearTimeout(graceTimer);
    model.off("msg:custom", echo);
    model.off("change:lang", draw);
    model.off("change:words", draw);
    model.off("change:notices", draw);
    model.off("change:faults", faultSaid);
    model.off("change:store_trouble", shown);
    model.off("change:address", writeAddress);
    model.off("change:confirm_leave", leaveMark);
    window.removeEventListener("beforeunload", confirmLeave);
    window.removeEventListener("pagehide", giveBack);
    window.removeEventListener("unhandledrejection", quietAsItGoes);
    if (navigator.sendBeacon === holdingBeacon) navigator.sendBeacon = sendBeacon;
    if (kernel) {
      kernel.statusChanged.disconnect(onStatus);
      kernel.connectionStatusChanged.disconnect(onConnection);
      kernel.iopubMessage.disconnect(onMessage);
      kernel.disposed.disconnect(onDisposed);
    }
  };
}

export default { render };
