// The results' download button of a live class: the page asks the kernel for the file when the button is pressed,
// and saves the text the kernel sends back (a blob, named by the kernel), within the press's user activation.
function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-widgets jupyter-button widget-button atout-download-button";
  button.setAttribute("data-testid", "live-download");
  const draw = () => {
    button.textContent = model.get("label");
    button.disabled = model.get("disabled");
  };
  draw();
  model.on("change:label", draw);
  model.on("change:disabled", draw);
  button.addEventListener("click", () => model.send({ type: "export" }));
  const save = (message) => {
    if (!message || message.type !== "file") return;
    const url = URL.createObjectURL(new Blob([message.text], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = message.filename;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  };
  model.on("msg:custom", save);
  el.appendChild(button);
  return () => {
    model.off("msg:custom", save);
    model.off("change:label", draw);
    model.off("change:disabled", draw);
  };
}

export default { render };
