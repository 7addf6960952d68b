// The debug pane's Push panel, drawn from status.push:
//
//   status.push: { deviceToken, voipToken, gateway, incomingCall, voipPushesStopped, held }
//     the app's tokens (hex, null until it registered), the APNs gateway's URL (null when none
//     runs), and why a push is held back (offline, lowPowerMode, throttled).
//
// Send delivers the payload as the system would from APNs (`push json '…'`, or `push voip '…'`
// for a PushKit push); the curl line is the same push through the gateway, for a terminal.
const $ = (selector) => document.querySelector(selector);

/** A command-line word in single quotes, whatever the JSON holds: `'{"a":"it'\''s"}'`. */
const singleQuoted = (text) => `'${text.replace(/'/g, "'\\''")}'`;

const examples = {
  background: '{"aps":{"content-available":1}}',
  alert: '{"aps":{"alert":"Hello from the push gateway"}}',
  voip: '{"caller":"Ray"}',
};

export function createPushPanel({ send }) {
  let push = null;
  const type = $("#push-type");
  const payload = $("#push-payload");
  payload.value = examples[type.value];
  type.addEventListener("change", () => {
    payload.value = examples[type.value];
    showCurl();
  });
  payload.addEventListener("input", showCurl);
  $("#push-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const json = payload.value.trim();
    if (!json) return;
    send(`${type.value === "voip" ? "push voip" : "push json"} ${singleQuoted(json)}`);
  });

  /** The same push through the gateway, as a provider would send it with curl. */
  function showCurl() {
    const token = type.value === "voip" ? push?.voipToken : push?.deviceToken;
    const curl = $("#push-curl");
    if (!push?.gateway || !token) {
      curl.textContent = push?.gateway ? "The app has not registered for these pushes yet." : "No push gateway runs (--push-port 0).";
      return;
    }
    const headers = type.value === "voip"
      ? "-H 'apns-push-type: voip' -H 'apns-topic: com.raywenderlich.TheBackgrounder.voip'"
      : type.value === "background" ? "-H 'apns-push-type: background' -H 'apns-priority: 5'" : "-H 'apns-push-type: alert'";
    curl.textContent = `curl --http2 --cacert push/gateway.pem ${headers} -d ${singleQuoted(payload.value.trim())} ${push.gateway}/3/device/${token}`;
  }

  function update(status) {
    push = status.push ?? null;
    const facts = {
      "push-device-token": push?.deviceToken ?? "not registered",
      "push-voip-token": push?.voipToken ?? "not registered",
      "push-gateway": push?.gateway ?? "none",
      "push-held": push?.held ?? (push?.voipPushesStopped ? "VoIP pushes stopped" : "nothing"),
    };
    for (const [id, text] of Object.entries(facts)) {
      if ($(`#${id}`).textContent !== text) $(`#${id}`).textContent = text;
    }
    showCurl();
  }

  return { update };
}
