// Runs once on every page (section 1): no service worker may linger from an older site on the
// same host, so any registered one is removed.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.getRegistrations().then((registrations) => {
    for (const registration of registrations) void registration.unregister();
  });
}
