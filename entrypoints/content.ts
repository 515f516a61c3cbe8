export default defineContentScript({
  matches: ['https://www.linkedin.com/in/*'],
  main() {},
});
