// Notification banners and permission alerts over the phone, drawn from status fields:
//
//   status.screens.notifications.delivered: [{ id, alertBody, action, answered, actions? }]
//     the notification center's latest notifications, newest last; the three newest not yet
//     answered show as banners, and the action's button runs `notification answer ID` (the
//     VoIP call's "Answer", which brings the app to the foreground). A notification of a
//     category has its category's buttons instead, `actions: [{ identifier, title, options }]`,
//     each running `notification answer ID IDENTIFIER`.
//   status.alerts: [{ id, title, message, buttons: [{ title, command }] }]
//     the system alerts waiting for an answer (the location and notification permission
//     prompts); the first shows while the app is on screen, and a button runs its command line
//     (`location authorize always`; `location precise off` is the Precise switch).
//   status.continuedProcessingTasks: [{ identifier, title, subtitle, state, completedUnitCount,
//     totalUnitCount, fractionCompleted }]
//     the Live Activities of continued processing tasks (iOS 26), shown whatever the app's
//     state; Stop runs `device stop-task ID`, the user's tap that expires the task.
import { h } from "./ui.js";

const $ = (selector) => document.querySelector(selector);

export function createOverlays({ send }) {
  // Kept for this page only: notification numbers start over when the app's process does.
  const dismissed = new Set();
  let shownBanners = "";
  let shownAlert = "";
  let shownActivities = "";

  // Each task's Live Activity is made once and updated in place, so that its Stop button is the
  // same element from one progress update to the next: a tap that lands while the progress moves
  // is not lost to a button replaced under it.
  const activityViews = new Map();

  function liveActivityView(task) {
    const fill = h("div");
    const bar = h("div", { class: "progress", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": 100 }, fill);
    const title = h("span");
    const subtitle = h("small", { "data-testid": "live-activity-subtitle" });
    const element = h("article", { class: "live-activity", "data-testid": "live-activity" },
      h("strong", {}, h("img", { src: "icon.svg", width: 16, height: 16, alt: "" }), title),
      subtitle,
      h("button", { type: "button", "data-testid": "live-activity-stop", title: `Stop ${task.identifier}`,
        onclick: () => send(`device stop-task ${task.identifier}`) }, "Stop"),
      bar);
    return { element, title, subtitle, bar, fill };
  }

  function showLiveActivity(view, task) {
    const known = task.totalUnitCount > 0;
    view.element.dataset.state = task.state;
    view.title.textContent = task.title ?? "";
    view.subtitle.textContent = task.state === "queued" ? "Waiting to start" : task.subtitle ?? "";
    if (known) view.bar.setAttribute("aria-valuenow", Math.round(task.fractionCompleted * 100));
    else view.bar.removeAttribute("aria-valuenow");
    view.fill.style.width = `${known ? task.fractionCompleted * 100 : 0}%`;
  }

  function updateLiveActivities(status) {
    const tasks = Array.isArray(status.continuedProcessingTasks) ? status.continuedProcessingTasks : [];
    const key = JSON.stringify(tasks);
    if (key === shownActivities) return;
    shownActivities = key;
    const elements = tasks.map((task) => {
      if (!activityViews.has(task.identifier)) activityViews.set(task.identifier, liveActivityView(task));
      const view = activityViews.get(task.identifier);
      showLiveActivity(view, task);
      return view.element;
    });
    const shown = new Set(tasks.map((task) => task.identifier));
    for (const identifier of activityViews.keys()) if (!shown.has(identifier)) activityViews.delete(identifier);
    const container = $("#live-activities");
    const unchanged = elements.length === container.children.length
      && elements.every((element, index) => container.children[index] === element);
    if (!unchanged) container.replaceChildren(...elements);
  }

  function banner(notification) {
    const id = String(notification.id ?? `${notification.title}|${notification.body}`);
    const close = () => {
      dismissed.add(id);
      element.remove();
    };
    const element = h("article", { class: "banner", "data-testid": "banner" },
      h("header", {}, h("img", { src: "icon.svg", width: 16, height: 16, alt: "" }), "TheBackgrounder",
        h("button", { type: "button", class: "dismiss", "aria-label": "Dismiss", onclick: close }, "×")),
      h("strong", {}, notification.title ?? ""),
      notification.body ? h("div", {}, notification.body) : null,
      (notification.actions ?? []).length
        ? h("div", { class: "banner-actions" }, notification.actions.map((action) =>
          h("button", { type: "button", onclick: () => { close(); if (action.command) send(action.command); } }, action.title)))
        : null);
    return { id, element };
  }

  function update(status) {
    updateLiveActivities(status);
    const delivered = status.screens?.notifications?.delivered;
    const notifications = (Array.isArray(delivered) ? delivered : [])
      .filter((notification) => !notification.answered)
      .map((notification) => ({
        id: notification.id,
        title: notification.alertBody,
        actions: Array.isArray(notification.actions)
          ? notification.actions.map((action) => ({
            title: action.title, command: `notification answer ${notification.id} ${action.identifier}`,
          }))
          : [{ title: notification.action, command: `notification answer ${notification.id}` }],
      }));
    const banners = notifications.slice(-3).map(banner).filter(({ id }) => !dismissed.has(id));
    const bannerKey = banners.map(({ id }) => id).join("\n");
    if (bannerKey !== shownBanners) {
      shownBanners = bannerKey;
      $("#banners").replaceChildren(...banners.map(({ element }) => element));
    }
    // As on iOS, an alert the app caused in the background waits until the app is on screen.
    const onScreen = status.state === "active" || status.state === "inactive";
    const alert = onScreen && Array.isArray(status.alerts) ? status.alerts[0] : undefined;
    const alertKey = alert ? JSON.stringify(alert) : "";
    if (alertKey === shownAlert) return;
    shownAlert = alertKey;
    const layer = $("#alert-layer");
    layer.hidden = !alert;
    layer.replaceChildren();
    if (!alert) return;
    // The location prompt's Precise switch (iOS 14) is a button whose command flips it; it is
    // drawn as a switch above the answers, as iOS draws it over the map.
    const isSwitch = (choice) => (choice.command ?? "").startsWith("location precise ");
    const choices = alert.buttons ?? [];
    layer.append(h("div", { class: "alert", role: "alertdialog", "data-testid": "alert" },
      h("h2", {}, alert.title ?? ""),
      alert.message ? h("p", {}, alert.message) : null,
      choices.filter(isSwitch).map((choice) =>
        h("button", {
          type: "button", class: "alert-switch", role: "switch", "data-testid": "alert-switch",
          "aria-checked": choice.command.endsWith(" off") ? "true" : "false", onclick: () => send(choice.command),
        }, choice.title)),
      h("div", { class: "alert-buttons" }, choices.filter((choice) => !isSwitch(choice)).map((choice) =>
        h("button", { type: "button", onclick: () => choice.command && send(choice.command) }, choice.title)))));
  }

  return { update };
}
