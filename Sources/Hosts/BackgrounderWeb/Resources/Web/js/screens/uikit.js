// A UIKit-spelled app's screen, which the system publishes for it (`screens.uikit`): the key
// window's visible view controller, drawn plainly from its snapshot
//
//   { controller, title, views: [{ name, kind, … }], tabBar: { tabs, selectedIndex } | null,
//     alert: { style, title, message, actions } | null }
//
// Each view outlet is a row under its property's name: a label's text, a progress view's bar, an
// image view's box with the image's size and format, a button and whether it is selected. The
// tab bar the controller is in shows above them, and an alert over them as a sheet. Nothing here
// is tappable: the app's own code changes what it shows.
import { h, progress } from "../ui.js";

/** The row of one view outlet. */
function viewRow(view) {
  const row = h("div", { class: "uikit-view", "data-view": view.name, "data-kind": view.kind },
    h("span", { class: "uikit-name" }, view.name));
  switch (view.kind) {
    case "label":
      row.append(h("span", { class: "uikit-label", "data-testid": `uikit-${view.name}` }, view.text ?? ""));
      break;
    case "progress": {
      const bar = progress();
      bar.set(view.progress);
      bar.element.dataset.testid = `uikit-${view.name}`;
      row.append(h("div", { class: "uikit-bar" }, bar.element, h("span", {}, `${Math.round(view.progress * 100)}%`)));
      break;
    }
    case "image": {
      const image = view.image;
      row.append(h("div", { class: image ? "uikit-image" : "uikit-image empty", "data-testid": `uikit-${view.name}` },
        image ? `${image.width} × ${image.height} ${image.format.toUpperCase()}` : "no image"));
      break;
    }
    case "button":
      row.append(h("span", { class: "uikit-button", "aria-pressed": view.selected ? "true" : "false", "data-testid": `uikit-${view.name}` },
        view.selected ? "Selected" : "Not selected"));
      break;
  }
  return row;
}

/** The alert, or an action sheet from the bottom: title, message and the buttons' titles. */
function alertSheet(alert) {
  return h("div", { class: "uikit-alert-layer", "data-style": alert.style, "data-testid": "uikit-alert" },
    h("div", { class: "alert", role: "alertdialog" },
      alert.title ? h("h2", {}, alert.title) : null,
      alert.message ? h("p", {}, alert.message) : null,
      h("div", { class: "alert-buttons" }, alert.actions.map((title) => h("span", {}, title)))));
}

export default {
  name: "uikit",
  title: "Screen",
  /** The navigation bar's title: the controller's title, else its class. */
  titleOf: (snapshot) => snapshot?.title ?? snapshot?.controller,
  build(root) {
    root.classList.add("uikit-screen");
    return (snapshot) => {
      if (!snapshot) return root.replaceChildren(h("p", { class: "uikit-empty" }, "No screen yet"));
      const tabBar = snapshot.tabBar
        ? h("div", { class: "ios-segmented uikit-tabs", "data-testid": "uikit-tabs" },
          snapshot.tabBar.tabs.map((title, index) => h("span", { class: index === snapshot.tabBar.selectedIndex ? "selected" : null }, title)))
        : null;
      const views = snapshot.views.length > 0
        ? h("div", { class: "cells uikit-views" }, snapshot.views.map(viewRow))
        : h("p", { class: "uikit-empty" }, `${snapshot.controller} has no view outlets`);
      root.replaceChildren(...[tabBar, views, snapshot.alert ? alertSheet(snapshot.alert) : null].filter(Boolean));
    };
  },
};
