// The projector's explanation beside the walk-through's table (atout.widgets.stepper.StepExplanation): the step's
// sentence and rule, in a column as wide as the walk-through's longest explanation needs to end inside the window.
// The width is found once for every step of the walk-through (each step's words laid out at a trial width, the
// tallest one kept), so the column and the cards beside it keep their size from one step to the next; the table
// fits its cards to the width left (it watches its own width).

const MARGIN = 8;           // px kept free under the explanation, as the table keeps under itself
const TRIALS = 8;

// Where `node` starts on the page, however its scrolling containers are scrolled now (as the table measures it).
function pageTop(node) {
  let top = node.getBoundingClientRect().top + window.scrollY;
  for (let p = node.parentElement; p; p = p.parentElement) top += p.scrollTop;
  return top;
}

function render({ model, el }) {
  const shown = document.createElement("div");
  shown.className = "atout-step-shown";
  // Every step's words, laid out on top of one another to find the tallest at a trial width; filled only while
  // measuring (in one go, never painted), so the page never holds a second copy of a sentence.
  const ruler = document.createElement("div");
  ruler.className = "atout-step-ruler";
  ruler.setAttribute("aria-hidden", "true");
  el.append(shown, ruler);

  const draw = () => { shown.innerHTML = model.get("value"); };

  let fitKey = null;
  let waited = 0;
  let pending = false;
  let watch = () => {};

  // The width and the type size chosen are the stylesheet's variables (its rule outranks the layout's own width).
  const release = () => {
    el.removeAttribute("data-width");
    el.style.removeProperty("--atout-side-width");
    el.style.removeProperty("--atout-side-scale");
  };
  const widen = (px) => {
    el.setAttribute("data-width", String(Math.round(px)));
    el.style.setProperty("--atout-side-width", `${px}px`);
  };
  const scale = (factor) => el.style.setProperty("--atout-side-scale", String(factor));

  // Least first: the column at its narrowest; else wider, up to the share the stylesheet allows (`--atout-side-widest`:
  // the table beside it needs the rest); else smaller type, down to the stylesheet's floor (the projector's 28 px).
  function fit() {
    const body = el.parentElement;
    if (!el.isConnected || !body) {
      if (waited++ < 600) fitLater();      // not on the page yet: try again at the next frame
      return;
    }
    watch();      // shown later, or the room above it changing: fitted again then
    // Hidden (the classroom in Play), or the explanation under the table (a narrow window wraps it): no column.
    if (el.offsetParent === null || getComputedStyle(body).flexWrap === "wrap") {
      release();
      fitKey = null;
      if (el.offsetParent !== null) fitted();
      return;
    }
    const every = model.get("every");
    const limit = window.innerHeight - pageTop(el) + window.scrollY - MARGIN;
    const key = JSON.stringify([every, window.innerWidth, window.innerHeight, body.clientWidth, Math.round(limit)]);
    if (key === fitKey) return;
    fitKey = key;
    release();
    ruler.innerHTML = every.map((html) => `<div class="atout-step-measured">${html}</div>`).join("");
    const fits = () => ruler.scrollHeight <= limit;
    // From the column's narrowest (its width beside the widest table of the walk-through), the same at every step.
    const style = getComputedStyle(el);
    const least = parseFloat(style.minWidth) || el.getBoundingClientRect().width;
    widen(least);
    if (!fits()) {
      const widest = Math.max(least, body.clientWidth * (parseFloat(style.getPropertyValue("--atout-side-widest")) || 0));
      widen(widest);
      if (fits()) {
        let [low, high] = [least, widest];
        for (let i = 0; i < TRIALS; i++) {
          const mid = (low + high) / 2;
          widen(mid);
          if (fits()) high = mid;
          else low = mid;
        }
        widen(Math.ceil(high));
      } else {
        let [low, high] = [0.4, 1];        // below the floors the stylesheet keeps the type as it is
        for (let i = 0; i < TRIALS; i++) {
          const mid = (low + high) / 2;
          scale(mid);
          if (fits()) low = mid;
          else high = mid;
        }
        scale(Math.floor(low * 1000) / 1000);
      }
    }
    ruler.textContent = "";
    fitted();
  }

  // For the page's tests: the window this explanation was last fitted to (the table beside it then fits what is left).
  function fitted() {
    el.setAttribute("data-fitted", `${window.innerWidth}x${window.innerHeight}`);
  }

  function fitLater() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      fit();
    });
  }

  draw();
  fitLater();
  model.on("change:value", draw);
  model.on("change:every", fitLater);
  window.addEventListener("resize", fitLater);
  // The room above the explanation changes with the window kept: the classroom's bars wrap in another language,
  // the house rules open, the classroom comes back from Play; its ancestors' sizes say so.
  const around = typeof ResizeObserver === "function" ? new ResizeObserver(fitLater) : null;
  let watched = null;
  watch = () => {
    if (!around || watched === el.parentElement) return;
    around.disconnect();
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) around.observe(p);
    watched = el.parentElement;
  };
  return () => {
    window.removeEventListener("resize", fitLater);
    if (around) around.disconnect();
  };
}

export default { render };
