// Every page (the page shell adds this module): register the service worker, which keeps
// only the static shell and shows the offline page when a page cannot be loaded
// (regency/server/pages/install.py), so the site can be installed on a phone.
if ("serviceWorker" in navigator && window.isSecureContext) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => { /* the site works without it */ });
  });
}
