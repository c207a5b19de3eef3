// The live inspector's script, inlined by InspectorPage. It opens the WebSocket named by the
// page's own URL (with its token), shows the cards, base state and state trees the server
// renders (PageRenderer escapes every payload in them), and sends the page's requests. Any
// other text it shows is set with textContent, never as markup. Steps are positions in the
// history, the first action step 1, as in the API; requests name an entry by its data-id, so
// they act on the entry that was clicked even if the history moved since.
(() => {
  const $ = id => document.getElementById(id);
  const token = new URLSearchParams(location.search).get("token") || "";
  const entries = $("entries"), base = $("base");
  let socket = null, status = {}, current = 0, following = true, shownID = null;

  const cards = () => [...entries.querySelectorAll(":scope > li.card")];
  const send = request => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(request));
  };
  const showError = text => { $("error").textContent = text; $("error").hidden = !text; };

  function controls(card, isBase) {
    card.querySelector(".controls")?.remove();
    const bar = document.createElement("span");
    bar.className = "controls";
    const buttons = isBase ? [["jump", "Jump"], ["state", "State"]] : [
      ["jump", "Jump"], ["skip", card.classList.contains("skipped") ? "Include" : "Skip"],
      ["up", "↑"], ["down", "↓"], ["state", "State"]];
    for (const [action, label] of buttons) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = action;
      button.textContent = label;
      bar.append(button);
    }
    card.querySelector(".meta").append(bar);
  }

  function refresh() {
    cards().forEach((card, index) => {
      const step = index + 1;
      card.id = "action-" + step;
      card.dataset.step = String(step);
      card.querySelector(".index").textContent = "#" + step;
      card.classList.toggle("current", step === current);
      controls(card, false);
    });
    const baseCard = base.querySelector(".card");
    if (baseCard) { baseCard.classList.toggle("current", current === 0); controls(baseCard, true); }
    filter();
    const count = cards().length;
    document.documentElement.dataset.count = String(count);
    document.documentElement.dataset.current = String(current);
    const parts = [count + " action" + (count === 1 ? "" : "s"), "showing step " + current,
      status.recording ? "recording" : "recording paused", "capacity " + status.capacity];
    if (status.locked) parts.push("changes locked (" + status.ignored + " ignored)");
    if (status.event) parts.push("last change: " + status.event);
    $("status").textContent = parts.join(" · ");
    $("record").textContent = status.recording ? "Pause recording" : "Resume recording";
    $("lock").textContent = status.locked ? "Unlock changes" : "Lock changes";
    if (document.activeElement !== $("capacity")) $("capacity").value = status.capacity;
    if (following) requestState(current === 0 ? "0" : cards()[current - 1]?.dataset.id);
  }

  function requestState(id) {
    if (id === undefined) return;
    shownID = id;
    send({ op: "state", id: Number(id) });
  }

  function filter() {
    const text = $("filter").value.trim().toLowerCase();
    for (const card of cards()) {
      card.hidden = text !== "" && !card.dataset.type.toLowerCase().includes(text);
    }
  }

  const handlers = {
    snapshot(message) {
      base.innerHTML = message.base;
      entries.innerHTML = message.cards;
      handlers.status(message);
    },
    append(message) {
      const incoming = document.createElement("template");
      incoming.innerHTML = message.cards;
      for (const card of incoming.content.querySelectorAll("li.card")) {
        entries.querySelector(`:scope > li[data-id="${card.dataset.id}"]`)?.remove();
      }
      const atBottom = entries.parentElement.scrollTop + entries.parentElement.clientHeight
        >= entries.parentElement.scrollHeight - 4;
      entries.append(incoming.content);
      const all = cards();
      all.slice(0, Math.max(0, all.length - message.count)).forEach(card => card.remove());
      if (message.base) base.innerHTML = message.base;
      handlers.status(message);
      if (atBottom) entries.parentElement.scrollTop = entries.parentElement.scrollHeight;
    },
    status(message) {
      current = message.current;
      status = message.status;
      refresh();
    },
    dropped(message) {
      $("dropped").textContent = message.count + " updates were dropped because this page "
        + "fell behind; it now shows the history as it is.";
      $("dropped").hidden = false;
    },
    state(message) {
      if (String(message.id) !== String(shownID)) return;
      $("state-tree").innerHTML = message.tree;
      const card = message.id === 0 ? null
        : entries.querySelector(`:scope > li[data-id="${message.id}"]`);
      $("state-title").textContent = card ? "State after step " + card.dataset.step
        : message.id === 0 ? "Base state" : "State";
    },
    export(message) {
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([message.text], { type: "application/jsonl" }));
      link.download = "session.jsonl";
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    },
    error(message) { showError(message.message); },
  };

  document.addEventListener("click", event => {
    const button = event.target.closest("button");
    if (!button) return;
    const card = button.closest(".card");
    if (card && button.dataset.action) {
      const id = Number(card.dataset.id);
      const action = button.dataset.action;
      if (action === "jump") send({ op: "jump", id });
      if (action === "skip") send({ op: card.classList.contains("skipped") ? "include" : "skip", id });
      if (action === "up" || action === "down") send({ op: "move", id, by: action === "up" ? -1 : 1 });
      if (action === "state") { following = false; requestState(String(id)); }
      return;
    }
    if (button.dataset.op) { send({ op: button.dataset.op }); if (button.dataset.op === "latest") following = true; }
    if (button.id === "record") send({ op: "record", on: !status.recording });
    if (button.id === "lock") send({ op: "lock", on: !status.locked });
    if (button.id === "set-capacity") send({ op: "capacity", value: $("capacity").value });
    if (button.id === "export") send({ op: "export" });
    if (button.id === "skip-range" || button.id === "include-range") {
      const all = cards();
      const from = all[Number($("range-from").value) - 1], to = all[Number($("range-to").value) - 1];
      if (!from || !to) return showError("choose two steps from 1 to " + all.length);
      send({ op: button.id === "skip-range" ? "skipRange" : "includeRange",
        from: Number(from.dataset.id), to: Number(to.dataset.id) });
    }
  });

  $("dispatch").addEventListener("submit", event => {
    event.preventDefault();
    showError("");
    send({ op: "dispatch", type: $("dispatch-type").value, json: $("dispatch-json").value });
  });
  $("filter").addEventListener("input", filter);
  for (const [id, op] of [["import", "import"], ["import-actions", "importActions"]]) {
    $(id).addEventListener("change", async event => {
      const file = event.target.files[0];
      if (file) send({ op, text: await file.text() });
      event.target.value = "";
    });
  }

  function connect() {
    socket = new WebSocket(`ws://${location.host}/socket?token=${encodeURIComponent(token)}`);
    socket.onopen = () => { $("connection").textContent = "live"; $("connection").dataset.state = "live"; };
    socket.onmessage = event => {
      const message = JSON.parse(event.data);
      handlers[message.kind]?.(message);
    };
    socket.onclose = event => {
      $("connection").textContent = "disconnected" + (event.reason ? ": " + event.reason : "");
      $("connection").dataset.state = "closed";
      setTimeout(connect, 2000);
    };
  }
  connect();
})();
