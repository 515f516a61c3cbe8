export default defineBackground(() => {
  // Listeners are registered synchronously here; see lib/background.
});
