// VoIP: address and port, Connect, and the received log ("Providing VoIP Services").
import { h, group, cell, button, valueCell } from "../ui.js";

/** "connected to 127.0.0.1:10000", "reconnecting in 1.3 s (Connection refused)", … */
function describeConnection(connection) {
  if (!connection) return null;
  const parts = [connection.state];
  if (connection.endpoint) parts.push(connection.endpoint);
  if (connection.nextAttemptIn !== null && connection.nextAttemptIn !== undefined) {
    parts.push(`next attempt in ${Number(connection.nextAttemptIn).toFixed(1)} s`);
  }
  if (connection.lastError) parts.push(`(${connection.lastError})`);
  return parts.join(" ");
}

export default {
  name: "voip",
  title: "VoIP",
  build(root, app) {
    const host = h("input", { type: "text", value: "127.0.0.1", autocomplete: "off", spellcheck: "false", "aria-label": "Address", "data-testid": "voip-host" });
    const port = h("input", { type: "number", value: "10000", min: "1", max: "65535", "aria-label": "Port", "data-testid": "voip-port" });
    const connect = button("Connect", () => app.send(`voip connect ${host.value.trim()} ${port.value.trim()}`), { testid: "voip-connect" });
    const disconnect = button("Disconnect", () => app.send("voip disconnect"), { secondary: true });
    const connection = valueCell("Connection", "voip-connection");
    const log = h("pre", { class: "log", "data-testid": "voip-log" });
    root.append(
      group("Server", cell("Address", host), cell("Port", port)),
      h("div", { class: "actions" }, connect, disconnect),
      group(null, connection.element),
      group("Received", log),
    );
    return (snapshot) => {
      const editing = document.activeElement === host || document.activeElement === port;
      if (snapshot && !editing) {
        host.value = snapshot.address;
        port.value = snapshot.port;
      }
      connection.set(describeConnection(snapshot?.connection));
      const text = Array.isArray(snapshot?.log) ? snapshot.log.join("\n") : "";
      if (log.textContent !== text) {
        log.textContent = text;
        log.scrollTop = log.scrollHeight;
      }
    };
  },
};
