/*
 * Workflow requests: the embed script for portals (no dependencies).
 *
 *   <script src="https://forms.example.com/embed.js"></script>
 *   HumanInputForms.mount(element, { link, theme, lang, onEvent }) -> { destroy, setTheme }
 *   <human-input-form link="https://forms.example.com/form/…"></human-input-form>
 *
 * Events arrive as `onEvent(event)` and as DOM CustomEvents `human-input:<type>` (detail: the
 * event) on the element. Only messages from the frame's own window and the link's origin count.
 * Types: embed.d.ts beside this file.
 */
(function () {
  "use strict";
  if (window.HumanInputForms) return;

  var SOURCE = "dify-human-input";
  var TYPE = /^[a-z][a-z-]{0,31}$/;

  function checkTheme(theme) {
    if (theme !== "light" && theme !== "dark") {
      throw new TypeError('HumanInputForms: theme must be "light" or "dark"');
    }
    return theme;
  }

  function mount(element, options) {
    if (!element || typeof element.appendChild !== "function" || !options || !options.link) {
      throw new TypeError("HumanInputForms.mount(element, { link }) needs an element and a link");
    }
    var url = new URL(String(options.link), location.href);
    // NOTE: a javascript: or data: link would run in the portal's page or an opaque origin.
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new TypeError("HumanInputForms: the link must be an http(s) URL");
    }
    var origin = url.origin;
    var theme = options.theme == null ? null : checkTheme(options.theme);
    url.searchParams.set("embed", "1");
    if (options.lang) url.searchParams.set("lang", String(options.lang));
    if (theme) url.searchParams.set("theme", theme);

    var frame = document.createElement("iframe");
    frame.title = options.title || "Workflow request";
    frame.style.cssText = "display:block;width:100%;height:320px;border:0;background:transparent";
    frame.src = url.href;
    var live = true;

    function post(message) {
      if (live && frame.contentWindow) frame.contentWindow.postMessage(message, origin);
    }

    function onMessage(event) {
      var data = event.data;
      // Origin and window both: another frame of the same app (or a script of the portal's own
      // origin) cannot speak for this form.
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      if (!data || data.source !== SOURCE || typeof data.type !== "string") return;
      if (!TYPE.test(data.type)) return;
      if (data.type === "resize" && typeof data.height === "number" && data.height >= 0) {
        frame.style.height = Math.ceil(data.height) + "px";
      }
      // Each page of the run (the form opens the next one in place) says `ready` again.
      if (data.type === "ready" && theme) post({ type: "set-theme", theme: theme });
      if (typeof options.onEvent === "function") {
        try {
          options.onEvent(data);
        } catch (error) {
          // The portal's own callback failing must not stop the DOM event or later messages.
          setTimeout(function () {
            throw error;
          });
        }
      }
      element.dispatchEvent(
        new CustomEvent("human-input:" + data.type, { detail: data, bubbles: true }),
      );
    }

    window.addEventListener("message", onMessage);
    element.appendChild(frame);

    return {
      destroy: function () {
        if (!live) return;
        live = false;
        window.removeEventListener("message", onMessage);
        frame.remove();
      },
      setTheme: function (next) {
        theme = checkTheme(next);
        post({ type: "set-theme", theme: theme });
      },
    };
  }

  window.HumanInputForms = { mount: mount };

  if (!window.customElements || customElements.get("human-input-form")) return;

  // <human-input-form link="…" theme="dark" lang="ja">: mounts while in the document.
  class HumanInputFormElement extends HTMLElement {
    static get observedAttributes() {
      return ["link", "theme", "lang"];
    }
    connectedCallback() {
      if (!this.style.display) this.style.display = "block";
      this.remount();
    }
    disconnectedCallback() {
      this.unmount();
    }
    attributeChangedCallback(name, previous, value) {
      if (!this.isConnected || previous === value) return;
      if (name === "theme" && this.handle && value) this.handle.setTheme(value);
      else this.remount();
    }
    setTheme(theme) {
      this.setAttribute("theme", checkTheme(theme));
    }
    unmount() {
      if (this.handle) this.handle.destroy();
      this.handle = null;
    }
    remount() {
      this.unmount();
      var link = this.getAttribute("link");
      if (!link) return;
      this.handle = mount(this, {
        link: link,
        theme: this.getAttribute("theme") || undefined,
        lang: this.getAttribute("lang") || undefined,
        title: this.getAttribute("title") || undefined,
      });
    }
  }
  customElements.define("human-input-form", HumanInputFormElement);
})();
