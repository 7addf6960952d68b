// The page talks to the system, never to the app: status, console and command lines over
// HTTP, and live updates over a WebSocket that reconnects by itself.

async function getJSON(path) {
  const response = await fetch(path, { cache: "no-store" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

/** The device's status: state, assertions, screens' snapshots… */
export const fetchStatus = () => getJSON("/api/status");

/** The energy accounts and the timeline of the last `seconds`: {status, timeline}. */
export const fetchEnergy = (seconds = 300) => getJSON(`/api/energy?seconds=${seconds}`);

/** The command table: each command's usage and help. */
export const fetchCommands = () => getJSON("/api/commands");

/** The app: its name and the tabs its phone shows (none named: every screen it publishes). */
export const fetchApp = () => getJSON("/api/app");

/** The rules of the running profile: [{id, statement, eras, origin, source, test}]. */
export const fetchRules = () => getJSON("/api/rules");

/** The last `limit` console lines after sequence `after`. */
export const fetchConsole = (after = 0, limit = 2000) => getJSON(`/api/console?after=${after}&limit=${limit}`);

/** Runs a command line as the headless console would: resolves to {ok, output?, error?}. */
export async function runCommand(line) {
  try {
    const response = await fetch("/api/command", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ line }),
    });
    const reply = await response.json();
    return response.ok ? reply : { ok: false, error: reply.error ?? `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, error: `backgrounder did not answer (${error.message})` };
  }
}

/**
 * Follows the live updates: `onEvent` gets each message ({type: "status" | "state" | "console"}),
 * `onConnection(true|false)` the connection's ups and downs. `after()` gives the last console
 * sequence seen, so a reconnection misses no line and repeats none.
 */
export function followLive({ after, onEvent, onConnection }) {
  let delay = 250;
  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws?after=${after()}`);
    socket.onopen = () => { delay = 250; onConnection(true); };
    socket.onmessage = (message) => onEvent(JSON.parse(message.data));
    socket.onclose = () => {
      onConnection(false);
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 4000);
    };
  };
  connect();
}
