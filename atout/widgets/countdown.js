// A live question's countdown as its readers see it tick. The kernel says how many seconds were left when it looked
// (``seconds``; below 0: no countdown) and this page counts down from there: its own clock may differ from the
// server's, so the page is never told an hour, only a length. Closing the question is the class's clock's affair
// (atout.live.classes): at zero the page says the time is up and its kernel draws the question closed.
function clock(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function render({ model, el }) {
  el.classList.add("atout-live-countdown");
  el.setAttribute("data-testid", "live-countdown");
  el.setAttribute("role", "timer");
  let deadline = null;
  let ticking = null;
  const tick = () => {
    const words = model.get("words") || {};
    if (deadline === null) {
      el.textContent = "";
      el.hidden = true;
      return;
    }
    const left = (deadline - performance.now()) / 1000;
    el.hidden = false;
    el.dataset.left = String(Math.max(0, Math.ceil(left)));
    el.classList.toggle("atout-live-countdown-over", left <= 0);
    el.textContent = left > 0 ? (words.left || "{time}").replace("{time}", clock(left)) : words.over || "";
    if (left <= 0) {
      window.clearInterval(ticking);
      ticking = null;
    }
  };
  const start = () => {
    window.clearInterval(ticking);
    ticking = null;
    const seconds = model.get("seconds");
    deadline = seconds >= 0 ? performance.now() + seconds * 1000 : null;
    if (deadline !== null) ticking = window.setInterval(tick, 250);
    tick();
  };
  start();
  model.on("change:seconds change:stamp", start);
  model.on("change:words", tick);
  return () => {
    window.clearInterval(ticking);
    model.off("change:seconds change:stamp", start);
    model.off("change:words", tick);
  };
}

export default { render };
