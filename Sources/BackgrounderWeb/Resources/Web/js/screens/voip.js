// VoIP: address and port, Connect, and the received log ("Providing VoIP Services").
import { h, group, cell, button, pick, snapshotView } from "../ui.js";

export default {
  name: "voip",
  title: "VoIP",
  build(root, app) {
    const host = h("input", { type: "text", value: "127.0.0.1", autocomplete: "off", spellcheck: "false", "aria-label": "Address" });
    const port = h("input", { type: "number", value: "10000", min: "1", max: "65535", "aria-label": "Port" });
    const connect = button("Connect", () => app.send(`voip connect ${host.value.trim()} ${port.value.trim()}`), { testid: "voip-connect" });
    const disconnect = button("Disconnect", () => app.send("voip disconnect"), { secondary: true });
    const log = h("pre", { class: "log", "data-testid": "voip-log" });
    const snapshot = snapshotView();
    root.append(
      group("Server", cell("Address", host), cell("Port", port)),
      h("div", { class: "actions" }, connect, disconnect),
      group("Received", log),
      snapshot.element,
    );
    return (state) => {
      const lines = pick(state, "log", "events", "received");
      log.textContent = Array.isArray(lines) ? lines.join("\n") : "";
      snapshot.show(state);
    };
  },
};
