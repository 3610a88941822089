// What a live class keeps in this browser (localStorage), so that a page reloaded, or opened again, comes back to
// its class as the same person: the teacher's key of the class this browser runs, and each class's student token.
// The page hands them to its kernel as it opens, and the kernel decides (a key it does not know opens nothing). None
// of it is ever written on the page: the teacher's screen is the class's projector.
//
// Two views of this module (the model's ``role``):
// * "keys", hidden, on every page with a live class: hands the kernel what is kept, with the browser's time zone and
//   a ticket the address brings (a teacher's link for another computer: #atout-teacher=…, taken out of the address
//   at once); keeps what the kernel says to keep; says the student's page is still open every ``here_every_s``
//   seconds, and that it is closing when it goes.
// * "copy", the teacher's button that copies a link for another computer: the kernel makes a one-use ticket when it
//   is pressed, and the link (this page's address with the ticket) goes to the clipboard, never to the screen.
const STORE = "atout.live.v1";
const TICKET = "atout-teacher";
const MAX_CLASSES = 4;     // student tokens kept: the latest classes this browser joined

function load() {
  try {
    const value = JSON.parse(window.localStorage.getItem(STORE) || "{}");
    if (value && typeof value === "object") {
      return {
        teacher: value.teacher && typeof value.teacher.token === "string" ? value.teacher : null,
        students: Array.isArray(value.students)
          ? value.students.filter((s) => s && typeof s.code === "string" && typeof s.token === "string")
          : [],
      };
    }
  } catch (error) {
    // Unreadable: as if nothing were kept.
  }
  return { teacher: null, students: [] };
}

function save(kept) {
  try {
    window.localStorage.setItem(STORE, JSON.stringify(kept));
    return true;
  } catch (error) {
    return false;     // private browsing or a full store: the class lasts as long as the page
  }
}

function takeTicket() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const ticket = fragment.get(TICKET);
  if (ticket === null) return null;
  fragment.delete(TICKET);
  const url = new URL(window.location.href);
  url.hash = fragment.toString();
  window.history.replaceState(window.history.state, "", url.href.replace(/#$/, ""));
  return ticket;
}

function timeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    return "";
  }
}

function renderKeys({ model, el }) {
  el.hidden = true;
  el.classList.add("atout-live-keys");
  el.setAttribute("data-testid", "live-keys");
  const ticket = takeTicket();
  const kept = load();
  model.send({
    type: "open",
    ticket,
    teacher: kept.teacher ? kept.teacher.token : null,
    students: kept.students.slice(0, MAX_CLASSES).map((s) => [s.code, s.token]),
    zone: timeZone(),
  });
  const mark = (now) => {
    // For the tests and the curious: which classes this browser keeps a place in (their codes, never a token).
    el.dataset.teacher = now.teacher ? now.teacher.code : "";
    el.dataset.students = now.students.map((s) => s.code).join(" ");
  };
  mark(kept);
  const heard = (message) => {
    if (!message || typeof message.type !== "string") return;
    const now = load();
    if (message.type === "keep-teacher") {
      now.teacher = { code: message.code, token: message.token };
    } else if (message.type === "forget-teacher") {
      now.teacher = null;
    } else if (message.type === "keep-student") {
      now.students = [{ code: message.code, token: message.token },
        ...now.students.filter((s) => s.code !== message.code)].slice(0, MAX_CLASSES);
    } else if (message.type === "forget-student") {
      now.students = now.students.filter((s) => s.code !== message.code);
    } else {
      return;
    }
    save(now);
    mark(now);
  };
  model.on("msg:custom", heard);

  // A page whose kernel has gone cannot send: the page's shell says so in its banner; nothing to add here.
  const tell = (message) => {
    try {
      model.send(message);
    } catch (error) {
      // the connection is closed
    }
  };
  let beating = null;
  const here = () => tell({ type: "here" });
  const presence = () => {
    window.clearInterval(beating);
    beating = null;
    const every = model.get("here_every_s");
    if (every > 0) beating = window.setInterval(here, every * 1000);
  };
  presence();
  model.on("change:here_every_s", presence);
  const leaving = () => {
    if (model.get("here_every_s") > 0) tell({ type: "leave" });
  };
  window.addEventListener("pagehide", leaving);
  return () => {
    window.clearInterval(beating);
    model.off("msg:custom", heard);
    model.off("change:here_every_s", presence);
    window.removeEventListener("pagehide", leaving);
  };
}

// The clipboard: the asynchronous API where the page may use it (HTTPS, localhost), else the older command, which a
// school's plain-HTTP server still allows within the press.
async function copy(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (error) {
      // fall through to the older way
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.setAttribute("aria-hidden", "true");
  area.style.position = "fixed";
  area.style.opacity = "0";
  area.style.pointerEvents = "none";
  area.style.left = "-9999px";
  document.body.appendChild(area);
  area.select();
  let done = false;
  try {
    done = document.execCommand("copy");
  } catch (error) {
    done = false;
  }
  area.remove();
  return done;
}

function renderCopy({ model, el }) {
  el.classList.add("atout-live-copy");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-widgets jupyter-button widget-button atout-live-copy-button";
  button.setAttribute("data-testid", "live-copy-link");
  const said = document.createElement("p");
  said.className = "atout-live-copy-said";
  said.setAttribute("role", "status");
  said.setAttribute("data-testid", "live-copy-said");
  const words = () => model.get("words") || {};
  const draw = () => {
    button.textContent = words().button || "";
  };
  draw();
  model.on("change:words", draw);
  button.addEventListener("click", () => {
    said.textContent = "";
    delete said.dataset.outcome;
    model.send({ type: "handover" });
  });
  const heard = async (message) => {
    if (!message || message.type !== "ticket" || typeof message.ticket !== "string") return;
    const url = new URL(window.location.href);
    url.hash = `${TICKET}=${encodeURIComponent(message.ticket)}`;
    const done = await copy(url.href);
    said.textContent = done ? words().copied || "" : words().refused || "";
    said.dataset.outcome = done ? "copied" : "refused";
    said.classList.toggle("atout-error", !done);
  };
  model.on("msg:custom", heard);
  el.append(button, said);
  return () => {
    model.off("change:words", draw);
    model.off("msg:custom", heard);
  };
}

function render(context) {
  return context.model.get("role") === "copy" ? renderCopy(context) : renderKeys(context);
}

export default { render };
